import { headerNav } from "~/content/navigation";
import type { SiteConfig } from "~/content/site";
import { buttonClass, focusRing } from "~/components/ui/button";
import { ExternalLink } from "./external-link";
import { ExternalIcon, LogoMark } from "./icons";

export function HeaderBar({ site }: { site: SiteConfig }) {
  return (
    <>
      <a href="#main-content" className={`flex items-center gap-2 text-lg font-bold text-slate-900 ${focusRing}`}>
        <LogoMark className="h-8 w-8" />
        <span>{site.brandName}</span>
        <span className="sr-only">, back to top</span>
      </a>

      <nav aria-label="Main" className="hidden md:block">
        <ul className="flex items-center gap-1">
          {headerNav.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="hidden items-center gap-2 md:flex">
        <ExternalLink href={site.webAppUrl} className={buttonClass("secondary", "sm")}>
          Log In
        </ExternalLink>
        <a href="#demo" className={buttonClass("primary", "sm")}>
          See Live Demo
        </a>
      </div>
    </>
  );
}

/** Choosing a link closes the menu (see ./header). */
export function MobileMenuLinks({ site }: { site: SiteConfig }) {
  return (
    <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 pb-4 pt-2 sm:px-6">
      <ul className="flex flex-col">
        {headerNav.map((item) => (
          <li key={item.href}>
            <a
              href={item.href}
              className="flex min-h-11 items-center rounded-md px-3 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <a
          href={site.webAppUrl}
          target="_blank"
          rel="noopener noreferrer"

          className={buttonClass("secondary", "md")}
        >
          Log In
          <ExternalIcon className="h-4 w-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href="#demo" className={buttonClass("primary", "md")}>
          See Live Demo
        </a>
      </div>
    </nav>
  );
}
