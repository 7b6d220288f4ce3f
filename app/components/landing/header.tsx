// The phone menu is one native disclosure (<details>): its summary opens and closes it with or without JavaScript,
// from the first tap, and its state (not its name) changes. The DOM holds the state; scripts only add closing on
// Escape, an outside press, a chosen link or a wider window, and mirror the state in aria-expanded.
import { useEffect, useRef, useState } from "react";
import { headerNav } from "~/content/navigation";
import type { SiteConfig } from "~/content/site";
import { buttonClass, focusRing } from "~/components/ui/button";
import { ExternalLink } from "./external-link";
import { CloseIcon, ExternalIcon, LogoMark, MenuIcon } from "./icons";

const MENU_ID = "mobile-menu";
const toggleClass =
  "inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-300 text-slate-900 hover:border-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden";

export function Header({ site }: { site: SiteConfig }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  // Mirrors the element for aria-expanded; undefined until hydrated, where the browser exposes the state itself.
  const [expanded, setExpanded] = useState<boolean>();

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    // Opened before the scripts started: the element knows.
    setExpanded(menu.open);
    const close = () => {
      menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.open) {
        close();
        summaryRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.open && headerRef.current && !headerRef.current.contains(event.target as Node)) close();
    };
    const onResize = () => {
      if (window.matchMedia("(min-width: 768px)").matches) close();
    };
    // Choosing any link in the menu closes it.
    const onClick = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (link && document.getElementById(MENU_ID)?.contains(link)) close();
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
  }, []);

  return (
    <header
      ref={headerRef}
      id="site-header"
      className="sticky top-0 z-40 scroll-mt-0 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
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
        <details ref={menuRef} className="group md:hidden" onToggle={(event) => setExpanded(event.currentTarget.open)}>
          <summary ref={summaryRef} aria-controls={MENU_ID} aria-expanded={expanded} className={toggleClass}>
            <MenuIcon className="h-6 w-6 group-open:hidden" />
            <CloseIcon className="hidden h-6 w-6 group-open:block" />
            <span className="sr-only">Menu</span>
          </summary>
          <div
            id={MENU_ID}
            className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg md:hidden"
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
        </details>
      </div>
    </header>
  );
}
