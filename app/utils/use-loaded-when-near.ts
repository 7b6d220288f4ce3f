import { useEffect, useState } from "react";

const intentEvents = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * What `load` resolves to, once the visitor comes within a viewport of the element or interacts with the page at
 * all; undefined until then, and if it fails (offline), so the server's version of the part keeps doing its job.
 * Not React.lazy: React drops the server's HTML of a Suspense boundary that an update reaches before the boundary
 * hydrates, and the sections above these parts update as the visitor types and taps (ADR 0052).
 */
export function useLoadedWhenNear<T>(selector: string, load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T }>();
  useEffect(() => {
    let active = true;
    const start = () => {
      load().then(
        // Not in a transition: its render may yield to a tap between reading the server version's state (the open
        // question, the chosen time) and committing the swap, which would then undo the tap.
        (value) => active && setLoaded({ value }),
        (error: unknown) => console.warn("a part of the page did not load; the server's version stays", error),
      );
    };
    const element = document.querySelector(selector);
    if (!element || typeof IntersectionObserver === "undefined") {
      start();
      return () => void (active = false);
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reach(), {
      rootMargin: "100% 0px",
    });
    function stop() {
      observer.disconnect();
      for (const type of intentEvents) document.removeEventListener(type, reach, true);
    }
    function reach() {
      stop();
      start();
    }
    for (const type of intentEvents) document.addEventListener(type, reach, { capture: true, passive: true });
    observer.observe(element);
    return () => {
      active = false;
      stop();
    };
  }, [selector, load]);
  return loaded?.value;
}
