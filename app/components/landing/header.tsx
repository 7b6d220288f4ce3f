// Sticky header. Narrow screens get a menu that works before JavaScript loads and is upgraded after
// hydration into a disclosure button.
//
// Without JS the toggle is a link to #mobile-menu and the panel shows while it is the :target; choosing
// any section link changes the fragment, so the menu closes by itself, and the "Close menu" link targets
// the header (already in view, so nothing scrolls). The server render and the hydration pass produce that
// markup; the effect-driven re-render then swaps in a <button aria-expanded aria-controls> that Escape,
// an outside click or choosing a link closes, returning focus to the toggle on Escape. The links themselves are
// static islands (./header-links): only the toggle and the panel's state are hydrated.
import { useEffect, useRef, useState } from "react";
import type { SiteConfig } from "~/content/site";
import { useHydrated } from "~/utils/use-hydrated";
import { StaticHeaderBar, StaticMobileMenuLinks } from "~/deferred/landing-sections";
import { CloseIcon, MenuIcon } from "./icons";

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
    // The menu's links are static HTML (./header-links), so choosing one is seen here, not on the link.
    const onClick = (event: MouseEvent) => {
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

  const panelVisibility = hydrated ? (open ? "block" : "hidden") : "hidden target:block";

  return (
    <header
      ref={headerRef}
      id="site-header"
      className="group sticky top-0 z-40 scroll-mt-0 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <StaticHeaderBar site={site} />

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
        <StaticMobileMenuLinks site={site} />
      </div>
    </header>
  );
}
