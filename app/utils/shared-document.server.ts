/**
 * A request whose answer may be shared by every visitor: no cookie (no thank-you panel, toast, checkout or admin
 * state can reach the loaders) and no query string (no checkout step, billing choice or campaign parameter).
 * entry.server serves such a page publicly cacheable (ADR 0019); a loader must then return nothing per visitor.
 */
export function isAnonymousPageView(request: Request) {
  return request.method === "GET" && !request.headers.has("Cookie") && new URL(request.url).search === "";
}
