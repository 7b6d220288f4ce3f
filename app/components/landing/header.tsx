// Sticky header. Narrow screens get a menu that works before JavaScript loads and is upgraded after
// hydration into a disclosure button.
//
// Without JS the toggle is a link to #mobile-menu and the panel shows while it is the :target; choosing
// any section link changes the fragment, so the menu closes by itself, and the "Close menu" link targets
// the header (already in view, so nothing scrolls). The server render and the hydration pass produce that
// markup; the effect-driven re-render then swaps in a <button aria-expanded aria-controls> that Escape,
// an outside click or choosing a link closes, returning focus to the toggle on Escape.
import { useEffect, useRef, useState } from "react";
import { headerNav, type SiteConfig } from "~/content/site";
import { useHydrated } from "~/utils/use-hydrated";
import { buttonClass, focusRing } from "~/components/ui/button";
import { ExternalLink } from "./external-link";
import { CloseIcon, ExternalIcon, LogoMark, MenuIcon } from "./icons";

const MENU_ID = "mobile-menu";
const toggleClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 text-slate-900 hover:border-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:hidden";

export function Header({ site }: { site: SiteConfig }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // A visitor who opened the no-JS menu before hydration keeps it open.
  useEffect(() => {
    if (window.location.hash === `#${MENU_ID}`) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onResize = () => {
      if (window.matchMedia("(min-width: 768px)").matches) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("resize", onResize);
    };
  }, [open]);

  const close = () => setOpen(false);
  const panelVisibility = hydrated ? (open ? "block" : "hidden") : "hidden target:block";

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

        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className={toggleClass}
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
            <span className="sr-only">Menu</span>
          </button>
        ) : (
          <>
            <a href={`#${MENU_ID}`} className={`${toggleClass} group-has-[#mobile-menu:target]:hidden`}>
              <MenuIcon className="h-6 w-6" />
              <span className="sr-only">Open menu</span>
            </a>
            <a href="#site-header" className={`${toggleClass} hidden group-has-[#mobile-menu:target]:inline-flex`}>
              <CloseIcon className="h-6 w-6" />
              <span className="sr-only">Close menu</span>
            </a>
          </>
        )}
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
                  onClick={close}
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
              onClick={close}
              className={buttonClass("secondary", "md")}
            >
              Log In
              <ExternalIcon className="h-4 w-4" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href="#demo" onClick={close} className={buttonClass("primary", "md")}>
              See Live Demo
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
