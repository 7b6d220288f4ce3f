// The shared landing page is the same for every visitor (ADR 0019, 0020), so the browser reads the referrer; it is
// sent only with a form the visitor sends, and the server checks it like any other attribution field.

/** The referring site's host, read as the page's code starts: later steps inside the page change its URL. */
const landingReferrer = typeof document === "undefined" ? undefined : referrerHost();

function referrerHost(): string | undefined {
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    if (!from || from.host === location.host || location.search) return undefined;
    return from.hostname;
  } catch {
    // A malformed referrer only loses the attribution.
    return undefined;
  }
}

/** The server's attribution when the page carried it (it always has landing_path), else the browser's referrer. */
export function withBrowserAttribution(fields: Record<string, string>): Record<string, string> {
  if ("landing_path" in fields || !landingReferrer) return fields;
  return { ...fields, referrer_host: landingReferrer, landing_path: "/" };
}
