import { createHash } from "node:crypto";
import { getPublicEnv } from "~/utils/env.server";

/** A request whose answer may be shared by every visitor: no cookie and no query string can reach the loaders. */
export function isAnonymousPageView(request: Request) {
  return request.method === "GET" && !request.headers.has("Cookie") && new URL(request.url).search === "";
}

/** An ETag of a shared page's data (ADR 0037); pass `shareable` false for data the next request must read again. */
export function sharedPageHeaders(request: Request, data: unknown, shareable: boolean): Record<string, string> {
  if (!shareable || !isAnonymousPageView(request)) return {};
  // The root layout's data for such a request is the public settings alone.
  const tag = createHash("sha256").update(JSON.stringify([getPublicEnv(), data]));
  return { ETag: tag.digest("base64url") };
}
