import { setImmediate as yieldToRequests } from "node:timers/promises";
import type { RetentionPolicy } from "~/content/legal";
import type { Database } from "~/db/connection.server";
import {
  claimScheduledJob,
  deleteEndedCountersBefore,
  deleteFinishedMessagesBefore,
  deleteResolvedPaymentsBefore,
  deleteWebhookAttemptsBefore,
  recordScheduledJobOutcome,
  removeWithMessages,
  RETENTION_BATCH_SIZE,
  type Removed,
} from "~/models/privacy/retention.server";
import { getRetentionPolicy } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { forget, remember } from "~/utils/singleton.server";
import { now } from "~/utils/time/clock.server";

const JOB = "retention";
/** A run claims the next hour; every instance looks every quarter hour, so one of them runs it about hourly. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;
const LOOK_EVERY_MS = 15 * 60 * 1000;

/** The same moment `months` calendar months earlier (UTC), the day clamped to the shorter month's end. */
export function monthsBefore(at: Date, months: number): Date {
  const month = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const cutoff = new Date(at);
  cutoff.setUTCFullYear(at.getUTCFullYear(), month, Math.min(at.getUTCDate(), lastDay));
  return cutoff;
}

export function retentionCutoffs(policy: RetentionPolicy, at: Date) {
  return {
    leads: monthsBefore(at, policy.leadMonths),
    orders: monthsBefore(at, policy.orderYears * 12),
    logs: new Date(at.getTime() - policy.logDays * 24 * 60 * 60 * 1000),
    counters: at,
  };
}

type RetentionOutcome = {
  leads: number;
  orders: number;
  /** Outbox rows and webhook attempts: finished ones past the log days, and any about a deleted lead or order. */
  messages: number;
  /** Payments without an order, resolved by an admin, kept as long as orders (payment records). */
  resolvedPayments: number;
  counters: number;
};

/** Batch after batch until one comes back short; between batches, requests waiting on this process go first. */
async function drain(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await batch();
    total += count;
    if (count < RETENTION_BATCH_SIZE) return total;
    await yieldToRequests();
  }
}

async function drainWithMessages(batch: () => Promise<Removed>, outcome: RetentionOutcome): Promise<number> {
  return drain(async () => {
    const removed = await batch();
    outcome.messages += removed.messages;
    return removed.records;
  });
}

/** Runs the job if no instance has in the last hour; undefined when another instance had the turn. */
export async function applyRetentionIfDue(at: Date = now(), db?: Database): Promise<RetentionOutcome | undefined> {
  if (!(await claimScheduledJob(JOB, at, new Date(at.getTime() + RETENTION_EVERY_MS), db))) return undefined;
  const cutoffs = retentionCutoffs(getRetentionPolicy(), at);
  const outcome: RetentionOutcome = { leads: 0, orders: 0, messages: 0, resolvedPayments: 0, counters: 0 };
  outcome.messages += await drain(() => deleteFinishedMessagesBefore(cutoffs.logs, db));
  outcome.messages += await drain(() => deleteWebhookAttemptsBefore(cutoffs.logs, db));
  outcome.leads = await drainWithMessages(() => removeWithMessages("lead", cutoffs.leads, db), outcome);
  outcome.orders = await drainWithMessages(() => removeWithMessages("order", cutoffs.orders, db), outcome);
  outcome.resolvedPayments = await drain(() => deleteResolvedPaymentsBefore(cutoffs.orders, db));
  outcome.counters = await drain(() => deleteEndedCountersBefore(cutoffs.counters, db));
  await recordScheduledJobOutcome(JOB, now(), outcome, db);
  if (Object.values(outcome).some((count) => count > 0))
    logger.info("retention deleted what the policy no longer keeps", outcome);
  return outcome;
}

type RetentionSchedule = { stop: () => Promise<void> };

/** At start-up and every quarter hour after; timers are unref'd, a failed look is logged and tried at the next. */
export function startRetentionSchedule(): RetentionSchedule {
  return remember(JOB, () => {
    let stopped = false;
    let running: Promise<unknown> | undefined;
    const look = () => {
      if (stopped || running) return;
      running = applyRetentionIfDue()
        .catch((error: unknown) => logger.error("retention run failed; the next look tries again", { error }))
        .finally(() => (running = undefined));
    };
    const timer = setInterval(look, LOOK_EVERY_MS);
    timer.unref();
    look();
    return {
      async stop() {
        stopped = true;
        clearInterval(timer);
        await running;
      },
    };
  });
}

export async function stopRetentionSchedule() {
  await forget<RetentionSchedule>(JOB)?.stop();
}
