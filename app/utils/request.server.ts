import { resolveClientAddress } from "./client-address.server";
import { getEnv } from "./env.server";

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

async function readLimitedBytes(request: Request): Promise<ArrayBuffer> {
  const limit = getEnv().BODY_LIMIT_BYTES;
  const tooLarge = () => new RequestRejected(413, `Request body is too large (limit ${limit} bytes).`);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return new ArrayBuffer(0);

  // Count what actually arrives: Content-Length can be absent (chunked) or wrong.
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

// remix-validated-form turns field names into object paths ("a.b", "a[0]") and throws on malformed ones
// ("f[") and on prototype segments. Every form of ours uses plain names, so anything else is refused up
// front with a 400 instead of failing as a 5xx.
const plainFieldName = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const prototypeName = /^(__proto__|prototype|constructor)$/;

/** Form fields of a POST, read with the body-size limit. */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) {
    throw new RequestRejected(415, "Expected a form submission.");
  }
  const body = await readLimitedBytes(request);
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

/** A JSON body, read with the body-size limit; anything that is not JSON is refused. */
export async function readJson(request: Request): Promise<unknown> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new RequestRejected(415, "Content-Type must be application/json.");
  }
  const text = new TextDecoder().decode(await readLimitedBytes(request));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestRejected(400, "The request body is not valid JSON.");
  }
}

/** Refuses cross-site form posts: a browser always sends Origin on a POST, and ours must match. */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site") throw new RequestRejected(403, "Cross-site requests are not allowed.");
  if (!origin) return;
  const allowed = new Set([new URL(request.url).origin, new URL(getEnv().APP_URL).origin]);
  if (!allowed.has(origin)) throw new RequestRejected(403, "Cross-site requests are not allowed.");
}

/** The client's address (see client-address.server.ts for where it comes from and why). */
export function getClientAddress(request: Request): string | undefined {
  return resolveClientAddress(request, getEnv().TRUST_PROXY);
}

export function getRequestId(request: Request): string {
  const given = request.headers.get("X-Request-Id");
  return given && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}
