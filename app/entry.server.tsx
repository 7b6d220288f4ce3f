import { Writable } from "node:stream";
import { getRequestId } from "~/utils/http/request.server";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { closeDatabase } from "~/db/connection.server";
import { logger } from "~/utils/logger.server";
import { getEnv } from "~/utils/env.server";
import { isAnonymousPageView } from "~/utils/http/shared-document.server";
import { stopServerOutboxWorker } from "~/services/outbox/worker.server";
import {
  acceptsGzip,
  finishedPage,
  keptPage,
  matchesIfNoneMatch,
  pageTag,
  representationTag,
  type RenderedDocument,
} from "~/server/page-cache.server";
import { installFrontDoor } from "~/server/front-door.server";
import { applySecurityHeaders, documentContentSecurityPolicy } from "~/server/security-headers.server";
import { startServer } from "~/server/startup.server";
import { DocumentAssetsContext, type DocumentAssets } from "~/components/document/document-head";
import { publicPngDataUrl } from "~/utils/http/public-file.server";
import stylesheet from "~/tailwind.css?inline";

// remix-serve imports the build before it listens, so this runs (and can fail fast) before any traffic.
installFrontDoor();
await startServer();

const ABORT_DELAY = 5_000;

const documentAssets: DocumentAssets = { stylesheet, icon: publicPngDataUrl("/favicon.png") };

/** Never streamed: the CSP hashes the inline scripts, so headers wait for the whole document. ADR 0019. */
function renderWholeDocument(request: Request, statusCode: number, remixContext: EntryContext) {
  return new Promise<RenderedDocument>((resolve, reject) => {
    let status = statusCode;
    const { pipe, abort } = renderToPipeableStream(
      <DocumentAssetsContext.Provider value={documentAssets}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </DocumentAssetsContext.Provider>,
      {
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
          logger.error("render error", { requestId: getRequestId(request), error, url: request.url });
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

function documentResponse(body: Buffer<ArrayBuffer>, status: number, headers: Headers, csp: string) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Length", String(body.byteLength));
  applySecurityHeaders(headers, csp);
  return new Response(body, { headers, status });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  headers: Headers,
  remixContext: EntryContext,
) {
  const render = () => renderWholeDocument(request, responseStatusCode, remixContext);
  const renderPrivately = async () => {
    const { html, status } = await render();
    return documentResponse(Buffer.from(html), status, headers, documentContentSecurityPolicy(html));
  };
  // Caches keep one copy per encoding, and never answer a request carrying cookies with the anonymous copy.
  headers.append("Vary", "Accept-Encoding, Cookie");
  // Shared only when loaders tagged their data (sharedPageHeaders) and it is a plain GET: after a POST the
  // document includes the action's answer.
  const dataTag = headers.get("ETag");
  headers.delete("ETag");
  const shared =
    dataTag !== null && isAnonymousPageView(request) && responseStatusCode === 200 && !headers.has("Set-Cookie");
  if (!shared) {
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
    return renderPrivately();
  }

  const env = getEnv();
  const { pathname, search } = new URL(request.url);
  const tag = pageTag(remixContext.manifest.version, pathname + search, dataTag);
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  // Browsers revalidate every view; shared caches keep it and may serve stale while revalidating. ADR 0019.
  headers.set(
    "Cache-Control",
    `public, max-age=0, s-maxage=${env.PAGE_S_MAXAGE_SECONDS}, stale-while-revalidate=${env.PAGE_STALE_WHILE_REVALIDATE_SECONDS}`,
  );
  const candidates = [representationTag(tag, gzip), representationTag(tag, !gzip)];
  const ifNoneMatch = request.headers.get("If-None-Match");
  const held = candidates.find((etag) => matchesIfNoneMatch(ifNoneMatch, [etag]));
  if (held) {
    // Same data and build render the same page, so the client's copy is current without a render.
    headers.set("ETag", held);
    return new Response(null, { headers, status: 304 });
  }
  const page = await (env.PAGE_CACHE === "on" ? keptPage(tag, render) : finishedPage(render)).catch(
    (error: unknown) => {
      logger.warn("the page's render failed; rendering it once more for this request alone", {
        requestId: getRequestId(request),
        error,
      });
      return undefined;
    },
  );
  if (!page) {
    // A render that failed is this request's alone, and never shared.
    headers.set("Cache-Control", "private, no-store");
    return renderPrivately();
  }
  headers.set("ETag", representationTag(tag, gzip));
  // remix-serve's compression middleware passes an encoded body through as it is.
  if (gzip) headers.set("Content-Encoding", "gzip");
  return documentResponse(gzip ? page.gzip : page.body, 200, headers, page.csp);
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  // Single fetch's data answers belong to one page load and may carry a visitor's state: never shared.
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The router's own 4xx (a method a route does not take, a data request for no route) is the client's
  // error: below error level, so no one can raise error lines at will.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info("request refused by the router", {
      requestId: getRequestId(request),
      status: error.status,
      method: request.method,
      url: request.url,
    });
    return;
  }
  logger.error("unhandled error", {
    requestId: getRequestId(request),
    error,
    method: request.method,
    url: request.url,
  });
}

/** For scripts that load the build (db:migrate, admin:create). */
export async function shutdown() {
  await stopServerOutboxWorker();
  await closeDatabase();
}

// For scripts/admin-create.js, which loads the production build to reach the database the server uses.
export { createUser, setUserPassword, InvalidAdminInput } from "~/models/admin/user.server";
