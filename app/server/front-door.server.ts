import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { getEnv } from "~/utils/env.server";
import { REFUSED_ORIGIN_HEADER, requestIdFrom } from "~/utils/http/request.server";
import { logger } from "~/utils/logger.server";
import { httpRequestDuration, httpRequests, statusClass } from "~/utils/metrics.server";
import { isMetricsServer } from "~/server/metrics.server";
import { loadRoutePatterns, type RoutePatterns } from "~/server/route-pattern.server";
import { serverSpan } from "~/utils/tracing.server";
import { remember } from "~/utils/singleton.server";
import { PEER_ADDRESS_HEADER } from "~/utils/http/client-address.server";

// remix-serve has no middleware, and a request Remix cannot represent fails in the adapter as a 500: this sees every
// request first (ADR 0011), through the `http.server.request.start` diagnostics channel.

/** Everything the site serves; anything else is answered here, never by the adapter. */
export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;

/** How long a client still sending its body gets to read its answer, and how much more is read meanwhile. */
export const LINGER_MS = 2_000;
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;

const hostPattern = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

function isHostHeader(value: string): boolean {
  const match = hostPattern.exec(value);
  if (!match || (match[1] && Number(match[1]) > 65_535)) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

/** Remix's own CSRF check throws (a 500) on an Origin it cannot parse or that names another host. */
function remixAcceptsOrigin(origin: string, host: string | undefined): boolean {
  if (origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  return !originHost || originHost === host;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function arrivedOverHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (getEnv().TRUST_PROXY === 0) return false;
  const proto = firstHeader(req.headers["x-forwarded-proto"])?.split(",")[0]?.trim().toLowerCase();
  return proto === "https";
}

type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** Refuses what the adapter would choke on, and normalises the headers Remix reads. */
function screen(req: IncomingMessage): Refusal | undefined {
  const method = req.method ?? "";
  if (!(SERVED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, message: "Method not allowed.", headers: { Allow: SERVED_METHODS.join(", ") } };
  }
  const target = req.url ?? "";
  if (!target.startsWith("/")) return { status: 400, message: "Bad request target." };
  // Dot segments, "\" and dropped tabs turn "/%5C…" or "/%09//…" into "//…", a URL with no host that throws while
  // rendering. No page of ours starts with two slashes, in any spelling.
  let resolved: string;
  let legacyDataRequest: boolean;
  try {
    const url = new URL(`http://localhost${target}`);
    resolved = url.pathname;
    legacyDataRequest = url.searchParams.has("_data");
  } catch {
    return { status: 400, message: "Bad request target." };
  }
  // Single fetch asks for data at `.data` addresses; Remix reports an old `?_data=` request as an error, which would
  // let anyone raise error lines at will.
  if (legacyDataRequest) return { status: 400, message: "Data requests use single fetch's .data addresses." };
  const path = resolved
    .replace(/%5c/gi, "\\")
    .replace(/%2f/gi, "/")
    .replace(/%0[9ad]/gi, "");
  if (/^[/\\]{2}/.test(path)) return { status: 404, message: "Not found." };
  const host = firstHeader(req.headers.host);
  if (host !== undefined && !isHostHeader(host)) return { status: 400, message: "Bad Host header." };

  // The adapter reads a port from X-Forwarded-Host even when no proxy is trusted; only a trusted, valid one stays.
  const forwardedHost = firstHeader(req.headers["x-forwarded-host"])?.split(",")[0]?.trim();
  if (forwardedHost !== undefined && (getEnv().TRUST_PROXY === 0 || !isHostHeader(forwardedHost))) {
    delete req.headers["x-forwarded-host"];
  }

  // A foreign Origin is moved aside so our check answers 403, not Remix's 500. Always cleared, so no client plants it.
  delete req.headers[REFUSED_ORIGIN_HEADER];
  // remix-serve hands the app no socket, so the peer (for the rate limits) travels in a header.
  delete req.headers[PEER_ADDRESS_HEADER];
  if (req.socket.remoteAddress) req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress;
  const origin = firstHeader(req.headers.origin);
  const effectiveHost = firstHeader(req.headers["x-forwarded-host"])?.split(",")[0]?.trim() || host;
  // Not only POST: single fetch answers a HEAD for a `.data` address as an action, with the same Origin check.
  if (method !== "GET" && origin !== undefined && !remixAcceptsOrigin(origin, effectiveHost)) {
    req.headers[REFUSED_ORIGIN_HEADER] = origin;
    delete req.headers.origin;
  }
  return undefined;
}

/** Two years, subdomains included; the Security page promises exactly this. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** Set here only: the adapter appends the app's headers to these, so setting them in the app too sends them twice. */
function addBaselineHeaders(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  // HSTS over plain http is ignored at best and pins a wrong promise at worst; only https earns it.
  if (arrivedOverHttps(req) && getEnv().NODE_ENV === "production") {
    res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  }
}

/** Closing at once after an early answer (413, 405…) makes many clients drop it on the reset. */
function lingerAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  res.once("finish", () => {
    if (req.complete) return;
    let received = 0;
    const close = () => {
      clearTimeout(timer);
      req.socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    // Paused first: attaching a "data" listener would otherwise start reading the body this leaves unread.
    req.pause();
    req.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > LINGER_MAX_BYTES) close();
    });
    req.once("end", () => clearTimeout(timer));
    req.once("close", () => clearTimeout(timer));
  });
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal) {
  // Marked consumed, so Node does not read the whole body to keep the connection alive; the linger closes it instead.
  req.read(0);
  const body = JSON.stringify({ error: refusal.message });
  res.writeHead(refusal.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...refusal.headers,
  });
  res.end(body);
}

// remix-serve's morgan line cannot be turned off (ADR 48): it gets the route pattern as its URL, so no path's ids
// or query reach the log there either.
function logWhenFinished(
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  ids: { requestId: string; traceId?: string },
) {
  const started = performance.now();
  const bytesBefore = req.socket.bytesWritten;
  res.once("finish", () => {
    const route = routePatternOf(req.url ?? "/");
    const seconds = (performance.now() - started) / 1000;
    req.originalUrl = route;
    logger.info("request", {
      ...ids,
      method: req.method,
      route,
      status: res.statusCode,
      durationMs: Math.round(seconds * 10_000) / 10,
      bytes: req.socket.bytesWritten - bytesBefore,
    });
    // Only the methods served are label values; anything else was refused and counts as "other".
    const labels = { method: servedMethod(req.method), route, status: statusClass(res.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, seconds);
  });
}

const servedMethod = (method: string | undefined) =>
  (SERVED_METHODS as readonly (string | undefined)[]).includes(method) ? method! : "other";

let routePatterns: RoutePatterns | undefined;

function routePatternOf(target: string) {
  const pathname = target.split("?")[0];
  return routePatterns ? routePatterns(pathname) : "/*";
}

function guardServer(server: Server) {
  const listeners = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  for (const listener of listeners) {
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const requestId = requestIdFrom(firstHeader(req.headers["x-request-id"]));
      req.headers["x-request-id"] = requestId;
      res.setHeader("X-Request-Id", requestId);
      const span = serverSpan(servedMethod(req.method), req.headers);
      if (span) res.once("close", () => span.end(routePatternOf(req.url ?? "/"), res.statusCode));
      addBaselineHeaders(req, res);
      lingerAfterAnswer(req, res);
      logWhenFinished(req, res, span ? { requestId, traceId: span.traceId } : { requestId });
      const refusal = screen(req);
      if (refusal) return refuse(req, res, refusal);
      if (span) span.run(() => listener(req, res));
      else listener(req, res);
    });
  }
}

export function installFrontDoor() {
  remember("front door", () => {
    loadRoutePatterns().then(
      (patterns) => (routePatterns = patterns),
      (error: unknown) => logger.warn("route patterns unavailable; requests are logged as /*", { error }),
    );
    const guarded = new WeakSet<Server>();
    // Published right before the server's `request` event: the first request of a server wraps its listeners,
    // and that same request already goes through them.
    subscribe("http.server.request.start", (message) => {
      const { server } = message as { server: Server };
      if (guarded.has(server) || isMetricsServer(server)) return;
      guarded.add(server);
      guardServer(server);
    });
  });
}
