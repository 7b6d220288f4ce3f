import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { documentContentSecurityPolicy } from "~/server/security-headers.server";
import { perRequestIds } from "~/utils/per-request-id.server";
import { canGzipTemplates, deflatePart, gzipTemplate } from "~/server/gzip-template.server";
import { remember } from "~/utils/singleton.server";

/**
 * A cache of rendered documents (ADR 0005, ADR 0019). Rendering the 113 KB landing page with React costs ~10 ms
 * of CPU, ~50× what serving the finished bytes costs, while nearly every visitor gets the same page.
 *  - A page without per-request values (the anonymous landing page) is kept finished: its bytes, their gzip,
 *    their CSP (the hashes of its inline scripts) and strong ETags. Every response of it is those bytes, which is
 *    what lets a shared cache keep it (entry.server marks it public).
 *  - A page with ids minted by loaders with `perRequestId()` (the checkout dialog's attempt id, a toast's id:
 *    pages that depend on a cookie or the query, so private anyway) is kept as the parts between those ids; each
 *    response joins the parts with its own ids and gets the CSP hashes of its own scripts, so a hit is
 *    byte-identical to a fresh render of the same request.
 *
 * The key is everything the render reads: the URL and the serialized router state (loader data, action data,
 * errors) exactly as Remix sends it to the browser, with the per-request ids replaced by their slot names. A
 * loader that starts returning something new changes the key by itself; a random value that is not minted
 * through `perRequestId()` makes every key unique, which costs hits but can never serve one visitor's page to
 * another.
 */

export type RenderedDocument = { html: string; status: number };

/** A page without per-request ids: the same bytes for every request with its key, finished once. */
export type FixedDocument = {
  kind: "fixed";
  body: Buffer<ArrayBuffer>;
  gzip: Buffer<ArrayBuffer>;
  csp: string;
  etag: string;
  gzipEtag: string;
  /**
   * Brotli (quality 11) of `body`, only for a page served to every visitor (`brotli: true`): started once in
   * the background on the first such request, since quality 11 costs ~0.3–1 s of CPU for the landing page —
   * once per process, but not something a request should wait for, nor something odd URLs may trigger.
   * Until it is ready those requests get the gzip.
   */
  brotli?: Promise<void>;
  brotliBody?: Buffer<ArrayBuffer>;
  brotliEtag?: string;
};

/**
 * A page with per-request ids: `parts[i]` is followed by the value of slot `slots[i]` (the n-th id minted for
 * the response); `deflated[i]` is `parts[i]` compressed once, for gzip responses.
 */
type SlottedDocument = { kind: "slotted"; parts: Buffer[]; slots: number[]; deflated?: Buffer[] };

type Template = FixedDocument | SlottedDocument;

export type PageRequest = {
  request: Request;
  statusCode: number;
  context: EntryContext;
  loadContext: AppLoadContext | undefined;
};

/** A cached document's key, or undefined when this response must be rendered for this request alone. */
export function pageCacheKey({ request, statusCode, context, loadContext }: PageRequest): string | undefined {
  const { staticHandlerContext, serverHandoffString, isSpaMode } = context;
  if (request.method !== "GET" || statusCode !== 200 || isSpaMode) return undefined;
  if (staticHandlerContext.actionData || staticHandlerContext.errors || !serverHandoffString) return undefined;
  // Deferred data resolves after the state above was serialized, so it would not be part of the key.
  if (Object.keys(staticHandlerContext.activeDeferreds ?? {}).length > 0) return undefined;
  let state = serverHandoffString;
  // Slots are numbered in minting order. Two requests share a key only when their ids sit in the same slots of
  // the state, so a template's slot n always stands for the same value; a different order is another key.
  for (const [index, id] of perRequestIds(loadContext).entries()) {
    // Minted ids are UUIDs: they occur nowhere else, so a plain replace cannot touch other content.
    state = state.replaceAll(id, `\u0000slot-${index}\u0000`);
  }
  return JSON.stringify([request.url, state]);
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A strong validator for exactly these bytes: the same on every instance that renders the same page. */
export function strongEtag(bytes: Uint8Array) {
  return `"${createHash("sha256").update(bytes).digest("base64url")}"`;
}

function fixedDocument(html: string): FixedDocument {
  const body = Buffer.from(html);
  // Compressed once, whole: every response of this page is these very bytes.
  const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
  return {
    kind: "fixed",
    body,
    gzip,
    csp: documentContentSecurityPolicy(html),
    etag: strongEtag(body),
    gzipEtag: strongEtag(gzip),
  };
}

/** Splits a rendered document at every occurrence of its per-request ids (none: the document is fixed). */
export function toTemplate(html: string, values: string[]): Template {
  if (values.length === 0) return fixedDocument(html);
  const slotOf = new Map(values.map((value, index) => [value, index]));
  const pieces = html.split(new RegExp(`(${values.map(escapeRegExp).join("|")})`));
  const parts: Buffer[] = [];
  const slots: number[] = [];
  for (let index = 0; index < pieces.length; index += 2) {
    parts.push(Buffer.from(pieces[index]));
    if (index + 1 < pieces.length) slots.push(slotOf.get(pieces[index + 1])!);
  }
  return { kind: "slotted", parts, slots, deflated: canGzipTemplates ? parts.map(deflatePart) : undefined };
}

/**
 * A response's body and CSP. `etag` only for a fixed document: the same bytes for every request with its key
 * (a page with per-request ids is never shared, so it needs no validator).
 */
export type DocumentBody = {
  body: Uint8Array<ArrayBuffer>;
  encoding?: "gzip" | "br";
  csp: string;
  etag?: string;
};

const brotliCompress = promisify(zlib.brotliCompress);

/** Starts compressing a fixed document with Brotli at its best level, once; it is used once it is ready. */
function startBrotli(template: FixedDocument) {
  template.brotli ??= brotliCompress(template.body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: template.body.length,
    },
  }).then(
    (compressed) => {
      template.brotliBody = compressed as Buffer<ArrayBuffer>;
      template.brotliEtag = strongEtag(compressed);
    },
    // Gzip keeps serving; the failure is not the request's.
    () => undefined,
  );
  return template.brotli;
}

/** For tests: the background Brotli of a cached page, settled. */
export async function brotliReady(key: string) {
  const template = await pages.get(key)?.catch(() => undefined);
  if (template?.kind === "fixed") await template.brotli;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string) {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === etag);
}

/**
 * `fillTemplate`, with the fixed document's Brotli when `brotli` is asked for and ready (it starts it if not).
 * A client revalidating a copy of a fixed document that is still current and that it accepts gets that copy's
 * representation, so its If-None-Match matches: a copy taken as gzip before the Brotli was ready stays valid.
 */
export function encodedDocument(template: Template, values: string[], encodings: Encodings): DocumentBody {
  if (template.kind !== "fixed") return fillTemplate(template, values, encodings.gzip);
  if (encodings.brotli) void startBrotli(template);
  const accepted: DocumentBody[] = [];
  if (encodings.brotli && template.brotliBody) {
    accepted.push({ body: template.brotliBody, encoding: "br", csp: template.csp, etag: template.brotliEtag });
  }
  if (encodings.gzip)
    accepted.push({ body: template.gzip, encoding: "gzip", csp: template.csp, etag: template.gzipEtag });
  accepted.push({ body: template.body, csp: template.csp, etag: template.etag });
  return accepted.find(({ etag }) => matchesIfNoneMatch(encodings.ifNoneMatch, etag!)) ?? accepted[0];
}

/**
 * What the client accepts, as far as the cache's encodings go, and the validators of the copies it holds.
 * `brotli` only for a document every visitor shares (entry.server decides): its Brotli is made once per process,
 * so it must be a page few keys lead to.
 */
export type Encodings = { gzip: boolean; brotli?: boolean; ifNoneMatch?: string | null };

/** The template filled with one response's per-request ids (in minting order), gzip-encoded when accepted. */
export function fillTemplate(template: Template, values: string[], gzip = false): DocumentBody {
  if (template.kind === "fixed") {
    return gzip
      ? { body: template.gzip, encoding: "gzip", csp: template.csp, etag: template.gzipEtag }
      : { body: template.body, csp: template.csp, etag: template.etag };
  }
  const encoded = values.map((value) => Buffer.from(value));
  const chunks: Buffer[] = [];
  for (let index = 0; index < template.parts.length; index++) {
    chunks.push(template.parts[index]);
    if (index < template.slots.length) chunks.push(encoded[template.slots[index]]);
  }
  const identity = Buffer.concat(chunks);
  // The ids sit in the router state's script, so its hash is this response's own.
  const csp = documentContentSecurityPolicy(identity.toString("utf8"));
  if (gzip && template.deflated) {
    return {
      body: gzipTemplate(template.parts, template.deflated, template.slots, encoded),
      encoding: "gzip",
      csp,
    };
  }
  return { body: identity, csp };
}

/** Few distinct pages are cacheable (the landing page in a handful of states); bounded so odd URLs cannot grow it. */
const MAX_ENTRIES = 32;

const pages = remember("page cache", () => new Map<string, Promise<Template | undefined>>());

/**
 * The document for this request: from the cache, or rendered once by `render` (with this request's ids)
 * and cached when it rendered cleanly. Concurrent first requests for one key share a single render.
 */
export async function cachedDocument(
  key: string,
  page: PageRequest,
  render: () => Promise<RenderedDocument>,
  encodings: Encodings,
): Promise<DocumentBody & { status: number; fixed?: FixedDocument }> {
  const values = perRequestIds(page.loadContext);
  let entry = pages.get(key);
  if (entry) {
    // Map order is insertion order: moving a hit to the end makes eviction least-recently-used.
    pages.delete(key);
    pages.set(key, entry);
    const template = await entry.catch(() => undefined);
    if (template) return { ...encodedDocument(template, values, encodings), status: 200, fixed: fixedOf(template) };
  }
  let rendered: RenderedDocument | undefined;
  entry = render().then((result) => {
    rendered = result;
    // A document that rendered with an error (status 500) is served to this request only.
    return result.status === 200 ? toTemplate(result.html, values) : undefined;
  });
  pages.set(key, entry);
  if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
  const template = await entry.catch((error: unknown) => {
    if (pages.get(key) === entry) pages.delete(key);
    throw error;
  });
  if (!template) {
    if (pages.get(key) === entry) pages.delete(key);
    const { html, status } = rendered!;
    return { body: Buffer.from(html), status, csp: documentContentSecurityPolicy(html) };
  }
  return { ...encodedDocument(template, values, encodings), status: 200, fixed: fixedOf(template) };
}

const fixedOf = (template: Template) => (template.kind === "fixed" ? template : undefined);

/** For tests: forget every cached document. */
export function clearPageCache() {
  pages.clear();
}

/**
 * The same answer as `cachedDocument`, rendered for this request alone and kept nowhere (PAGE_CACHE=off).
 * Never Brotli: quality 11 per response would cost far more than the render.
 */
export async function renderedDocument(
  page: PageRequest,
  render: () => Promise<RenderedDocument>,
  { gzip }: { gzip: boolean },
): Promise<DocumentBody & { status: number }> {
  const { html, status } = await render();
  if (status !== 200) return { body: Buffer.from(html), status, csp: documentContentSecurityPolicy(html) };
  const values = perRequestIds(page.loadContext);
  return { ...fillTemplate(toTemplate(html, values), values, gzip), status };
}
