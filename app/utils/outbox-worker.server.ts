import { and, eq, lte, sql } from "drizzle-orm";
import { demoRequests, outbox, type OutboxRow } from "~/db/schema.server";
import { getDb, type Database } from "./db.server";
import { logger } from "./logger.server";
import { newLeadMail, sendMail } from "./mailer.server";

export type OutboxOptions = {
  /** Defaults to the app's connection; tests give each worker its own to prove SKIP LOCKED. */
  db?: Database;
  batchSize?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** How long a claimed row stays invisible to other workers while its mail is being sent. */
  leaseMs?: number;
};

const defaults = {
  batchSize: 10,
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60 * 1000,
  // 5 s doubling to the 1 h cap: 15 attempts span about nine hours of outage before giving up.
  maxAttempts: 15,
  leaseMs: 2 * 60 * 1000,
};

/** Exponential backoff after the n-th failed attempt (1-based), capped. */
export function retryDelayMs(
  attempt: number,
  baseDelayMs = defaults.baseDelayMs,
  maxDelayMs = defaults.maxDelayMs,
): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

const msFromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

class PermanentFailure extends Error {}

async function deliver(db: Database, message: OutboxRow) {
  if (message.kind !== "new-lead-email") throw new PermanentFailure(`unknown outbox kind "${message.kind}"`);
  const { demoRequestId } = message.payload as { demoRequestId?: string };
  const [lead] = demoRequestId ? await db.select().from(demoRequests).where(eq(demoRequests.id, demoRequestId)) : [];
  if (!lead) throw new PermanentFailure(`demo request ${demoRequestId} no longer exists`);
  await sendMail(newLeadMail(lead));
}

/**
 * Claims due messages and delivers them; returns how many were delivered. A short transaction locks
 * due rows with FOR UPDATE SKIP LOCKED and pushes their next attempt a lease into the future, so other
 * workers (other instances on the same PostgreSQL) skip them; the mail is sent after the commit, so no
 * transaction (and, on PGlite, no visitor's query) waits on the mail server. A worker that dies
 * mid-send leaves the row to be retried when its lease runs out.
 */
export async function processOutboxOnce(options: OutboxOptions = {}): Promise<number> {
  const settings = { ...defaults, ...options };
  const db = options.db ?? getDb();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(outbox.nextAttemptAt)
      .limit(settings.batchSize)
      .for("update", { skipLocked: true });
    for (const row of due) {
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: msFromNow(settings.leaseMs) })
        .where(eq(outbox.id, row.id));
    }
    return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });

  let delivered = 0;
  for (const message of claimed) {
    try {
      await deliver(db, message);
      await db
        .update(outbox)
        .set({ status: "delivered", deliveredAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, message.id));
      delivered += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentFailure || message.attempts >= settings.maxAttempts;
      const delay = retryDelayMs(message.attempts, settings.baseDelayMs, settings.maxDelayMs);
      await db
        .update(outbox)
        .set(giveUp ? { status: "failed", lastError: reason } : { lastError: reason, nextAttemptAt: msFromNow(delay) })
        .where(eq(outbox.id, message.id));
      (giveUp ? logger.error : logger.warn)(
        giveUp ? "outbox message failed for good" : "outbox delivery failed, will retry",
        {
          id: message.id,
          kind: message.kind,
          attempts: message.attempts,
          retryInMs: giveUp ? undefined : delay,
          error: reason,
        },
      );
    }
  }
  return delivered;
}

export type OutboxWorker = { stop: () => Promise<void>; wake: () => void };

/**
 * Polls the outbox in the background of the server process. Each round runs after the previous one
 * finished (no overlap), timers are unref'd so they never keep a script alive, and a failing round
 * (database down) is logged and retried on the next tick.
 */
export function startOutboxWorker(options: OutboxOptions & { pollIntervalMs?: number } = {}): OutboxWorker {
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const round = async () => {
    try {
      // Keep going while full batches come back, so a backlog drains without waiting a tick per batch.
      while (!stopped && (await processOutboxOnce(options)) >= (options.batchSize ?? defaults.batchSize));
    } catch (error) {
      logger.error("outbox round failed", { error });
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
        schedule(pollIntervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    wake() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const globalForWorker = globalThis as unknown as { __groundworkOutboxWorker?: OutboxWorker };

/** The server's own worker (one per process, dev rebuilds included). */
export function startServerOutboxWorker() {
  globalForWorker.__groundworkOutboxWorker ??= startOutboxWorker();
  return globalForWorker.__groundworkOutboxWorker;
}

export async function stopServerOutboxWorker() {
  const worker = globalForWorker.__groundworkOutboxWorker;
  globalForWorker.__groundworkOutboxWorker = undefined;
  await worker?.stop();
}
