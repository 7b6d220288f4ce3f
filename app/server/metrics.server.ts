import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { collectDefaultMetrics, Gauge } from "prom-client";
import { databasePoolState } from "~/db/connection.server";
import { outboxBacklog, type OutboxBacklog } from "~/models/outbox/messages.server";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { metricsRegistry } from "~/utils/metrics.server";
import { forget, recall, remember } from "~/utils/singleton.server";
import { now } from "~/utils/time/clock.server";

/** prom-client collects every gauge at once: gauges that show the same numbers share one read while it runs. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => (running ??= read().finally(() => (running = undefined)));
}

/** What is read at scrape time, from the database (ADR 0049). Registered once per process. */
export function registerDatabaseGauges() {
  remember("metrics read at scrape time", () => {
    const registers = [metricsRegistry];
    const backlog = sharedRead(() => outboxBacklog(now()));
    const poolState = sharedRead(databasePoolState);
    const backlogGauge = (name: string, help: string, value: (row: OutboxBacklog) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["kind"] as const,
        registers,
        async collect() {
          const rows = await backlog();
          this.reset();
          for (const row of rows) this.set({ kind: row.kind }, value(row));
        },
      });
    backlogGauge(
      "groundwork_outbox_pending_messages",
      "Outbox messages not yet delivered (due now or later), by kind.",
      (row) => row.pending,
    );
    backlogGauge(
      "groundwork_outbox_oldest_due_seconds",
      "How long the oldest outbox message already due has waited, by kind (0 when none is due).",
      (row) => row.oldestDueSeconds,
    );
    new Gauge({
      name: "groundwork_db_pool_connections",
      help: "This process's PostgreSQL connections by state (in_use, idle) and the pool's size (max).",
      labelNames: ["state"] as const,
      registers,
      async collect() {
        const state = await poolState();
        if (!state) return;
        this.set({ state: "in_use" }, state.inUse);
        this.set({ state: "idle" }, state.idle);
        this.set({ state: "max" }, state.size);
      },
    });
    new Gauge({
      name: "groundwork_db_lock_waits",
      help: "This process's PostgreSQL connections waiting on a lock.",
      registers,
      async collect() {
        const state = await poolState();
        if (state) this.set(state.waitingOnLocks);
      },
    });
    return true;
  });
}

function authorized(header: string | undefined, token: string | undefined) {
  if (!token) return true;
  const given = Buffer.from(header ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const METRICS_SERVER = "metrics server";

/** Is `server` the metrics listener? The front door leaves it alone: it is not the site. */
export function isMetricsServer(server: Server) {
  return recall<Server>(METRICS_SERVER) === server;
}

export function startMetricsServer(env: Env): Promise<void> {
  const port = env.METRICS_PORT;
  if (port === undefined || recall(METRICS_SERVER)) return Promise.resolve();
  registerDatabaseGauges();
  // Node's own (CPU, memory, event-loop lag, garbage collection): their observers cost every request a little, so
  // only a process whose metrics are scraped runs them.
  remember("default metrics", () => collectDefaultMetrics({ register: metricsRegistry }));
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: metrics are at /metrics.\n");
      return;
    }
    if (!authorized(req.headers.authorization, env.METRICS_TOKEN)) {
      res.writeHead(401, { "WWW-Authenticate": 'Bearer realm="metrics"' }).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        logger.error("metrics could not be collected", { error });
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics could not be collected.\n");
      },
    );
  });
  remember(METRICS_SERVER, () => server);
  return new Promise((resolve, reject) => {
    server.once("error", (error) => reject(new Error(`METRICS_PORT ${port} cannot be used: ${error.message}`)));
    server.listen(port, env.HOST, () => {
      logger.info("metrics served", { port, path: "/metrics", bearerToken: Boolean(env.METRICS_TOKEN) });
      resolve();
    });
  });
}

export async function stopMetricsServer() {
  const server = forget<Server>(METRICS_SERVER);
  if (server?.listening) await new Promise((resolve) => server.close(resolve));
}
