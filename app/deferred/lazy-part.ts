// The one way a part's code stays out of the page's scripts: a module fetched once, when the part is first needed
// (rendered from the start, neared, or used). See ./README.md.
import { useEffect, useSyncExternalStore } from "react";

export type LazyPart<T> = {
  /** Starts the fetch once; every call shares it, and after a failed fetch (offline) the next call tries again. */
  load(): Promise<T>;
  /** `load` ahead of need: a failure is only logged, since the page's own version keeps working and a use retries. */
  preload(): void;
  /** What `load` resolved to (on the server: `onServer`); undefined until then. */
  current(): T | undefined;
  subscribe(listener: () => void): () => void;
};

/** `onServer` is what the server renders with (a component from the seam, ./server-only.server); by default nothing. */
export function lazyPart<T>(importModule: () => Promise<T>, onServer?: T): LazyPart<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const part: LazyPart<T> = {
    load() {
      if (!loading) {
        const attempt = importModule();
        attempt.then(
          (value) => {
            loaded = value;
            for (const listener of listeners) listener();
          },
          () => {
            loading = undefined;
          },
        );
        loading = attempt;
      }
      return loading;
    },
    preload() {
      part
        .load()
        .catch((error: unknown) => console.warn("a part of the page did not load; its next use tries again", error));
    },
    current: () => (typeof document === "undefined" ? onServer : loaded),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return part;
}

const intentEvents = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** Runs `start` once the visitor comes within a viewport of the element or interacts with the page at all. */
function whenVisitorNears(selector: string, start: () => void): () => void {
  const element = document.querySelector(selector);
  if (!element || typeof IntersectionObserver === "undefined") {
    start();
    return () => {};
  }
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near(), {
    rootMargin: "100% 0px",
  });
  function stop() {
    observer.disconnect();
    for (const type of intentEvents) document.removeEventListener(type, near, true);
  }
  function near() {
    stop();
    start();
  }
  for (const type of intentEvents) document.addEventListener(type, near, { capture: true, passive: true });
  observer.observe(element);
  return stop;
}

/**
 * The part for a component: undefined until loaded, then a re-render with it. While hydrating it is what the
 * server had, so the first render matches the server's HTML. With `near`, loading starts when the visitor nears
 * that element; a part that fails to load leaves the server's version doing the job.
 */
export function useLazyPart<T>(part: LazyPart<T>, near?: string): T | undefined {
  const value = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => {
    if (near) return whenVisitorNears(near, () => part.preload());
  }, [part, near]);
  return value;
}
