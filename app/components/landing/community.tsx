import { communityCopy } from "~/content/community";
import type { SiteConfig } from "~/content/site";
import { buttonClass } from "~/components/ui/button";
import { ExternalLink } from "./external-link";
import { ExternalIcon } from "./icons";
import { BookIcon, ChatIcon, UsersIcon } from "./section-icons";

const perkIcons = [UsersIcon, BookIcon, ChatIcon];

export function Community({ site }: { site: SiteConfig }) {
  return (
    <section id="support" aria-labelledby="support-title" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Community &amp; support</p>
            <h2 id="support-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {communityCopy.title}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{communityCopy.lead}</p>
            <ExternalLink href={site.forumUrl} className={buttonClass("primary", "lg", "mt-8")}>
              Join the Community
              <ExternalIcon className="h-4 w-4" />
            </ExternalLink>
          </div>
          <ul className="grid gap-4">
            {communityCopy.perks.map((perk, index) => {
              const Icon = perkIcons[index % perkIcons.length];
              return (
                <li
                  key={perk.title}
                  className="grid grid-cols-[auto_1fr] content-start gap-x-4 rounded-2xl border border-slate-200 bg-slate-50 p-5"
                >
                  <Icon className="row-span-2 block h-11 w-11 rounded-lg bg-brand-700 p-2.5 text-white" />
                  <h3 className="font-bold text-slate-900">{perk.title}</h3>
                  <p className="mt-1 text-slate-700">{perk.description}</p>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="mt-16 rounded-3xl bg-brand-900 px-6 py-12 text-center sm:px-12">
          <h3 className="text-2xl font-bold text-white sm:text-3xl">{communityCopy.movementTitle}</h3>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{communityCopy.movementLead}</p>
          <ExternalLink href={site.forumUrl} className={buttonClass("inverse", "lg", "mt-8")}>
            Join the Movement
            <ExternalIcon className="h-4 w-4" />
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
