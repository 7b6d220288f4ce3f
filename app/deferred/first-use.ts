// Code loaded on first use: the tooltip's Radix half on the first hover or focus, the toaster's when the first
// toast shows, the demo form's schema when the form is first reached. See ./README.md.
import { useSyncExternalStore } from "react";

export type FirstUse<T> = {
  /**
   * Starts loading, once: every call shares the same fetch, and after a failed fetch (offline) the next call tries
   * again. The promise rejects when this attempt failed; ignoring it is fine (`void loader.load()`).
   */
  load(): Promise<T>;
  /** What `load` resolved to; undefined until then. */
  current(): T | undefined;
  subscribe(listener: () => void): () => void;
};

/** A module (or a value taken from it: a component, a validator) loaded the first time something asks for it. */
export function firstUse<T>(importModule: () => Promise<T>): FirstUse<T> {
  let loaded: T | undefined;
  // Kept once it has succeeded, so every later call gets the same value; dropped when it fails.
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();

  return {
    load() {
      if (!loading) {
        const attempt = importModule();
        attempt.then(
          (value) => {
            loaded = value;
            for (const listener of listeners) listener();
          },
          () => {
            loading = undefined; // the next use tries again
          },
        );
        loading = attempt;
      }
      return loading;
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * What `loader` has loaded, for a component: undefined until then, and always undefined on the server and while
 * hydrating (so the first render matches the server's HTML). The component re-renders when it arrives.
 */
export function useFirstUse<T>(loader: FirstUse<T>): T | undefined {
  return useSyncExternalStore(loader.subscribe, loader.current, () => undefined);
}
