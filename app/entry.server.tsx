import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { recordPeerAddresses } from "~/utils/client-address.server";
import { closeDatabase } from "~/db/connection.server";
import { logger } from "~/utils/logger.server";
import { getEnv } from "~/utils/env.server";
import { isAnonymousPageView } from "~/utils/shared-document.server";
import { stopServerOutboxWorker } from "~/services/outbox-worker.server";
import { acceptsGzip, prefersBrotli } from "~/server/gzip-template.server";
import {
  cachedDocument,
  matchesIfNoneMatch,
  pageCacheKey,
  renderedDocument,
  type FixedDocument,
  type RenderedDocument,
} from "~/server/page-cache.server";
import { installFrontDoor } from "~/server/front-door.server";
import { keepSharedPage, SHARED_PAGE_KEY_HEADER } from "~/server/shared-page.server";
import { sharedPageLimits } from "~/utils/shared-page-validity.server";
import { applySecurityHeaders, documentContentSecurityPolicy } from "~/server/security-headers.server";
import { startServer } from "~/server/startup.server";

// remix-serve imports the build before it listens, so this runs (and can fail fast) before any traffic.
installFrontDoor();
await startServer();
recordPeerAddresses();

const ABORT_DELAY = 5_000;

function documentElement(request: Request, remixContext: EntryContext) {
  return <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />;
}

/**
 * The whole document as one string. Documents are never streamed: the CSP names the hashes of the inline scripts
 * (ADR 0019), so the headers can only be sent once every script of the page is known.
 */
function renderWholeDocument(request: Request, statusCode: number, remixContext: EntryContext) {
  return new Promise<RenderedDocument>((resolve, reject) => {
    let status = statusCode;
    const { pipe, abort } = renderToPipeableStream(documentElement(request, remixContext), {
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

/** Whether a route on the page declares it the same for every anonymous visitor (`handle.sharedDocument`). */
function declaredShareable(remixContext: EntryContext) {
  return remixContext.staticHandlerContext.matches.some(
    (match) => (remixContext.routeModules[match.route.id]?.handle as { sharedDocument?: unknown })?.sharedDocument,
  );
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const env = getEnv();
  const page = { request, statusCode: responseStatusCode, context: remixContext, loadContext };
  const render = () => renderWholeDocument(request, responseStatusCode, remixContext);
  const acceptEncoding = request.headers.get("Accept-Encoding");
  const shareable = isAnonymousPageView(request) && declaredShareable(remixContext);
  // Brotli only for the page every anonymous visitor shares: it is compressed once, at quality 11, which is
  // worth it for one document but must not be something any URL or cookie can make the server do again.
  const encodings = {
    gzip: acceptsGzip(acceptEncoding),
    brotli: prefersBrotli(acceptEncoding) && shareable,
    ifNoneMatch: request.headers.get("If-None-Match"),
  };
  // A private page (no-store, e.g. a demo's manage link) is rendered per request: its data is one visitor's, and
  // caching it would push the landing page out of the small cache.
  const privateByRoute = /no-store/i.test(responseHeaders.get("Cache-Control") ?? "");
  const key = privateByRoute ? undefined : pageCacheKey(page);
  const document = key
    ? env.PAGE_CACHE === "on"
      ? await cachedDocument(key, page, render, encodings)
      : await renderedDocument(page, render, encodings)
    : await render().then(({ html, status }) => ({
        body: Buffer.from(html),
        status,
        csp: documentContentSecurityPolicy(html),
        encoding: undefined,
        etag: undefined,
      }));

  const headers = responseHeaders;
  headers.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(headers, document.csp);
  // Caches keep one copy per encoding, and never answer a request carrying cookies with the anonymous copy.
  headers.append("Vary", "Accept-Encoding, Cookie");
  const shared =
    document.etag !== undefined &&
    document.status === 200 &&
    shareable &&
    !headers.has("Set-Cookie") &&
    !headers.has("Cache-Control");
  if (shared) {
    // max-age=0: browsers revalidate every view (a 304 from the cache in front); shared caches keep it s-maxage
    // seconds and may answer from a stale copy while they revalidate it (ADR 0019).
    headers.set(
      "Cache-Control",
      `public, max-age=0, s-maxage=${env.PAGE_S_MAXAGE_SECONDS}, stale-while-revalidate=${env.PAGE_STALE_WHILE_REVALIDATE_SECONDS}`,
    );
    headers.set("ETag", document.etag!);
    // The front door answers the next such requests from this very document while its loaders' data holds.
    const sharedKey = request.headers.get(SHARED_PAGE_KEY_HEADER);
    const fixed = (document as { fixed?: FixedDocument }).fixed;
    if (sharedKey && fixed) keepSharedPage(sharedKey, fixed, headers, sharedPageLimits(loadContext));
    if (matchesIfNoneMatch(request.headers.get("If-None-Match"), document.etag!)) {
      headers.delete("Content-Type");
      return new Response(null, { headers, status: 304 });
    }
  } else if (!headers.has("Cache-Control")) {
    // It depends on a cookie, the query string or a form's answer: for this visitor only.
    headers.set("Cache-Control", "private, no-store");
  }
  headers.set("Content-Length", String(document.body.byteLength));
  if (document.encoding) headers.set("Content-Encoding", document.encoding);
  return new Response(document.body, { headers, status: document.status });
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
