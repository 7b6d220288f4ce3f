import { and, asc, desc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { demoBookings, demoRequests, outbox, type DemoBookingRow, type DemoRequestRow } from "~/db/schema.server";
import { getDb, rowFromDriver, rowsOf, type Database, type Transaction } from "~/db/connection.server";
import type { DemoInvitePayload, OutboxMessage } from "~/models/outbox.server";

export type DemoBooking = DemoBookingRow;
export type BookingWithLead = { booking: DemoBooking; lead: DemoRequestRow };

const demoInviteEmail: OutboxMessage["kind"] = "demo-invite-email";

/*
 * A count of this process's writes to demo bookings, for the cached availability (services/demo-picker, ADR 0024):
 * a copy read before the count moved is not used again. A write counts when it starts and again when it has
 * settled (committed or rolled back), so a read that ran while the transaction was still open, and saw the old
 * seats, is never taken for the state after it. Writes of other processes are not counted: the cached copy
 * expires after a short period instead, and the database decides every booking anyway.
 */
let bookingWrites = 0;

/** How many writes to demo bookings this process has started and settled (each counts twice). */
export function bookingWriteCount(): number {
  return bookingWrites;
}

/** Runs `write` (a transaction that may change who holds which seat), counted as above. */
export async function changingBookings<T>(write: () => Promise<T>): Promise<T> {
  bookingWrites += 1;
  try {
    return await write();
  } finally {
    bookingWrites += 1;
  }
}

/** Queues the visitor's calendar invite for this state of the booking, in the caller's transaction. */
export async function queueInvite(tx: Transaction, booking: DemoBooking, method: DemoInvitePayload["method"]) {
  const payload: DemoInvitePayload = { bookingId: booking.id, sequence: booking.sequence, method };
  await tx.insert(outbox).values({ kind: demoInviteEmail, payload });
}

/**
 * Takes a free seat of the slot for a lead, or answers undefined when every seat is held. The database decides:
 * one statement picks the lowest seat no live booking holds and inserts it; the unique partial index on
 * (slot_start, seat) WHERE status = 'booked' refuses a second live booking of a seat. A concurrent transaction
 * that took the same seat first makes this insert wait for it and then do nothing (ON CONFLICT); the statement
 * is then run again with a fresh snapshot, which sees that seat taken. Each such round sees at least one more
 * seat taken, so hosts + 1 rounds always end in a booking or "full". No check-then-insert in this code.
 */
export async function insertBookingSeat(
  tx: Transaction,
  slot: { demoRequestId: string; start: Date; end: Date; hosts: number },
): Promise<DemoBooking | undefined> {
  const start = slot.start.toISOString();
  for (let round = 0; round <= slot.hosts; round += 1) {
    const inserted = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        insert into ${demoBookings} (
          ${sql.identifier(demoBookings.id.name)}, ${sql.identifier(demoBookings.demoRequestId.name)},
          ${sql.identifier(demoBookings.slotStart.name)}, ${sql.identifier(demoBookings.slotEnd.name)},
          ${sql.identifier(demoBookings.seat.name)}
        )
        select ${crypto.randomUUID()}, ${slot.demoRequestId}, ${start}::timestamptz, ${slot.end.toISOString()}::timestamptz, s
        from generate_series(1, ${slot.hosts}::int) as s
        where not exists (
          select 1 from ${demoBookings} b
          where b.slot_start = ${start}::timestamptz and b.seat = s and b.status = 'booked'
        )
        order by s
        limit 1
        on conflict do nothing
        returning *`),
    );
    if (inserted[0]) return rowFromDriver<DemoBooking>(demoBookings, inserted[0]);
    // No row: either every seat was held when the statement looked (full), or the seat it chose was taken by a
    // transaction that committed meanwhile. Only another round can tell; it costs one statement.
    const [{ held }] = rowsOf<{ held: number | string }>(
      await tx.execute(sql`
        select count(*) as held from ${demoBookings}
        where ${demoBookings.slotStart} = ${start}::timestamptz and ${demoBookings.status} = 'booked'`),
    );
    if (Number(held) >= slot.hosts) return undefined;
  }
  return undefined;
}

/** Live bookings per slot start (ISO UTC) for slots starting in [from, to). */
export async function bookedCountsBetween(from: Date, to: Date, db: Database = getDb()): Promise<Map<string, number>> {
  const rows = await db
    .select({ slotStart: demoBookings.slotStart, count: sql<number | string>`count(*)` })
    .from(demoBookings)
    .where(and(eq(demoBookings.status, "booked"), gte(demoBookings.slotStart, from), lt(demoBookings.slotStart, to)))
    .groupBy(demoBookings.slotStart);
  return new Map(rows.map((row) => [row.slotStart.toISOString(), Number(row.count)]));
}

/** A booking (live or cancelled) with its lead, or undefined. */
export async function findBooking(id: string, db: Database = getDb()): Promise<BookingWithLead | undefined> {
  const [found] = await db
    .select({ booking: demoBookings, lead: demoRequests })
    .from(demoBookings)
    .innerJoin(demoRequests, eq(demoRequests.id, demoBookings.demoRequestId))
    .where(eq(demoBookings.id, id));
  return found;
}

/** The lead's live booking, if it has one (at most one: a unique partial index). */
export async function findLiveBookingOf(demoRequestId: string, db: Database | Transaction = getDb()) {
  const [booking] = await db
    .select()
    .from(demoBookings)
    .where(and(eq(demoBookings.demoRequestId, demoRequestId), eq(demoBookings.status, "booked")));
  return booking as DemoBooking | undefined;
}

/** A unique violation (SQLSTATE 23505), whether the driver's error or drizzle's wrapper of it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type RescheduleResult =
  | { status: "rescheduled"; booking: DemoBooking }
  | { status: "unchanged"; booking: DemoBooking }
  | { status: "slot-taken"; booking: DemoBooking }
  | { status: "cancelled"; booking: DemoBooking }
  | { status: "not-found" };

/**
 * Moves a live booking to another slot in one transaction, keeping its id (the invite's UID) and raising its
 * SEQUENCE; queues the updated invite (METHOD:REQUEST). The new seat is chosen by the same rule as a new booking,
 * in one UPDATE; the unique partial index refuses a seat another transaction took first, and that round is
 * undone to a savepoint and tried again. A cancelled booking stays cancelled: it cannot be moved. The caller
 * checks the new start against the availability rules first (checkSlotStart).
 */
export async function rescheduleBooking(
  id: string,
  newStart: Date,
  hosts: number,
  db: Database = getDb(),
): Promise<RescheduleResult> {
  return changingBookings(() => rescheduleInTransaction(id, newStart, hosts, db));
}

function rescheduleInTransaction(id: string, newStart: Date, hosts: number, db: Database): Promise<RescheduleResult> {
  return db.transaction(async (tx) => {
    // Locks the row: a concurrent cancel or reschedule of the same booking waits for this one.
    const [current] = await tx.select().from(demoBookings).where(eq(demoBookings.id, id)).for("update");
    if (!current) return { status: "not-found" };
    if (current.status !== "booked") return { status: "cancelled", booking: current };
    if (current.slotStart.getTime() === newStart.getTime()) return { status: "unchanged", booking: current };

    // The demo keeps its length: the new end is as far from the new start as the old one was.
    const start = newStart.toISOString();
    const end = new Date(newStart.getTime() + (current.slotEnd.getTime() - current.slotStart.getTime())).toISOString();
    for (let round = 0; round <= hosts; round += 1) {
      let moved: Record<string, unknown>[] = [];
      try {
        moved = await tx.transaction(async (savepoint) =>
          rowsOf<Record<string, unknown>>(
            await savepoint.execute(sql`
              update ${demoBookings}
              set ${sql.identifier(demoBookings.slotStart.name)} = ${start}::timestamptz,
                  ${sql.identifier(demoBookings.slotEnd.name)} = ${end}::timestamptz,
                  ${sql.identifier(demoBookings.seat.name)} = free.seat,
                  ${sql.identifier(demoBookings.sequence.name)} = ${demoBookings.sequence} + 1,
                  ${sql.identifier(demoBookings.updatedAt.name)} = now()
              from (
                select s as seat from generate_series(1, ${hosts}::int) as s
                where not exists (
                  select 1 from ${demoBookings} b
                  where b.slot_start = ${start}::timestamptz and b.seat = s and b.status = 'booked'
                )
                order by s
                limit 1
              ) as free
              where ${demoBookings.id} = ${id}
              returning ${demoBookings}.*`),
          ),
        );
      } catch (error) {
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      if (moved[0]) {
        const booking = rowFromDriver<DemoBooking>(demoBookings, moved[0]);
        await queueInvite(tx, booking, "REQUEST");
        return { status: "rescheduled", booking };
      }
      return { status: "slot-taken", booking: current };
    }
    return { status: "slot-taken", booking: current };
  });
}

export type CancelResult =
  | { status: "cancelled"; booking: DemoBooking }
  | { status: "already-cancelled"; booking: DemoBooking }
  | { status: "not-found" };

/** Cancels a live booking (its seat is free at once), raises its SEQUENCE and queues the METHOD:CANCEL invite. */
export async function cancelBooking(id: string, db: Database = getDb()): Promise<CancelResult> {
  return changingBookings(() => cancelInTransaction(id, db));
}

function cancelInTransaction(id: string, db: Database): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .update(demoBookings)
      .set({
        status: "cancelled",
        sequence: sql`${demoBookings.sequence} + 1`,
        cancelledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(demoBookings.id, id), eq(demoBookings.status, "booked")))
      .returning();
    if (booking) {
      await queueInvite(tx, booking, "CANCEL");
      return { status: "cancelled", booking };
    }
    const [existing] = await tx.select().from(demoBookings).where(eq(demoBookings.id, id));
    return existing ? { status: "already-cancelled", booking: existing } : { status: "not-found" };
  });
}

/** Live bookings that have not ended by `now`, soonest first, each with its lead (the admin agenda and feed). */
export async function listUpcomingBookings(now: Date, db: Database = getDb()): Promise<BookingWithLead[]> {
  return db
    .select({ booking: demoBookings, lead: demoRequests })
    .from(demoBookings)
    .innerJoin(demoRequests, eq(demoRequests.id, demoBookings.demoRequestId))
    .where(and(eq(demoBookings.status, "booked"), gt(demoBookings.slotEnd, now)))
    .orderBy(asc(demoBookings.slotStart), asc(demoBookings.seat));
}

/** The lead's most recent booking, live or cancelled (the sales e-mail names it, and says when it was cancelled). */
export async function findLatestBookingOf(demoRequestId: string, db: Database = getDb()) {
  const [booking] = await db
    .select()
    .from(demoBookings)
    .where(eq(demoBookings.demoRequestId, demoRequestId))
    .orderBy(desc(demoBookings.createdAt))
    .limit(1);
  return booking as DemoBooking | undefined;
}
