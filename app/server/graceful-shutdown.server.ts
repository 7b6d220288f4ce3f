import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { Server as HttpServer, type Server, type ServerResponse } from "node:http";
import { closeDatabaseForGood } from "~/db/connection.server";
import { quitRedis } from "~/db/redis-connection.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { stopServerOutboxWorker } from "~/services/outbox/worker.server";
import { stopRetentionSchedule } from "~/services/privacy/retention.server";
import { LISTENING_CHANNEL } from "~/server/startup-report.server";
import { stopMetricsServer } from "~/server/metrics.server";
import { stopTracing } from "~/utils/tracing.server";
import { remember } from "~/utils/singleton.server";

type Lifecycle = { inFlight: Set<ServerResponse>; servers: Set<Server>; shuttingDown: boolean };

function lifecycle(): Lifecycle {
  return remember("shutdown", () => ({ inFlight: new Set(), servers: new Set(), shuttingDown: false }));
}

/** True from the first SIGTERM/SIGINT on: /healthz then answers 503 so a load balancer stops sending traffic. */
export function isShuttingDown(): boolean {
  return lifecycle().shuttingDown;
}

// Each close step gets this long, so nothing keeps a stopping server alive past docker's SIGKILL.
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

async function close(what: string, closing: () => Promise<unknown>, failureLevel: "error" | "warn") {
  const outcome = await within(
    closing().then(
      () => "closed" as const,
      (error: unknown) => logger[failureLevel](`closing the ${what} failed`, { error }),
    ),
    CLOSE_TIMEOUT_MS,
  );
  if (outcome === "timed out") logger.warn(`the ${what} did not close in time`);
}

async function shutDown(signal: NodeJS.Signals) {
  const { inFlight, servers } = lifecycle();
  const env = getEnv();
  logger.info("shutting down", { signal, inFlight: inFlight.size, timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS });

  // For a server remix-serve did not close itself. Idle keep-alive connections go now, busy ones when done.
  setImmediate(() => {
    for (const server of servers) {
      if (server.listening) server.close();
      server.closeIdleConnections();
    }
  });

  // Its rows are leased, so an interrupted send is retried by the next process; retention resumes at its next turn.
  const worker = within(Promise.all([stopServerOutboxWorker(), stopRetentionSchedule()]), CLOSE_TIMEOUT_MS);
  const unfinished = await drainRequests(env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  if (unfinished > 0)
    logger.warn("requests still in flight at the shutdown deadline; closing them", { inFlight: unfinished });
  if ((await worker) === "timed out")
    logger.warn("the outbox worker or the retention job did not finish in time; both pick up where they stopped");
  for (const server of servers) server.closeAllConnections();
  await within(Promise.all([stopMetricsServer(), stopTracing()]), CLOSE_TIMEOUT_MS);

  // Side by side, so a Redis that does not answer adds nothing to the database's time.
  await Promise.all([close("database", closeDatabaseForGood, "error"), close("redis connection", quitRedis, "warn")]);
  logger.info("stopped", { signal });
  process.exit(0);
}

/** remix-serve only closes its listener: the database and the outbox worker would keep the process alive. */
export function installGracefulShutdown() {
  // Once per process, dev rebuilds included: its only caller runs inside startServer's remember("startup").
  const current = lifecycle();

  subscribe("http.server.request.start", (message) => {
    const { response, server } = message as { response: ServerResponse; server: Server };
    current.servers.add(server);
    current.inFlight.add(response);
    // "close" also fires when the client goes away before the answer is complete.
    response.once("close", () => current.inFlight.delete(response));
    // Keep-alive clients learn with this answer that the connection ends, instead of on their next request.
    if (current.shuttingDown) response.setHeader("Connection", "close");
  });

  // Only once listening: scripts that load the build (db:migrate) keep Node's default, so Ctrl-C mid-migration
  // fails the script instead of closing the database under it.
  const onListening = (message: unknown) => {
    if (!((message as { server?: unknown }).server instanceof HttpServer)) return;
    unsubscribe(LISTENING_CHANNEL, onListening);
    handleSignals(current);
  };
  subscribe(LISTENING_CHANNEL, onListening);
}

function handleSignals(current: Lifecycle) {
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
