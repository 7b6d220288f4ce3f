import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { canGzipTemplates, deflatePart, gzipTemplate } from "./gzip-template.server";

/**
 * A cache of rendered documents (ADR 0005). Rendering the 113 KB landing page with React costs ~10 ms of CPU,
 * ~50× what serving the finished bytes costs, while nearly every visitor gets the same page. Two kinds of
 * values differ between responses of the same page:
 *  - the CSP nonce (made by entry.server for each response), and
 *  - per-request ids minted by loaders with `perRequestId()` (the demo form's submission id, a toast's id).
 * A cached document is kept as the parts between those values; each response joins the parts with its own
 * values, so a hit is byte-identical to a fresh render of the same request.
 *
 * The key is everything the render reads: the URL, the streaming mode and the serialized router state
 * (loader data, action data, errors) exactly as Remix sends it to the browser, with the per-request ids
 * replaced by their slot names. A loader that starts returning something new changes the key by itself; a
 * random value that is not minted through `perRequestId()` makes every key unique, which costs hits but can
 * never serve one visitor's page to another.
 */

const tokensKey = Symbol.for("groundwork.perRequestIds");
type TokenHolder = { [tokensKey]?: string[] };

/**
 * A fresh random id for this one response. Loaders must mint their per-response ids here so the page cache
 * can tell them from the page's content; `context` is the request's load context (a fresh object per request).
 */
export function perRequestId(context: AppLoadContext | undefined): string {
  const id = crypto.randomUUID();
  if (context && typeof context === "object") ((context as TokenHolder)[tokensKey] ??= []).push(id);
  return id;
}

function perRequestIds(context: AppLoadContext | undefined): string[] {
  return (context as TokenHolder | undefined)?.[tokensKey] ?? [];
}

export type RenderedDocument = { html: string; status: number };

/**
 * A cached document: `parts[i]` is followed by the value of slot `slots[i]` (0 = nonce, n = n-th per-request id);
 * `deflated[i]` is `parts[i]` compressed once, for gzip responses.
 */
type Template = { parts: Buffer[]; slots: number[]; deflated?: Buffer[] };

export type PageRequest = {
  request: Request;
  statusCode: number;
  context: EntryContext;
  loadContext: AppLoadContext | undefined;
  streaming: boolean;
};

/** A cached document's key, or undefined when this response must be rendered for this request alone. */
export function pageCacheKey({
  request,
  statusCode,
  context,
  loadContext,
  streaming,
}: PageRequest): string | undefined {
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
    state = state.replaceAll(id, `\u0000slot-${index + 1}\u0000`);
  }
  return JSON.stringify([request.url, streaming, state]);
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Splits a rendered document at every occurrence of its per-request values. */
export function toTemplate(html: string, values: string[]): Template {
  const slotOf = new Map(values.map((value, index) => [value, index]));
  const pieces = html.split(new RegExp(`(${values.map(escapeRegExp).join("|")})`));
  const parts: Buffer[] = [];
  const slots: number[] = [];
  for (let index = 0; index < pieces.length; index += 2) {
    parts.push(Buffer.from(pieces[index]));
    if (index + 1 < pieces.length) slots.push(slotOf.get(pieces[index + 1])!);
  }
  return { parts, slots, deflated: canGzipTemplates ? parts.map(deflatePart) : undefined };
}

export type DocumentBody = { body: Uint8Array<ArrayBuffer>; encoding?: "gzip" };

/**
 * The template filled with one response's values (the nonce first, then the per-request ids in minting order),
 * gzip-encoded when the client accepts it.
 */
export function fillTemplate(template: Template, values: string[], gzip = false): DocumentBody {
  const encoded = values.map((value) => Buffer.from(value));
  if (gzip && template.deflated) {
    return { body: gzipTemplate(template.parts, template.deflated, template.slots, encoded), encoding: "gzip" };
  }
  const chunks: Buffer[] = [];
  for (let index = 0; index < template.parts.length; index++) {
    chunks.push(template.parts[index]);
    if (index < template.slots.length) chunks.push(encoded[template.slots[index]]);
  }
  return { body: Buffer.concat(chunks) };
}

/** Few distinct pages are cacheable (the landing page in a handful of states); bounded so odd URLs cannot grow it. */
const MAX_ENTRIES = 32;

const globalForPages = globalThis as unknown as { __groundworkPageCache?: Map<string, Promise<Template | undefined>> };
const pages = (globalForPages.__groundworkPageCache ??= new Map());

/**
 * The document for this request: from the cache, or rendered once by `render` (with this request's nonce and ids)
 * and cached when it rendered cleanly. Concurrent first requests for one key share a single render.
 */
export async function cachedDocument(
  key: string,
  page: PageRequest,
  nonce: string,
  render: () => Promise<RenderedDocument>,
  { gzip }: { gzip: boolean },
): Promise<DocumentBody & { status: number }> {
  const values = [nonce, ...perRequestIds(page.loadContext)];
  let entry = pages.get(key);
  if (entry) {
    // Map order is insertion order: moving a hit to the end makes eviction least-recently-used.
    pages.delete(key);
    pages.set(key, entry);
    const template = await entry.catch(() => undefined);
    if (template) return { ...fillTemplate(template, values, gzip), status: 200 };
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
    return { body: Buffer.from(rendered!.html), status: rendered!.status };
  }
  return { ...fillTemplate(template, values, gzip), status: 200 };
}

/** For tests: forget every cached document. */
export function clearPageCache() {
  pages.clear();
}
