// The shared landing page is the same for every visitor (ADR 0019, 0020), so its inline script reads the referrer;
// it is sent only with a form the visitor sends. Imported by lazily loaded form code only, never the first load.

declare global {
  interface Window {
    /** The referring site's host, set by the landing page's inline script when the page carried no attribution. */
    landingReferrer?: string;
  }
}

/** The server's attribution when the page carried it (it always has landing_path), else the browser's referrer. */
export function withBrowserAttribution(fields: Record<string, string>): Record<string, string> {
  if ("landing_path" in fields || typeof window === "undefined" || !window.landingReferrer) return fields;
  return { ...fields, referrer_host: window.landingReferrer, landing_path: "/" };
}
