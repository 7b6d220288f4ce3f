import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { documentContentSecurityPolicy } from "~/server/security-headers.server";
import { logger } from "~/utils/logger.server";
import { remember } from "~/utils/singleton.server";

// ADR 0037: the same build and data render the same bytes, so a page is kept per validator and 304s need no render.

export type RenderedDocument = { html: string; status: number };
export type KeptPage = { body: Buffer<ArrayBuffer>; gzip: Buffer<ArrayBuffer>; csp: string };

/** Few validators are current at once; bounded so nothing can grow it. */
const MAX_PAGES = 8;
const pages = remember("kept pages", () => new Map<string, Promise<KeptPage | undefined>>());

export function pageTag(buildVersion: string, path: string, dataTag: string) {
  return createHash("sha256")
    .update(buildVersion)
    .update("\0")
    .update(path)
    .update("\0")
    .update(dataTag)
    .digest("base64url");
}

/** The ETag of one representation of the page (each content coding is its own, RFC 9110 §8.8.3). */
export const representationTag = (tag: string, gzip: boolean) => `"${tag}${gzip ? "-gz" : ""}"`;

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | null, etags: string[]) {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || etags.includes(opaque(tag)));
}

export async function finishedPage(render: () => Promise<RenderedDocument>): Promise<KeptPage | undefined> {
  const { html, status } = await render();
  if (status !== 200) return undefined;
  const body = Buffer.from(html);
  return { body, gzip: zlib.gzipSync(body), csp: documentContentSecurityPolicy(html) };
}

/** Concurrent first requests share the render; a failed one is not kept, and the caller renders its own. */
export async function keptPage(tag: string, render: () => Promise<RenderedDocument>) {
  let page = pages.get(tag);
  if (page) {
    // Map order is insertion order: moving a hit to the end makes eviction least-recently-used.
    pages.delete(tag);
    pages.set(tag, page);
    return page;
  }
  // Tests count these.
  logger.debug("shared page rendered", { tag });
  page = finishedPage(render);
  pages.set(tag, page);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  const settled = await page.catch((error: unknown) => {
    logger.warn("the shared page's render failed; requests render their own until one succeeds", { tag, error });
    return undefined;
  });
  if (!settled && pages.get(tag) === page) pages.delete(tag);
  return settled;
}

/** RFC 9110 §12.5.3: gzip's own q (`x-gzip` counts), else that of `*`, else 0. */
export function acceptsGzip(header: string | null): boolean {
  let wildcard = 0;
  for (const entry of (header ?? "").split(",")) {
    const [name, ...params] = entry.split(";");
    const q = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    const quality = q === undefined ? 1 : Number(q.slice(2)) || 0;
    const coding = name.trim().toLowerCase();
    if (coding === "gzip" || coding === "x-gzip") return quality > 0;
    if (coding === "*") wildcard = quality;
  }
  return wildcard > 0;
}
