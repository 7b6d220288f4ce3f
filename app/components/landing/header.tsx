// Without JS the menu toggle is a link to #mobile-menu and the panel shows while it is the :target; after
// hydration the same links toggle state, since routed links no longer change :target. ADR 40.
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import { headerNav } from "~/content/navigation";
import type { SiteConfig } from "~/content/site";
import { buttonClass, focusRing } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { ExternalLink } from "./external-link";
import { CloseIcon, ExternalIcon, LogoMark, MenuIcon } from "./icons";

const MENU_ID = "mobile-menu";
const toggleClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 text-slate-900 hover:border-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:hidden";

export function Header({ site }: { site: SiteConfig }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLAnchorElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // A menu opened before hydration stays open, unless a tap since then (handled before this effect) closed it.
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current && window.location.hash === `#${MENU_ID}`) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        // Committed first: the toggle to focus is hidden while the menu is open.
        flushSync(() => setOpen(false));
        openRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onResize = () => {
      if (window.matchMedia("(min-width: 768px)").matches) setOpen(false);
    };
    // On the document: choosing any link in the menu closes it.
    const onClick = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (link && document.getElementById(MENU_ID)?.contains(link)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("click", onClick);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("click", onClick);
      window.removeEventListener("resize", onResize);
    };
  }, [open]);

  const toggle = (next: boolean) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    toggled.current = true;
    setOpen(next);
  };

  // Before hydration the fragment decides; after it, the state.
  const panelVisibility = hydrated ? (open ? "block" : "hidden") : "hidden target:block";
  const openVisibility = hydrated ? (open ? "hidden" : "") : "group-has-[#mobile-menu:target]:hidden";
  const closeVisibility = hydrated ? (open ? "" : "hidden") : "hidden group-has-[#mobile-menu:target]:inline-flex";
  const expanded = hydrated ? { "aria-expanded": open } : {};

  return (
    <header
      ref={headerRef}
      id="site-header"
      className="group sticky top-0 z-40 scroll-mt-0 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
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
        <a
          ref={openRef}
          href={`#${MENU_ID}`}
          aria-controls={MENU_ID}
          {...expanded}
          onClick={toggle(true)}
          className={`${toggleClass} ${openVisibility}`}
        >
          <MenuIcon className="h-6 w-6" />
          <span className="sr-only">Open menu</span>
        </a>
        <a
          href="#site-header"
          aria-controls={MENU_ID}
          {...expanded}
          onClick={toggle(false)}
          className={`${toggleClass} ${closeVisibility}`}
        >
          <CloseIcon className="h-6 w-6" />
          <span className="sr-only">Close menu</span>
        </a>
      </div>

      <div
        id={MENU_ID}
        className={`${panelVisibility} absolute inset-x-0 top-full scroll-mt-16 border-b border-slate-200 bg-white shadow-lg md:hidden`}
      >
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
            <ExternalLink href={site.webAppUrl} className={buttonClass("secondary", "md")}>
              Log In
              <ExternalIcon className="h-4 w-4" />
            </ExternalLink>
            <a href="#demo" className={buttonClass("primary", "md")}>
              See Live Demo
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
