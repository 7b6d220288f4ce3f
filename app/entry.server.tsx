import { Transform, Writable, type TransformCallback } from "node:stream";
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { recordPeerAddresses } from "~/utils/client-address.server";
import { closeDatabase } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { getEnv } from "~/utils/env.server";
import { NonceContext } from "~/utils/nonce";
import { stopServerOutboxWorker } from "~/utils/outbox-worker.server";
import { acceptsGzip } from "~/utils/gzip-template.server";
import { cachedDocument, pageCacheKey, type RenderedDocument } from "~/utils/page-cache.server";
import { installFrontDoor } from "~/utils/front-door.server";
import { applySecurityHeaders, createNonce } from "~/utils/security-headers.server";
import { startServer } from "~/utils/startup.server";

// remix-serve imports the build before it listens, so this runs (and can fail fast) before any traffic.
installFrontDoor();
await startServer();
recordPeerAddresses();

const ABORT_DELAY = 5_000;

/**
 * React writes the document in 2 KB pieces (about 50 for the landing page) and calls `flush()` when it has
 * written all it can for now. Every piece costs a trip through the web-stream adapter, compression and a socket
 * write, so the pieces are gathered and passed on as one chunk per flush: the same bytes at the same moments.
 */
class FlushBatchedBody extends Transform {
  private pending: Buffer[] = [];

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  flush() {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

function documentElement(request: Request, remixContext: EntryContext, nonce: string) {
  return (
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>
  );
}

function documentHeaders(responseHeaders: Headers, nonce: string) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(responseHeaders, nonce);
  return responseHeaders;
}

/** The whole document as one string (for the page cache), rendered exactly as the streamed one. */
function renderWholeDocument(request: Request, statusCode: number, remixContext: EntryContext, nonce: string) {
  return new Promise<RenderedDocument>((resolve, reject) => {
    let status = statusCode;
    const { pipe, abort } = renderToPipeableStream(documentElement(request, remixContext, nonce), {
      nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timer);
              resolve({ html: Buffer.concat(chunks).toString("utf8"), status });
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        logger.error("render error", { error, url: request.url });
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const nonce = createNonce();
  // Crawlers and no-JS visitors get the whole document at once; browsers get the shell streamed early.
  const streaming = !(isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode);

  const page = { request, statusCode: responseStatusCode, context: remixContext, loadContext, streaming };
  const key = getEnv().PAGE_CACHE === "on" ? pageCacheKey(page) : undefined;
  if (key) {
    const { body, status, encoding } = await cachedDocument(
      key,
      page,
      nonce,
      () => renderWholeDocument(request, responseStatusCode, remixContext, nonce),
      { gzip: acceptsGzip(request.headers.get("Accept-Encoding")) },
    );
    const headers = documentHeaders(responseHeaders, nonce);
    headers.set("Content-Length", String(body.byteLength));
    headers.append("Vary", "Accept-Encoding");
    if (encoding) headers.set("Content-Encoding", encoding);
    return new Response(body, { headers, status });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(documentElement(request, remixContext, nonce), {
      nonce,
      [streaming ? "onShellReady" : "onAllReady"]() {
        shellRendered = true;
        const body = new FlushBatchedBody();
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: documentHeaders(responseHeaders, nonce),
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error("render error", { error, url: request.url });
      },
    });
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error("unhandled error", { error, method: request.method, url: request.url });
}

/** Stops the outbox worker and closes the database; used by scripts that load the build (db:migrate, admin:create). */
export async function shutdown() {
  await stopServerOutboxWorker();
  await closeDatabase();
}

// For scripts/admin-create.js, which loads the production build to reach the database the server uses.
export { createUser, setUserPassword, InvalidAdminInput } from "~/models/user.server";
