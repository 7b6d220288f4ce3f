import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

// After hydration, same-page `#fragment` links go through Remix's router: browser-made entries all share
// `<ScrollRestoration>`'s "default" key, so it would scroll back to the wrong section. Without JS the browser copes.
export function SamePageLinks() {
  const navigate = useNavigate();

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download")
      )
        return;
      const url = new URL(link.href);
      const here = window.location;
      if (!url.hash || url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search)
        return;
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (!target) return;

      event.preventDefault();
      // Same address again replaces the entry, as the browser does; the search (billing, checkout step) is kept.
      navigate({ pathname: here.pathname, search: here.search, hash: url.hash }, { replace: url.hash === here.hash });
      focusLikeTheBrowser(target);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);

  return null;
}

// Keyboard users must continue inside the section, as after a browser-followed fragment: a script can only focus,
// so an unfocusable target gets `tabindex="-1"` (no outline, like the browser) until it blurs.
function focusLikeTheBrowser(target: HTMLElement) {
  if (target.hasAttribute("tabindex") || target.matches("a[href], button, input, select, textarea, summary")) {
    target.focus({ preventScroll: true });
    return;
  }
  target.setAttribute("tabindex", "-1");
  target.classList.add("outline-none");
  target.addEventListener(
    "blur",
    () => {
      target.removeAttribute("tabindex");
      target.classList.remove("outline-none");
    },
    { once: true },
  );
  target.focus({ preventScroll: true });
}
