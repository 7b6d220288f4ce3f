import { resolveClientAddress } from "~/utils/http/client-address.server";
import { getEnv } from "~/utils/env.server";

/** A request the server refuses before doing any work; routes turn it into JSON or a toast. */
export class RequestRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "RequestRejected";
  }
}

/**
 * Counts what arrives, since Content-Length can be absent or wrong. Not cancelled past the limit: a cancel resets
 * the socket and the client never sees the 413; the front door closes the connection instead.
 */
export async function readRawBody(request: Request, limit = getEnv().BODY_LIMIT_BYTES): Promise<Buffer<ArrayBuffer>> {
  const tooLarge = () => new RequestRejected(413, `Request body is too large (limit ${limit} bytes).`);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) {
    void discardRest(reader);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void discardRest(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

// Dropped past a limit so a client sending a little too much keeps its connection; beyond it the front door closes it.
const DISCARD_BYTES = 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let dropped = 0;
  try {
    while (dropped <= DISCARD_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
  } catch {
    // The connection was closed: nothing left to drop.
  }
}

// remix-validated-form throws on malformed paths and prototype segments; refusing them up front gives a 400, not a 5xx.
const plainFieldName = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const prototypeName = /^(__proto__|prototype|constructor)$/;

export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) {
    throw new RequestRejected(415, "Expected a form submission.");
  }
  const body = await readRawBody(request);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new RequestRejected(400, "The form data could not be read.");
  }
  for (const name of form.keys()) {
    if (!plainFieldName.test(name) || prototypeName.test(name)) {
      throw new RequestRejected(400, "The form contains a field name that is not allowed.");
    }
  }
  return form;
}

export async function readJson(request: Request): Promise<unknown> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new RequestRejected(415, "Content-Type must be application/json.");
  }
  const text = new TextDecoder().decode(await readRawBody(request));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestRejected(400, "The request body is not valid JSON.");
  }
}

/** The front door moves here an Origin Remix would turn into a 500, so it becomes a 403. Cleared on every request. */
export const REFUSED_ORIGIN_HEADER = "x-groundwork-refused-origin";

export const CROSS_SITE_MESSAGE =
  "This form was sent from another site or from a page without an origin, so it was not accepted. Reload this page and try again.";

/** Refuses cross-site form posts: a browser always sends Origin on a POST, and ours must match. */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("Origin") ?? request.headers.get(REFUSED_ORIGIN_HEADER);
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site") throw new RequestRejected(403, CROSS_SITE_MESSAGE);
  if (origin === null) return;
  const allowed = new Set([new URL(request.url).origin, new URL(getEnv().APP_URL).origin]);
  if (!allowed.has(origin)) throw new RequestRejected(403, CROSS_SITE_MESSAGE);
}

export function getClientAddress(request: Request): string | undefined {
  return resolveClientAddress(request, getEnv().TRUST_PROXY);
}

/** A proxy's `X-Request-Id` when it is a plain token, or a new one. */
export function requestIdFrom(given: string | null | undefined): string {
  return given && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}

/** The id the front door gave this request (its access line, its log lines, its response's `X-Request-Id`). */
export function getRequestId(request: Request): string {
  return requestIdFrom(request.headers.get("X-Request-Id"));
}

const MAX_ID_LENGTH = 64;

export const idOf = (value: FormDataEntryValue | string | null | undefined) =>
  typeof value === "string" && value !== "" && value.length <= MAX_ID_LENGTH ? value : undefined;

export function firstErrors<F extends string>(fieldErrors: Partial<Record<string, string[]>>, fields: readonly F[]) {
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}
