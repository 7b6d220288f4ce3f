import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Once the page has hydrated, links to a part of the page itself (`#pricing`, the skip link, …) navigate through
 * Remix's router instead of the browser.
 *
 * Why: the browser makes such a link a history entry without any state, and Remix's `<ScrollRestoration>` keys the
 * positions it saves and restores by the state's key; every entry the browser made has the same fallback key
 * ("default"). From the second section link on, the router "restored" the position saved under that key, i.e.
 * scrolled back to the previous section while the address changed, and Back/Forward restored wrong positions.
 * Through the router each entry gets its own key, the position is saved before anything moves, and
 * `<ScrollRestoration>` brings the target into view (smoothly: `scroll-behavior` in tailwind.css) or, on Back and
 * Forward, restores where the visitor was. Without JavaScript the browser does all this by itself.
 */
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
      // A fragment that names nothing is left to the browser (which then does not scroll either).
      if (!target) return;

      event.preventDefault();
      // The same address again replaces the entry, as the browser does; the search is kept (billing, checkout step).
      navigate({ pathname: here.pathname, search: here.search, hash: url.hash }, { replace: url.hash === here.hash });
      focusLikeTheBrowser(target);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);

  return null;
}

/**
 * Following a fragment, the browser focuses the target when it can take focus and otherwise moves the point where
 * Tab continues to it, so a keyboard user goes on inside the section. A script can only focus, so a target that
 * cannot take focus is made focusable (`tabindex="-1"`, no outline: the browser shows none either) until it loses
 * focus again.
 */
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
