// Pages that do not exist yet are plain text or disabled controls, never href="#" links that jump to the top.
import type { ComponentType, SVGProps } from "react";
import type { SiteConfig } from "~/content/site";
import { Tooltip } from "~/components/ui/tooltip";
import { FooterBrand, FooterCopyright } from "./footer-brand";
import { FooterColumns } from "./footer-columns";
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from "./icons";

const socials: { name: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { name: "Facebook", Icon: FacebookIcon },
  { name: "LinkedIn", Icon: LinkedInIcon },
  { name: "YouTube", Icon: YouTubeIcon },
  { name: "Instagram", Icon: InstagramIcon },
];

export function Footer({ site }: { site: SiteConfig }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div>
            <FooterBrand site={site} />
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

          <FooterColumns site={site} />
        </div>

        <div className="mt-12 border-t border-slate-700 pt-6 text-sm text-slate-400">
          <FooterCopyright site={site} />
        </div>
      </div>
    </footer>
  );
}
