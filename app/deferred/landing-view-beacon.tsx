import * as server from "~/deferred/server-only.server";

/**
 * The landing page's view beacon, after the page-scripts marker so the CSP allows its script by hash (ADR 0019).
 * Only the server renders it; the browser's copy is nothing, and the script removes what the server rendered
 * before hydration, so the two match. The server's part decides which documents carry it.
 */
export function LandingViewBeacon() {
  return typeof document === "undefined" ? <server.LandingViewTag /> : null;
}
