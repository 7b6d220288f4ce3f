import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during the server render and the hydration pass, true after: the switch for JS-only upgrades. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
