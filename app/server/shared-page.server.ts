import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { encodedDocument, matchesIfNoneMatch, type FixedDocument } from "~/server/page-cache.server";
import { acceptsGzip, prefersBrotli } from "~/server/gzip-template.server";
import { now } from "~/utils/clock.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { remember } from "~/utils/singleton.server";
import type { PageLimit } from "~/utils/shared-page-validity.server";

/*
 * The shared landing page answered before Remix (ADR 0024). The anonymous `GET /` (no cookie, no query) is the
 * same document for every visitor (ADR 0019), but Remix runs every loader before entry.server can even look the
 * page up in the page cache, and the 304 of a revalidation was decided after that too: both cost a full page's
 * work. So the front door answers such a request itself, 200 or 304, from the last document Remix rendered for
 * it, with that response's headers, while the limits its loaders recorded still hold (the free demo times'
 * snapshot is current, its first offered time has not passed the notice, AVAILABILITY_MAX_AGE_SECONDS at most).
 * Otherwise the request goes on to Remix as before, and entry.server keeps the fresh document here.
 */

/**
 * Set by the front door on a request it could have answered itself (never by a client: it is removed from every
 * request), so entry.server knows under which key to keep the document it renders for it.
 */
export const SHARED_PAGE_KEY_HEADER = "x-groundwork-shared-page";

type SharedPage = {
  document: FixedDocument;
  /** The response's headers, in the order Remix sends them, without the representation's own. */
  headers: [string, string][];
  limits: PageLimit[];
  until: number;
};

/** A handful of origins at most (the Host header is part of the key): bounded so odd Hosts cannot grow it. */
const MAX_ENTRIES = 8;

const pages = remember("shared pages", () => new Map<string, SharedPage>());

/**
 * The key of a request the front door may answer from a kept document, or undefined. Everything the document's URL
 * (and so Remix's render) is made of: the scheme, Host and the forwarded host and protocol the adapter may read.
 */
export function sharedPageKey(req: IncomingMessage): string | undefined {
  if (req.method !== "GET" || req.url !== "/" || req.headers.cookie !== undefined) return undefined;
  if (getEnv().PAGE_CACHE !== "on") return undefined;
  const { host, "x-forwarded-host": forwardedHost, "x-forwarded-proto": forwardedProto } = req.headers;
  return JSON.stringify([(req.socket as TLSSocket).encrypted === true, host, forwardedHost, forwardedProto]);
}

/** Keeps the document entry.server just sent for a request the front door marked, while `limits` hold. */
export function keepSharedPage(key: string, document: FixedDocument, headers: Headers, limits: PageLimit[]) {
  const kept: [string, string][] = [];
  for (const [name, value] of headers) {
    if (!["etag", "content-length", "content-encoding", "content-type"].includes(name)) kept.push([name, value]);
  }
  // At most one period old, whatever the loaders recorded: a loader added later without a limit of its own is
  // re-read at least that often.
  const until = Math.min(now().getTime() + getEnv().AVAILABILITY_MAX_AGE_SECONDS * 1000, ...limits.map((l) => l.until));
  pages.delete(key);
  pages.set(key, { document, headers: kept, limits, until });
  // Once per render of the shared page, not per request: how often Remix still renders it (tests count these).
  logger.debug("shared page kept", { etag: document.etag, validForMs: until - now().getTime() });
  if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
}

/** For tests and PAGE_CACHE changes: forget every kept page. */
export function forgetSharedPages() {
  pages.clear();
}

/** Only encodings the compression middleware would leave as they are: identity only to a client that asks for none. */
function identityUntouched(acceptEncoding: string | undefined) {
  return !acceptEncoding || /^\s*identity\s*$/i.test(acceptEncoding);
}

/**
 * Answers `req` from the kept document when it is still what Remix would render; false leaves the request to
 * Remix. Writes the access log line remix-serve's logger (morgan "tiny") would, since the request never reaches it.
 */
export function answerSharedPage(req: IncomingMessage, res: ServerResponse, key: string): boolean {
  const page = pages.get(key);
  if (!page) return false;
  if (now().getTime() >= page.until || !page.limits.every((limit) => limit.current())) {
    pages.delete(key);
    return false;
  }
  const acceptEncoding = req.headers["accept-encoding"] ?? null;
  const ifNoneMatch = req.headers["if-none-match"] ?? null;
  const chosen = encodedDocument(page.document, [], {
    gzip: acceptsGzip(acceptEncoding),
    brotli: prefersBrotli(acceptEncoding),
    ifNoneMatch,
  });
  const notModified = matchesIfNoneMatch(ifNoneMatch, chosen.etag!);
  if (!notModified && !chosen.encoding && !identityUntouched(acceptEncoding ?? undefined)) return false;

  const headers = new Headers(page.headers);
  headers.set("ETag", chosen.etag!);
  if (!notModified) {
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Content-Length", String(chosen.body.byteLength));
    if (chosen.encoding) headers.set("Content-Encoding", chosen.encoding);
  }
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const length = notModified ? "-" : String(chosen.body.byteLength);
    process.stdout.write(`GET ${req.url} ${notModified ? 304 : 200} ${length} - ${ms.toFixed(3)} ms\n`);
  });
  res.statusCode = notModified ? 304 : 200;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.end(notModified ? undefined : chosen.body);
  return true;
}
