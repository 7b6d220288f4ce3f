import { legalLinks, legalPageIds } from "~/content/legal-links";
import { footerNav } from "~/content/navigation";
import type { SiteConfig } from "~/content/site";
import { focusRing } from "~/components/ui/button";
import { ExternalLink } from "./external-link";
import { LockIcon, ShieldIcon } from "./section-icons";

const linkClass = `text-slate-300 hover:text-white ${focusRing} focus-visible:outline-white`;

function Placeholder({ children }: { children: string }) {
  return (
    <span className="text-slate-400">
      {children}
      <span className="sr-only"> (coming soon)</span>
    </span>
  );
}

export function FooterColumns({ site }: { site: SiteConfig }) {
  return (
    <>
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
    </>
  );
}
