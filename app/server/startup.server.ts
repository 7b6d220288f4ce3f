import { migrateDatabase, survivePostgresClosedSocketWrites } from "~/db/connection.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { bootstrapAdminFromEnv } from "~/models/admin/user.server";
import { startServerOutboxWorker } from "~/services/outbox/worker.server";
import { startRetentionSchedule } from "~/services/privacy/retention.server";
import { applyWebhookEnvironment, environmentEndpointProblem } from "~/services/webhooks/endpoints.server";
import { reportWhenListening } from "~/server/startup-report.server";
import { failStartup, waitForDatabase } from "~/db/readiness.server";
import { installGracefulShutdown } from "~/server/graceful-shutdown.server";
import { startMetricsServer } from "~/server/metrics.server";
import { startTracing } from "~/utils/tracing.server";
import { renderCheck } from "~/server/render-check.server";
import { remember } from "~/utils/singleton.server";

/** Fails fast, naming the variable, before taking traffic. Runs once per process, dev rebuilds included. */
export function startServer(): Promise<void> {
  return remember("startup", async () => {
    const env = getEnv();
    const renderProblem = renderCheck();
    if (renderProblem) failStartup(renderProblem);
    const webhookProblem = environmentEndpointProblem();
    if (webhookProblem) failStartup(webhookProblem);
    installGracefulShutdown();
    // Before the database connects: its statements are traced from the first.
    await startTracing(env);
    if (env.DATABASE_URL) survivePostgresClosedSocketWrites();
    await waitForDatabase();
    logger.info("applying migrations", { database: env.DATABASE_URL ? "postgres" : "pglite" });
    await migrateDatabase();
    logger.info("migrations applied");
    if ((await bootstrapAdminFromEnv(env)) === "created")
      logger.info("created the first admin from ADMIN_USERNAME", { username: env.ADMIN_USERNAME });
    await applyWebhookEnvironment();
    if (env.OUTBOX_WORKER === "on") startServerOutboxWorker();
    // What /privacy promises to delete, deleted: once across all instances.
    startRetentionSchedule();
    await startMetricsServer(env).catch((error: Error) => failStartup(error.message));
    // Not "ready" yet: remix-serve binds the port after this returns; the report says so once it has.
    reportWhenListening(env);
  });
}
