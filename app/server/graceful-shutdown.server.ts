import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { Server as HttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeDatabaseForGood } from "~/db/connection.server";
import { quitRedis } from "~/db/redis-connection.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { stopServerOutboxWorker } from "~/services/outbox/worker.server";
import { LISTENING_CHANNEL } from "~/server/startup-report.server";
import { remember } from "~/utils/singleton.server";

type RequestStart = { request: IncomingMessage; response: ServerResponse; server: Server };

type Lifecycle = { inFlight: Set<ServerResponse>; servers: Set<Server>; shuttingDown: boolean; installed: boolean };

function lifecycle(): Lifecycle {
  return remember("shutdown", () => ({
    inFlight: new Set(),
    servers: new Set(),
    shuttingDown: false,
    installed: false,
  }));
}

/** True from the first SIGTERM/SIGINT on: /healthz then answers 503 so a load balancer stops sending traffic. */
export function isShuttingDown(): boolean {
  return lifecycle().shuttingDown;
}

// Nothing may keep a stopping server alive past docker's SIGKILL (10 s after SIGTERM): the database close (with
// the rate limiter's Redis beside it) and the outbox worker's last round get this long each, after the requests in
// flight got SHUTDOWN_TIMEOUT_SECONDS.
const CLOSE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T | "timed out"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timed out">((resolve) => (timer = setTimeout(resolve, ms, "timed out")));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function drainRequests(deadlineMs: number) {
  const { inFlight } = lifecycle();
  const deadline = Date.now() + deadlineMs;
  while (inFlight.size > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inFlight.size;
}

async function shutDown(signal: NodeJS.Signals) {
  const { inFlight, servers } = lifecycle();
  const env = getEnv();
  logger.info("shutting down", { signal, inFlight: inFlight.size, timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS });

  // remix-serve closes its listener on the same signal; this covers a server that did not (another host
  // process), after remix-serve's own handler has run. Idle keep-alive connections go now, busy ones when done.
  setImmediate(() => {
    for (const server of servers) {
      if (server.listening) server.close();
      server.closeIdleConnections();
    }
  });

  // The worker finishes the mail it is sending (its rows are leased, so an interrupted send is retried by the
  // next process) while the requests in flight finish.
  const worker = within(stopServerOutboxWorker(), CLOSE_TIMEOUT_MS);
  const unfinished = await drainRequests(env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  if (unfinished > 0)
    logger.warn("requests still in flight at the shutdown deadline; closing them", { inFlight: unfinished });
  if ((await worker) === "timed out")
    logger.warn("the outbox worker did not finish its round in time; its rows are retried later");
  for (const server of servers) server.closeAllConnections();

  // Side by side, so a Redis that does not answer adds nothing to the database's time.
  const [closed, redisClosed] = await Promise.all([
    within(
      closeDatabaseForGood().then(
        () => "closed" as const,
        (error: unknown) => logger.error("closing the database failed", { error }),
      ),
      CLOSE_TIMEOUT_MS,
    ),
    within(
      quitRedis().then(
        () => "closed" as const,
        (error: unknown) => logger.warn("closing the redis connection failed", { error }),
      ),
      CLOSE_TIMEOUT_MS,
    ),
  ]);
  if (closed === "timed out") logger.warn("the database did not close in time");
  if (redisClosed === "timed out") logger.warn("the redis connection did not close in time");
  logger.info("stopped", { signal });
  process.exit(0);
}

/**
 * Makes SIGTERM and SIGINT end the process cleanly. remix-serve only closes its listener on them, and the
 * database pool (or PGlite) and the outbox worker would keep the process running — still sending mail and
 * holding the PGlite directory — until a SIGKILL. Requests are counted through Node's own HTTP diagnostics
 * channel, so no server code of remix-serve's needs changing. A second signal exits at once.
 */
export function installGracefulShutdown() {
  const current = lifecycle();
  // Once per process: dev rebuilds import this module again.
  if (current.installed) return;
  current.installed = true;

  subscribe("http.server.request.start", (message) => {
    const { response, server } = message as RequestStart;
    current.servers.add(server);
    current.inFlight.add(response);
    // "close" also fires when the client goes away before the answer is complete.
    response.once("close", () => current.inFlight.delete(response));
    // Keep-alive clients learn with this answer that the connection ends, instead of on their next request.
    if (current.shuttingDown) response.setHeader("Connection", "close");
  });

  // The signals are the server's to handle once it listens. Scripts that load the build (db:migrate,
  // admin:create) never listen, so Ctrl-C in the middle of a migration keeps Node's default: the script dies
  // with a failing status instead of closing the database under the migration and saying "stopped".
  const onListening = (message: unknown) => {
    if (!((message as { server?: unknown }).server instanceof HttpServer)) return;
    unsubscribe(LISTENING_CHANNEL, onListening);
    handleSignals(current);
  };
  subscribe(LISTENING_CHANNEL, onListening);
}

function handleSignals(current: ReturnType<typeof lifecycle>) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (current.shuttingDown) {
        logger.warn("second signal while shutting down; exiting now", { signal });
        process.exit(1);
      }
      current.shuttingDown = true;
      shutDown(signal).catch((error: unknown) => {
        logger.error("shutdown failed", { error });
        process.exit(1);
      });
    });
  }
}
