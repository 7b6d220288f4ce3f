// Where a visit to the shared landing page came from (issue #16, ADR 0020). That page is the same bytes for every
// visitor (ADR 0019), so the server cannot put the visit's referrer in it; the page's own inline script
// (app/deferred/landing-view-script.ts) reads `document.referrer` instead and keeps the outside site's host in this
// page's memory only: never stored, never sent except with a form the visitor sends. Imported by the forms' lazily
// loaded code only (the enhanced demo form, the checkout dialog), never by the first load.

declare global {
  interface Window {
    /** The referring site's host, set by the landing page's inline script when the page carried no attribution. */
    landingReferrer?: string;
  }
}

/**
 * The attribution fields a form sends: the server's when the page carried them (they always name the landing path),
 * else the referrer the browser saw, else none.
 */
export function withBrowserAttribution(fields: Record<string, string>): Record<string, string> {
  if ("landing_path" in fields || typeof window === "undefined" || !window.landingReferrer) return fields;
  return { ...fields, referrer_host: window.landingReferrer, landing_path: "/" };
}
