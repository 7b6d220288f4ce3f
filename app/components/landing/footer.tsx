// Pages that do not exist yet are plain text or disabled controls, never href="#" links that jump to the top.
import type { ComponentType, SVGProps } from "react";
import type { SiteConfig } from "~/content/site";
import { Tooltip } from "~/components/ui/tooltip";
import { copyrightYear, siteTagline } from "~/content/brand-copy";
import { legalLinks, legalPageIds } from "~/content/legal-links";
import { footerNav } from "~/content/navigation";
import { focusRing } from "~/components/ui/button";
import { ExternalLink } from "./external-link";
import { FacebookIcon, InstagramIcon, LinkedInIcon, LogoMark, YouTubeIcon } from "./icons";
import { LockIcon, ShieldIcon } from "./section-icons";

const socials: { name: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { name: "Facebook", Icon: FacebookIcon },
  { name: "LinkedIn", Icon: LinkedInIcon },
  { name: "YouTube", Icon: YouTubeIcon },
  { name: "Instagram", Icon: InstagramIcon },
];

const linkClass = `text-slate-300 hover:text-white ${focusRing} focus-visible:outline-white`;

function Placeholder({ children }: { children: string }) {
  return (
    <span className="text-slate-400">
      {children}
      <span className="sr-only"> (coming soon)</span>
    </span>
  );
}

export function Footer({ site }: { site: SiteConfig }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div>
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <LogoMark className="h-8 w-8" />
              {site.brandName}
            </p>
            <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-300">{siteTagline}</p>
            <ul className="mt-6 flex gap-2" aria-label="Social media (coming soon)">
              {socials.map(({ name, Icon }) => (
                <li key={name}>
                  <Tooltip content={`${name}: coming soon`}>
                    <button
                      type="button"
                      aria-disabled="true"
                      aria-label={`${name} (coming soon)`}
                      className="inline-flex h-10 w-10 cursor-not-allowed items-center justify-center rounded-full bg-slate-800 text-slate-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                    >
                      <Icon className="h-5 w-5" />
                    </button>
                  </Tooltip>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-labelledby="footer-product">
            <h2 id="footer-product" className="text-sm font-semibold uppercase tracking-wide text-white">
              Product
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {footerNav.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={linkClass}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="footer-support">
            <h2 id="footer-support" className="text-sm font-semibold uppercase tracking-wide text-white">
              Support
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <ExternalLink href={site.webAppUrl} className={linkClass}>
                  Help Center
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={site.forumUrl} className={linkClass}>
                  Community Forum
                </ExternalLink>
              </li>
              <li>
                <Placeholder>Live Chat</Placeholder>
              </li>
              <li>
                <Placeholder>Training Resources</Placeholder>
              </li>
            </ul>
          </nav>

          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Legal &amp; trust</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {legalPageIds.map((id) => (
                <li key={id}>
                  <a href={legalLinks[id].href} className={linkClass}>
                    {legalLinks[id].label}
                  </a>
                </li>
              ))}
            </ul>
            <ul className="mt-6 flex flex-wrap gap-2 text-xs font-semibold text-white" aria-label="Certifications">
              <li className="inline-flex items-center gap-1.5 rounded-md border border-slate-600 px-2.5 py-1.5">
                <ShieldIcon className="h-4 w-4 text-brand-100" />
                SOC 2 Type II
              </li>
              <li className="inline-flex items-center gap-1.5 rounded-md border border-slate-600 px-2.5 py-1.5">
                <LockIcon className="h-4 w-4 text-brand-100" />
                256-bit SSL
              </li>
            </ul>
          </div>
        </div>

        <div className="mt-12 border-t border-slate-700 pt-6 text-sm text-slate-400">
          <p>
            © {copyrightYear} {site.brandName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
