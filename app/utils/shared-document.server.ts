import { createHash } from "node:crypto";
import { getPublicEnv } from "~/utils/env.server";

/**
 * A request whose answer may be shared by every visitor: no cookie (no thank-you panel, toast, checkout or admin
 * state can reach the loaders) and no query string (no checkout step, billing choice or campaign parameter).
 */
export function isAnonymousPageView(request: Request) {
  return request.method === "GET" && !request.headers.has("Cookie") && new URL(request.url).search === "";
}

/**
 * A loader's headers for a page every visitor shares: a validator of the data it returns, which entry.server turns
 * into the page's ETag and its public caching (ADR 0037). Empty for any other request, or when `shareable` is false
 * (data that must be read again by the next request, such as a page rendered without its demo times).
 */
export function sharedPageHeaders(request: Request, data: unknown, shareable = true): Record<string, string> {
  if (!shareable || !isAnonymousPageView(request)) return {};
  // The root layout's data for such a request is the public settings alone, so they are part of the page's data too.
  const tag = createHash("sha256").update(JSON.stringify([getPublicEnv(), data]));
  return { ETag: tag.digest("base64url") };
}
