import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { outbox, type OutboxRow } from "~/db/schema.server";
import { getDb, instant, type Database } from "~/db/connection.server";
import { preparedPerHandle } from "~/db/prepared.server";

/**
 * A message in the `outbox` table. It is written in the same statement or transaction as the row it announces
 * (a new lead: `createDemoRequest`), so it exists exactly when that row does, and the worker delivers it later:
 * a mail outage never fails or slows the request that caused it.
 */
export type OutboxMessage =
  // `needsTime`: the visitor asked for a slot that was taken meanwhile; sales should find a time with them.
  | { kind: "new-lead-email"; payload: { demoRequestId: string; needsTime?: true } }
  // The calendar invite to the visitor for a booking at this SEQUENCE (REQUEST: booked or moved; CANCEL).
  | { kind: "demo-invite-email"; payload: DemoInvitePayload }
  // Sales' note that the visitor moved or cancelled the booking, queued once that version's invite went out.
  | { kind: "demo-change-email"; payload: DemoInvitePayload }
  // The visitor's reminder of this version of a booking, due (next_attempt_at) `minutesBefore` its start (ADR 0031).
  | { kind: "demo-reminder-email"; payload: DemoReminderPayload };

export type DemoInvitePayload = { bookingId: string; sequence: number; method: "REQUEST" | "CANCEL" };

export type DemoReminderPayload = { bookingId: string; sequence: number; minutesBefore: number };

/*
 * Due times, leases and retries are on the app's clock (utils/clock.server `now()`, passed in by the worker), so
 * every instance applies one rule and a test that freezes or moves the clock drives the outbox with it; a message
 * queued for "now" keeps the database's now() as its first due time. created_at and delivered_at stay the
 * database's bookkeeping.
 */

/** claimDueMessages' statement, built once per database handle; each call binds `now`, `batchSize` and `leaseUntil`. */
const claimStatement = preparedPerHandle((db: Database) => {
  const due = db.$with("due", {}).as(sql`
    select ${outbox.id} as id, ${outbox.nextAttemptAt} as due_at from ${outbox}
    where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= ${sql.placeholder("now")}::timestamptz
    order by ${outbox.nextAttemptAt}
    limit ${sql.placeholder("batchSize")}
    for update skip locked`);
  const claimed = db.$with("claimed", getTableColumns(outbox)).as(sql`
    update ${outbox}
    set ${sql.identifier(outbox.attempts.name)} = ${outbox.attempts} + 1,
      ${sql.identifier(outbox.nextAttemptAt.name)} = ${sql.placeholder("leaseUntil")}::timestamptz
    from due where ${outbox.id} = due.id
    returning ${outbox}.*, due.due_at`);
  return db
    .with(due, claimed)
    .select()
    .from(claimed)
    .orderBy(sql`due_at`)
    .prepare("outbox_claim");
});

/**
 * Claims up to `batchSize` messages due at `now` in ONE statement: it locks them with FOR UPDATE SKIP LOCKED and
 * pushes their next attempt `leaseMs` past `now`, so other workers (other instances on the same PostgreSQL) skip
 * them until the lease runs out. Returns them with their attempt counted, in the order they were due. One
 * statement instead of a transaction with an update per message (issue #22): every lead is claimed, and under
 * load the claims cost more round trips than the leads' own inserts.
 */
export async function claimDueMessages(
  options: { batchSize: number; leaseMs: number; now: Date },
  db: Database = getDb(),
): Promise<OutboxRow[]> {
  return claimStatement(db).execute({
    now: options.now.toISOString(),
    batchSize: options.batchSize,
    leaseUntil: new Date(options.now.getTime() + options.leaseMs).toISOString(),
  });
}

/**
 * Marks a message delivered. `followUps` are messages its delivery gives rise to (e.g. sales hear of a
 * reschedule once the visitor's update went out): written in the same transaction, so they exist exactly once.
 */
export async function markDelivered(id: string, db: Database = getDb(), followUps: OutboxMessage[] = []) {
  const done = (tx: Pick<Database, "update" | "insert">) =>
    tx
      .update(outbox)
      .set({ status: "delivered", deliveredAt: sql`now()`, lastError: null })
      .where(eq(outbox.id, id));
  if (followUps.length === 0) {
    await done(db);
    return;
  }
  await db.transaction(async (tx) => {
    await done(tx);
    await tx.insert(outbox).values(followUps.map((message) => ({ kind: message.kind, payload: message.payload })));
  });
}

/**
 * A still-pending `demo-invite-email` of the same booking with a lower SEQUENCE, if any: the later one waits for
 * it, so the visitor's calendar gets the booking's versions in order.
 */
export async function earlierPendingInvite(
  bookingId: string,
  sequence: number,
  db: Database = getDb(),
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, "demo-invite-email"),
        eq(outbox.status, "pending"),
        sql`${outbox.payload}->>'bookingId' = ${bookingId}`,
        sql`(${outbox.payload}->>'sequence')::int < ${sequence}`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * How long a message waits for an earlier one of its booking or record (an invite, a webhook) before it looks again:
 * short, the earlier one may go any moment.
 */
export const WAIT_FOR_EARLIER_MS = 3_000;

/** Puts a claimed message back until `until` (app clock) without counting the attempt (it was not tried). */
export async function postponeMessage(id: string, until: Date, db: Database = getDb()) {
  await db
    .update(outbox)
    .set({ attempts: sql`greatest(${outbox.attempts} - 1, 0)`, nextAttemptAt: instant(until) })
    .where(eq(outbox.id, id));
}

/** Records a failed attempt: retried at `retryAt` (app clock), or, without it, failed for good. */
export async function markAttemptFailed(id: string, reason: string, retryAt: Date | undefined, db: Database = getDb()) {
  await db
    .update(outbox)
    .set(
      retryAt === undefined
        ? { status: "failed", lastError: reason }
        : { lastError: reason, nextAttemptAt: instant(retryAt) },
    )
    .where(eq(outbox.id, id));
}

/** Removes a message that no longer has anything to say (a reminder of a booking moved, cancelled or deleted since). */
export async function deleteMessage(id: string, db: Database = getDb()) {
  await db.delete(outbox).where(eq(outbox.id, id));
}
