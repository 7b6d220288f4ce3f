import { ScrollRestoration as RemixScrollRestoration } from "@remix-run/react";
import * as server from "~/deferred/server-only.server";

/**
 * The document's scroll restoration. The server writes its own restoring script (./restore-scroll-script.ts); the
 * browser renders Remix's component, which saves and restores the positions from then on under the same storage key,
 * and whose script element hydrates over the server's (React keeps the server's text: `suppressHydrationWarning`).
 */
export function ScrollRestoration() {
  if (typeof document !== "undefined") return <RemixScrollRestoration />;
  return <server.RestoreScrollScript />;
}
