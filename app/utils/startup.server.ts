import { migrateDatabase, survivePostgresClosedSocketWrites } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { bootstrapAdminFromEnv } from "~/models/user.server";
import { startServerOutboxWorker } from "./outbox-worker.server";
import { reportWhenListening } from "./startup-report.server";
import { failStartup, waitForDatabase } from "./database-readiness.server";
import { installGracefulShutdown } from "./graceful-shutdown.server";
import { renderCheck, renderCheckMessage } from "./render-check.server";

const globalForStartup = globalThis as unknown as { __groundworkStartup?: Promise<void> };

/**
 * Everything that must be true before the server takes traffic: a valid environment (fail fast with a
 * message that names the variable) and a migrated database. Runs once per process, dev rebuilds included.
 */
export function startServer(): Promise<void> {
  globalForStartup.__groundworkStartup ??= (async () => {
    const env = getEnv();
    const rendering = renderCheck();
    if (!rendering.ok) failStartup(renderCheckMessage(rendering));
    installGracefulShutdown();
    if (env.DATABASE_URL) survivePostgresClosedSocketWrites();
    await waitForDatabase();
    logger.info("applying migrations", { database: env.DATABASE_URL ? "postgres" : "pglite" });
    await migrateDatabase();
    logger.info("migrations applied");
    if ((await bootstrapAdminFromEnv(env)) === "created")
      logger.info("created the first admin from ADMIN_USERNAME", { username: env.ADMIN_USERNAME });
    if (env.OUTBOX_WORKER === "on") startServerOutboxWorker();
    // Not "ready" yet: remix-serve binds the port after this returns; the report says so once it has.
    reportWhenListening(env);
  })();
  return globalForStartup.__groundworkStartup;
}
