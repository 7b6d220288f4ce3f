import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { demoBookings, outbox, type OutboxRow } from "~/db/schema.server";
import { getDb, instant, type Database } from "~/db/connection.server";
import { preparedPerHandle } from "~/db/prepared.server";
import { webhookDeliveryKind } from "~/models/webhooks/event.server";

/** Written with the row it announces and delivered later, so a mail outage never fails or slows the request. */
export type OutboxMessage =
  // `needsTime`: the visitor asked for a slot that was taken meanwhile; sales should find a time with them.
  | { kind: "new-lead-email"; payload: { demoRequestId: string; needsTime?: true } }
  | { kind: "demo-invite-email"; payload: DemoInvitePayload }
  // Sales hear the visitor moved or cancelled, once that version's invite went out.
  | { kind: "demo-change-email"; payload: DemoInvitePayload }
  // Due (next_attempt_at) `minutesBefore` this version's start (ADR 0031).
  | { kind: "demo-reminder-email"; payload: DemoReminderPayload };

export type DemoInvitePayload = { bookingId: string; sequence: number; method: "REQUEST" | "CANCEL" };

export type DemoReminderPayload = { bookingId: string; sequence: number; minutesBefore: number };

// Due times, leases and retries use the app's clock (passed in by the worker), so a test's clock drives the outbox;
// created_at and delivered_at are the database's bookkeeping.

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

/** One statement (SKIP LOCKED); the lease (`leaseMs` past `now`) makes other instances skip the claimed messages. */
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

/** `followUps` (messages the delivery gives rise to) are written in the same transaction, so exist exactly once. */
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

/** An earlier SEQUENCE's pending invite: the later one waits for it, so calendars get versions in order. */
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

/** How long a message waits for an earlier one of its booking or record: short, that one may go any moment. */
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

/**
 * E-mail jobs naming a lead or one of its bookings, and webhook deliveries carrying a copy of a lead or an order:
 * what retention and an erasure delete with them. One subquery per way a message names a record, joined with union
 * all: each is answered by its own expression index (migration 0013), where one `or` of them reads the whole outbox.
 */
export function messagesAbout(records: { leads?: SQL; orders?: SQL }): SQL {
  const ids = (condition: SQL) => sql`select ${sql.identifier(outbox.id.name)} from ${outbox} where ${condition}`;
  const copies = (kind: "lead" | "order", recordIds: SQL) =>
    ids(
      sql`${outbox.payload}->>'recordKey' in (select ${kind} || ':' || id from (${recordIds}) ids) and ${outbox.kind} = ${webhookDeliveryKind}`,
    );
  const branches: SQL[] = [];
  if (records.leads) {
    branches.push(
      ids(sql`${outbox.payload}->>'demoRequestId' in (${records.leads})`),
      ids(sql`${outbox.payload}->>'bookingId' in (select ${sql.identifier(demoBookings.id.name)} from ${demoBookings}
        where ${sql.identifier(demoBookings.demoRequestId.name)} in (${records.leads}))`),
      copies("lead", records.leads),
    );
  }
  if (records.orders) branches.push(copies("order", records.orders));
  return branches.length ? sql`${outbox.id} in (${sql.join(branches, sql` union all `)})` : sql`false`;
}

export type OutboxBacklog = { kind: string; pending: number; oldestDueSeconds: number };

/** Pending messages by kind, and how long the oldest one already due has waited (0 when none is due). */
export async function outboxBacklog(now: Date): Promise<OutboxBacklog[]> {
  const at = instant(now);
  return getDb()
    .select({
      kind: outbox.kind,
      pending: sql<number>`count(*)::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from ${at} - min(${outbox.nextAttemptAt}) filter (where ${outbox.nextAttemptAt} <= ${at})), 0)::float8`,
    })
    .from(outbox)
    .where(eq(outbox.status, "pending"))
    .groupBy(outbox.kind);
}
