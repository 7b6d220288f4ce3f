import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { getConnection, getDb } from "~/db/connection.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { PgliteDirectoryInUseError } from "~/db/pglite-lock.server";
import { forget, remember } from "~/utils/singleton.server";
import { withTimeout } from "~/utils/with-timeout";

/** How long /healthz waits for the database: a frozen database must read as down, not as a hung check. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

const noAnswerWithin = (ms: number) => () => new Error(`no answer within ${ms} ms`);

const PROBE = "database probe";

/** `select 1` within the timeout, else down. One probe at a time, so a frozen database does not fill the pool. */
export async function probeDatabase(): Promise<boolean> {
  const probe = remember(PROBE, () =>
    getDb()
      .execute(sql`select 1`)
      .finally(() => {
        // A block, not an arrow returning forget(): that returns this very promise, which would wait on itself.
        forget(PROBE);
      }),
  );
  try {
    await withTimeout(probe, HEALTH_PROBE_TIMEOUT_MS, noAnswerWithin(HEALTH_PROBE_TIMEOUT_MS));
    return true;
  } catch {
    return false;
  }
}

/** Ends start-up with a plain message: a thrown error's stack trace (via remix-serve) would bury what to do. */
export function failStartup(message: string): never {
  console.error(`\nThe server cannot start.\n${message}\n`);
  process.exit(1);
}

function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? "***" : "";
    return parsed.toString();
  } catch {
    return "(DATABASE_URL)";
  }
}

function reasonOf(error: unknown): string {
  // drizzle wraps the driver's error ("Failed query: …"); the driver's code and message say what is wrong.
  while (error instanceof Error && error.cause) error = error.cause;
  if (error && typeof error === "object") {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === "string" && typeof message === "string") return `${code}: ${message}`;
    if (typeof message === "string") return message;
  }
  return String(error);
}

/** Waits with backoff for a PostgreSQL starting after the app; a PGlite directory in use is refused at once. */
export async function waitForDatabase(): Promise<void> {
  const env = getEnv();
  try {
    getConnection();
  } catch (error) {
    if (error instanceof PgliteDirectoryInUseError) failStartup(error.message);
    throw error;
  }
  if (!env.DATABASE_URL) return;

  const target = describeDatabaseUrl(env.DATABASE_URL);
  const giveUpAt = Date.now() + env.DATABASE_WAIT_SECONDS * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      // connect_timeout bounds a refused or unroutable host; this bounds a server that accepts and never answers.
      await withTimeout(getDb().execute(sql`select 1`), 5_000, noAnswerWithin(5_000));
      if (attempt > 1) logger.info("database reachable", { database: target, attempts: attempt });
      return;
    } catch (error) {
      const reason = reasonOf(error);
      const delayMs = Math.min(5_000, 500 * 2 ** (attempt - 1));
      if (Date.now() + delayMs > giveUpAt) {
        failStartup(
          `PostgreSQL at ${target} did not answer within ${env.DATABASE_WAIT_SECONDS} s (${reason}).\n` +
            "Check DATABASE_URL (host, port, database name, user and password) and that PostgreSQL is running and " +
            "accepts connections from this host. DATABASE_WAIT_SECONDS sets how long start-up waits for it.",
        );
      }
      logger.warn("waiting for the database", {
        database: target,
        attempt,
        error: reason,
        retryInMs: delayMs,
        giveUpInSeconds: Math.round((giveUpAt - Date.now()) / 1000),
        check: "DATABASE_URL, and that PostgreSQL is running and reachable",
      });
      await sleep(delayMs);
    }
  }
}
