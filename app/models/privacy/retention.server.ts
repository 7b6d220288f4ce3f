import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, instant, rowsOf, type Database } from "~/db/connection.server";
import {
  demoRequests,
  orders,
  outbox,
  paymentsWithoutOrder,
  rateLimitCounters,
  scheduledJobs,
  webhookAttempts,
} from "~/db/schema.server";
import { messagesAbout } from "~/models/outbox/messages.server";

/** Rows removed by one statement: each is its own short transaction, so a backlog never holds locks for long. */
export const RETENTION_BATCH_SIZE = 1_000;

const id = (column: { name: string }) => sql.identifier(column.name);

/** Counts of what one statement removed: the records, their messages and their messages' attempts. */
export type Removed = { records: number; messages: number };

/**
 * Deletes up to a batch of leads (or orders) created before `before`, with everything copied from them: a lead's
 * bookings (by cascade), the e-mail jobs and webhook deliveries about them, and those deliveries' attempts.
 */
export async function removeWithMessages(
  record: "lead" | "order",
  before: Date,
  db: Database = getDb(),
): Promise<Removed> {
  const [row] = rowsOf<{ records: number; messages: number }>(
    await db.execute(removeWithMessagesStatement(record, before)),
  );
  return { records: Number(row?.records ?? 0), messages: Number(row?.messages ?? 0) };
}

/** removeWithMessages' one statement, not yet run (a test explains it). */
export function removeWithMessagesStatement(record: "lead" | "order", before: Date): SQL {
  const table = record === "lead" ? demoRequests : orders;
  const doomedIds = sql`select id from doomed`;
  return sql`
      with doomed as (select ${id(table.id)} as id from ${table} where ${id(table.createdAt)} < ${instant(before)}
      order by ${id(table.createdAt)} limit ${RETENTION_BATCH_SIZE} for update skip locked),
      messages as (
        delete from ${outbox} where ${messagesAbout(record === "lead" ? { leads: doomedIds } : { orders: doomedIds })}
        returning ${outbox.id} as id
      ),
      attempts as (
        delete from ${webhookAttempts} where ${id(webhookAttempts.deliveryId)} in (select id from messages) returning 1
      ),
      records as (delete from ${table} where ${id(table.id)} in (select id from doomed) returning 1)
      select (select count(*) from records)::int as records,
        (select count(*) from messages)::int + (select count(*) from attempts)::int as messages`;
}

async function deleteBatch(table: PgTable, key: PgColumn, condition: SQL, db: Database): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`with deleted as (
      delete from ${table} where ${id(key)} in (select ${id(key)} from ${table} where ${condition} limit ${RETENTION_BATCH_SIZE})
      returning 1)
    select count(*)::int as count from deleted`),
  );
  return Number(row?.count ?? 0);
}

/** Delivered or failed messages finished (or, when failed, queued) before `before`. */
export const deleteFinishedMessagesBefore = (before: Date, db: Database = getDb()) =>
  deleteBatch(
    outbox,
    outbox.id,
    sql`${id(outbox.status)} in ('delivered', 'failed')
      and coalesce(${id(outbox.deliveredAt)}, ${id(outbox.createdAt)}) < ${instant(before)}`,
    db,
  );

export const deleteWebhookAttemptsBefore = (before: Date, db: Database = getDb()) =>
  deleteBatch(webhookAttempts, webhookAttempts.id, sql`${id(webhookAttempts.attemptedAt)} < ${instant(before)}`, db);

/** Payments without an order that an admin marked resolved, received before `before`; open ones stay on the notice. */
export const deleteResolvedPaymentsBefore = (before: Date, db: Database = getDb()) =>
  deleteBatch(
    paymentsWithoutOrder,
    paymentsWithoutOrder.id,
    sql`${id(paymentsWithoutOrder.resolvedAt)} is not null and ${id(paymentsWithoutOrder.createdAt)} < ${instant(before)}`,
    db,
  );

export const deleteEndedCountersBefore = (before: Date, db: Database = getDb()) =>
  deleteBatch(rateLimitCounters, rateLimitCounters.key, sql`${id(rateLimitCounters.expire)} < ${instant(before)}`, db);

/**
 * Claims the job's turn when it is due at `at`, moving its next turn to `nextRunAt`. One atomic upsert: of several
 * instances claiming together, exactly one sees the row still due and gets it.
 */
export async function claimScheduledJob(
  name: string,
  at: Date,
  nextRunAt: Date,
  db: Database = getDb(),
): Promise<boolean> {
  const claimed = await db
    .insert(scheduledJobs)
    .values({ name, nextRunAt, lastStartedAt: at })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { nextRunAt, lastStartedAt: at },
      setWhere: sql`${scheduledJobs.nextRunAt} <= ${instant(at)}`,
    })
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

export async function recordScheduledJobOutcome(
  name: string,
  at: Date,
  outcome: Record<string, number>,
  db: Database = getDb(),
) {
  await db
    .update(scheduledJobs)
    .set({ lastFinishedAt: at, lastOutcome: outcome })
    .where(sql`${scheduledJobs.name} = ${name}`);
}
