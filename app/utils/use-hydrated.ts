import { useEffect, useState } from "react";

/**
 * False during the server render and while this component hydrates, true after: the switch for JS-only upgrades.
 * The switch is an ordinary update of this component once it has hydrated (not useSyncExternalStore's synchronous
 * one), and a part that hydrates late, inside a Suspense boundary, hydrates with the server's value too.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
