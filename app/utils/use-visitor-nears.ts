import { startTransition, useEffect, useState } from "react";

const intentEvents = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * True once the visitor comes within a viewport of the element, or interacts with the page at all: when a part
 * worth loading (with React.lazy) is about to be needed. Set in a transition, so a Suspense boundary above the
 * part keeps showing what the server rendered until the part's code is here.
 */
export function useVisitorNears(selector: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const start = () => startTransition(() => setNear(true));
    const element = document.querySelector(selector);
    if (!element || typeof IntersectionObserver === "undefined") {
      start();
      return;
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
    return stop;
  }, [selector]);
  return near;
}
