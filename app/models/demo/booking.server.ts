import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { currentTraceparent } from "~/utils/tracing.server";
import {
  demoBookings,
  demoHosts,
  demoHostTimeOff,
  demoRequests,
  outbox,
  type DemoBookingRow,
  type DemoHostRow,
  type DemoRequestRow,
} from "~/db/schema.server";
import { getDb, instant, rowFromDriver, rowsOf, type Database, type Transaction } from "~/db/connection.server";
import type { DemoInvitePayload, DemoReminderPayload, OutboxMessage } from "~/models/outbox/messages.server";
import { bookingEvent, newWebhookEventId, queueWebhookEvents, storedLeadCreated } from "~/models/webhooks/event.server";
import { now } from "~/utils/time/clock.server";
import type { RoutingTrace } from "~/schemas/demo-routing";
import { getBookingSettings } from "~/utils/env.server";

export type DemoBooking = DemoBookingRow;
/** A booking with its lead and its host (null only for a booking made before hosts that no seeded host took). */
export type BookingWithLead = { booking: DemoBooking; lead: DemoRequestRow; host: DemoHostRow | null };

const demoInviteEmail: OutboxMessage["kind"] = "demo-invite-email";
const demoReminderEmail: OutboxMessage["kind"] = "demo-reminder-email";

// Invalidates the cached availability (ADR 0024). A write counts when it starts and when it settles, so a read
// made while its transaction was open is never taken for the state after it. Other processes' writes are not seen.
let bookingWrites = 0;

/** How many writes to demo bookings this process has started and settled (each counts twice). */
export function bookingWriteCount(): number {
  return bookingWrites;
}

export async function changingBookings<T>(write: () => Promise<T>): Promise<T> {
  bookingWrites += 1;
  try {
    return await write();
  } finally {
    bookingWrites += 1;
  }
}

/** This version's reminders still ahead at `at` (ADR 0031); none for a cancelled booking. */
export function remindersOf(
  booking: Pick<DemoBooking, "id" | "sequence" | "status" | "slotStart">,
  at: Date,
  minutesBefore: number[],
): { payload: DemoReminderPayload; dueAt: Date }[] {
  if (booking.status !== "booked") return [];
  return minutesBefore
    .map((minutes) => ({
      payload: { bookingId: booking.id, sequence: booking.sequence, minutesBefore: minutes },
      dueAt: new Date(booking.slotStart.getTime() - minutes * 60_000),
    }))
    .filter((reminder) => reminder.dueAt.getTime() > at.getTime());
}

/**
 * One statement: the invite, the reminders, the webhook events and `also.messages`. A change deletes earlier
 * versions' pending reminders; the worker still checks SEQUENCE, as a claimed one may be running.
 */
export async function queueInviteAndReminders(
  tx: Transaction,
  booking: DemoBooking,
  method: DemoInvitePayload["method"],
  also: { messages?: OutboxMessage[]; leadCreated?: boolean } = {},
) {
  const at = now();
  const invite: DemoInvitePayload = { bookingId: booking.id, sequence: booking.sequence, method };
  const reminders = remindersOf(booking, at, getBookingSettings().reminderMinutes);
  const row = (kind: string, payload: object, dueAt: SQL) =>
    sql`(${crypto.randomUUID()}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${dueAt})`;
  const webhookEvents = [
    ...(also.leadCreated ? [storedLeadCreated(booking.demoRequestId)] : []),
    bookingEvent(bookingEventType(booking, method), booking.id),
  ].map((source) => ({ source, id: newWebhookEventId() }));
  const insert = sql`
    insert into ${outbox} (${sql.join(
      [outbox.id, outbox.kind, outbox.payload, outbox.nextAttemptAt].map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    values ${sql.join(
      [
        row(demoInviteEmail, invite, sql`now()`),
        ...reminders.map((reminder) => row(demoReminderEmail, reminder.payload, instant(reminder.dueAt))),
        ...(also.messages ?? []).map((message) => row(message.kind, message.payload, sql`now()`)),
      ],
      sql`, `,
    )}`;
  await tx.execute(sql`
    with ${
      booking.sequence === 0
        ? sql``
        : sql`superseded as (
      delete from ${outbox}
      where ${outbox.kind} = ${demoReminderEmail} and ${outbox.status} = 'pending'
        and ${outbox.payload}->>'bookingId' = ${booking.id}
    ), `
    }queued as (${insert})
    ${queueWebhookEvents(webhookEvents, at.toISOString(), currentTraceparent() ?? null)}`);
}

function bookingEventType(booking: DemoBooking, method: DemoInvitePayload["method"]) {
  if (method === "CANCEL") return "demo.cancelled";
  return booking.sequence === 0 ? "demo.booked" : "demo.rescheduled";
}

/**
 * ADR 0056: how much of one day's seats bookings made (or moved there) within the pace window may hold. `limit` is
 * a quarter of the seats still bookable, which run [from, dayEnd): what is counted against it runs there too, so a
 * day's earlier demos never close its afternoon.
 */
export type DayPace = { date: string; from: Date; dayEnd: Date; limit: number };

/** Bookings made, moved or cancelled within this window count towards their day's pace, and so do held-back leads. */
export const PACE_WINDOW_HOURS = 24;

const paceWindow = sql`now() - make_interval(hours => ${PACE_WINDOW_HOURS})`;

/**
 * True when the day has had its pace's worth of bookings (and held-back requests) within the window. Takes the day's
 * transaction-scoped lock first, so concurrent bookings of one day are counted one after the other and none slips
 * past the limit; the lock is held until the booking commits.
 */
export async function dayIsBookingUpFast(tx: Transaction, pace: DayPace, self?: string): Promise<boolean> {
  const key = createHash("sha256").update(`demo-day:${pace.date}`).digest().readBigInt64BE(0).toString();
  await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
  const from = pace.from.toISOString();
  const to = pace.dayEnd.toISOString();
  const [row] = rowsOf<{ recent: number | string }>(
    await tx.execute(sql`
      select
        (select count(*) from ${demoBookings} b
          where b.slot_start >= ${from}::timestamptz and b.slot_start < ${to}::timestamptz
            and b.released_at is null and b.updated_at > ${paceWindow} and b.id <> ${self ?? ""})
        + (select count(*) from ${demoRequests} r
          where r.held_back_slot_start >= ${from}::timestamptz and r.held_back_slot_start < ${to}::timestamptz
            and r.created_at > ${paceWindow}) as recent`),
  );
  return Number(row?.recent ?? 0) >= pace.limit;
}

export type BusyTime = { hostId: string | null; start: Date; end: Date };

/**
 * Which free candidate gets a slot (ADR 0030, ADR 0057): `keep` first (a moved booking's own host, or a new lead's
 * owner), then the fewest live bookings in `week` for the host's weight (1 when not in `weights`), then the least
 * recently booked, then the first added. `self` is the booking being moved, not counted as in the way. With `day`,
 * a host with a daily maximum that many live bookings that day is not free; `capped` (some candidate has one) makes
 * the booking take the day's lock, so concurrent bookings cannot both take a host's last demo of the day.
 */
export type HostChoice = {
  candidates: string[];
  start: Date;
  end: Date;
  bufferMinutes: number;
  week: { start: Date; end: Date };
  day?: { start: Date; end: Date };
  capped?: boolean;
  weights?: Record<string, number>;
  keep?: string;
  self?: string;
};

function freeCandidates(choice: HostChoice, columns: SQL = sql`h.id`) {
  const start = choice.start.toISOString();
  const end = choice.end.toISOString();
  const buffer = `${choice.bufferMinutes} minutes`;
  const underDailyMax = choice.day
    ? sql`and (h.daily_max is null or (
        select count(*) from ${demoBookings} d
        where d.host_id = h.id and d.status = 'booked' and d.id <> ${choice.self ?? ""}
          and d.slot_start >= ${choice.day.start.toISOString()}::timestamptz
          and d.slot_start < ${choice.day.end.toISOString()}::timestamptz) < h.daily_max)`
    : sql``;
  return sql`
    select ${columns} from ${demoHosts} h
    where h.id in (select jsonb_array_elements_text(${JSON.stringify(choice.candidates)}::jsonb)) and h.active
      and not exists (
        select 1 from ${demoHostTimeOff} t
        where t.host_id = h.id
          and (${start}::timestamptz at time zone h.time_zone)::date between t.first_day and t.last_day
      )
      and not exists (
        select 1 from ${demoBookings} b
        where b.host_id = h.id and b.status = 'booked' and b.id <> ${choice.self ?? ""}
          and b.slot_start < ${end}::timestamptz + ${buffer}::interval
          and b.slot_end > ${start}::timestamptz - ${buffer}::interval
      )
      ${underDailyMax}`;
}

/** The host's live bookings in the week over its weight: the fairness measure (exact, as numeric). */
function weekLoad(choice: HostChoice) {
  return sql`(select count(*) from ${demoBookings} w
        where w.host_id = h.id and w.status = 'booked'
          and w.slot_start >= ${choice.week.start.toISOString()}::timestamptz
          and w.slot_start < ${choice.week.end.toISOString()}::timestamptz)::numeric
      / coalesce((${JSON.stringify(choice.weights ?? {})}::jsonb ->> h.id)::int, 1)`;
}

const lastBooked = sql`(select max(r.created_at) from ${demoBookings} r where r.host_id = h.id)`;

function hostOrder(choice: HostChoice) {
  return sql`
    order by
      h.id = ${choice.keep ?? ""} desc,
      ${weekLoad(choice)},
      ${lastBooked} asc nulls first,
      h.created_at, h.id
    limit 1`;
}

/** A transaction-scoped lock on the day's capped hosts (see HostChoice.capped), held until commit. */
async function lockCappedDay(tx: Transaction, choice: HostChoice) {
  if (!choice.capped || !choice.day) return;
  const key = createHash("sha256")
    .update(`demo-host-day:${choice.day.start.toISOString()}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
  await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
}

/**
 * Why the picked host, as the lead's routing trace says it (ADR 0057). `keep` is a new lead's owner here.
 * Built in the booking's own statement, so the trace costs no round trip.
 */
function pickReason(choice: HostChoice) {
  const owner = choice.keep ?? "";
  return sql`case
      when ${owner} <> '' and picked.id = ${owner} then 'the lead''s owner (the host of their last demo), free at that time'
      else case when ${owner} <> '' then 'the owner was not free; ' else '' end
        || case when picked.free_hosts = 1 then 'the only free host of the team at that time'
          else 'fewest demos this week for its weight among the ' || picked.free_hosts || ' free hosts'
            || case when picked.sharing > 1 then '; least recently booked on a tie' else '' end
        end
    end`;
}

/** The CTEs `ranked` (the free candidates), `picked` (the one chosen) and `host` (it, and why, as JSON). */
function pickedHost(choice: HostChoice) {
  return sql`ranked as (
          ${freeCandidates(choice, sql`h.id, h.name, h.created_at, h.id = ${choice.keep ?? ""} as kept, ${weekLoad(choice)} as load, ${lastBooked} as last_booked`)}
        ), picked as (
          select ranked.*, (select count(*) from ranked) as free_hosts,
            (select count(*) from ranked other where other.load = ranked.load) as sharing
          from ranked
          order by kept desc, load, last_booked asc nulls first, created_at, id
          limit 1
        ), host as (
          select jsonb_build_object('id', picked.id, 'name', picked.name, 'reason', ${pickReason(choice)}) as routing_host
          from picked
        )`;
}

/** The host a booking at `choice` would get now, and why; books nothing (the admin's "try it", ADR 0057). */
export async function previewHostPick(choice: HostChoice): Promise<NonNullable<RoutingTrace["host"]> | undefined> {
  const [row] = rowsOf<{ routing_host: unknown }>(
    await getDb().execute(sql`with ${pickedHost(choice)} select routing_host from host`),
  );
  const host = row?.routing_host;
  return (typeof host === "string" ? JSON.parse(host) : host) as NonNullable<RoutingTrace["host"]> | undefined;
}

/**
 * One statement picks the host, inserts and completes the lead's routing trace with the host and why, the
 * exclusion constraint refusing overlaps; a lost race retries with a fresh snapshot, so candidates + 1 rounds always
 * settle. No check-then-insert.
 */
export async function insertBooking(
  tx: Transaction,
  booking: { demoRequestId: string; choice: HostChoice; visitorTimeZone?: string },
): Promise<DemoBooking | undefined> {
  return (await insertRoutedBooking(tx, booking))?.booking;
}

/** insertBooking, with the host and why as the lead's routing trace now says (ADR 0057). */
export async function insertRoutedBooking(
  tx: Transaction,
  booking: { demoRequestId: string; choice: HostChoice; visitorTimeZone?: string },
): Promise<{ booking: DemoBooking; routingHost: NonNullable<RoutingTrace["host"]> } | undefined> {
  const { choice } = booking;
  await lockCappedDay(tx, choice);
  for (let round = 0; round <= choice.candidates.length; round += 1) {
    const inserted = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with ${pickedHost(choice)}, inserted as (
          insert into ${demoBookings} (
            ${sql.identifier(demoBookings.id.name)}, ${sql.identifier(demoBookings.demoRequestId.name)},
            ${sql.identifier(demoBookings.slotStart.name)}, ${sql.identifier(demoBookings.slotEnd.name)},
            ${sql.identifier(demoBookings.hostId.name)}, ${sql.identifier(demoBookings.visitorTimeZone.name)}
          )
          select ${crypto.randomUUID()}, ${booking.demoRequestId}, ${choice.start.toISOString()}::timestamptz,
                 ${choice.end.toISOString()}::timestamptz, picked.id, ${booking.visitorTimeZone ?? null}::text
          from picked
          on conflict do nothing
          returning *
        ), traced as (
          update ${demoRequests} set ${sql.identifier(demoRequests.routing.name)} = ${demoRequests.routing}
            || jsonb_build_object('host', host.routing_host)
          from inserted, host
          where ${demoRequests.id} = inserted.demo_request_id and ${demoRequests.routing} is not null
        )
        select inserted.*, host.routing_host from inserted, host`),
    );
    if (inserted[0]) {
      const routingHost = inserted[0].routing_host;
      return {
        booking: rowFromDriver<DemoBooking>(demoBookings, inserted[0]),
        routingHost: (typeof routingHost === "string" ? JSON.parse(routingHost) : routingHost) as NonNullable<
          RoutingTrace["host"]
        >,
      };
    }
    // No row: full, or the chosen host was taken meanwhile. Only another look can tell.
    if (rowsOf(await tx.execute(sql`${freeCandidates(choice)} limit 1`)).length === 0) return undefined;
  }
  return undefined;
}

/** Live bookings (host and time) that overlap [from, to). */
export async function liveBookingsBetween(from: Date, to: Date): Promise<BusyTime[]> {
  return getDb()
    .select({ hostId: demoBookings.hostId, start: demoBookings.slotStart, end: demoBookings.slotEnd })
    .from(demoBookings)
    .where(and(eq(demoBookings.status, "booked"), lt(demoBookings.slotStart, to), gt(demoBookings.slotEnd, from)));
}

/** A booking (live or cancelled) with its lead, or undefined. */
export async function findBooking(id: string, db: Database = getDb()): Promise<BookingWithLead | undefined> {
  const [found] = await db
    .select({ booking: demoBookings, lead: demoRequests, host: demoHosts })
    .from(demoBookings)
    .innerJoin(demoRequests, eq(demoRequests.id, demoBookings.demoRequestId))
    .leftJoin(demoHosts, eq(demoHosts.id, demoBookings.hostId))
    .where(eq(demoBookings.id, id));
  return found;
}

/** The lead's live booking, if it has one (at most one: a unique partial index). */
export async function findLiveBookingOf(demoRequestId: string, db: Transaction) {
  const [booking] = await db
    .select()
    .from(demoBookings)
    .where(and(eq(demoBookings.demoRequestId, demoRequestId), eq(demoBookings.status, "booked")));
  return booking as DemoBooking | undefined;
}

/**
 * A lost race for a seat, as the driver or drizzle reports it: a conflict with a unique index (23505) or the
 * exclusion constraint (23P01), or a deadlock (40P01). An UPDATE has no ON CONFLICT, so two moves into one seat can
 * each wait on the other's new row while checking the constraint, and PostgreSQL then fails one of them.
 */
function isConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === "23505" || code === "23P01" || code === "40P01") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type RescheduleResult =
  | { status: "rescheduled" | "unchanged" | "slot-taken" | "cancelled" | "day-booking-up"; booking: DemoBooking }
  | { status: "not-found" };

/** Keeps the id (the invite's UID) and, when free, the host. The caller checks the new start first (checkSlotStart). */
export async function rescheduleBooking(
  id: string,
  requested: Omit<HostChoice, "keep" | "self">,
  pace?: DayPace,
): Promise<RescheduleResult> {
  return changingBookings(() =>
    getDb().transaction(async (tx): Promise<RescheduleResult> => {
      // Locks the row: a concurrent cancel or reschedule of the same booking waits for this one.
      const [current] = await tx.select().from(demoBookings).where(eq(demoBookings.id, id)).for("update");
      if (!current) return { status: "not-found" };
      if (current.status !== "booked") return { status: "cancelled", booking: current };
      if (current.slotStart.getTime() === requested.start.getTime()) return { status: "unchanged", booking: current };
      // A move counts towards its new day's pace as a booking does (ADR 0056), or moves could pile a flood into one day.
      if (pace && (await dayIsBookingUpFast(tx, pace, current.id)))
        return { status: "day-booking-up", booking: current };

      const choice: HostChoice = { ...requested, keep: current.hostId ?? undefined, self: current.id };
      const booking = await moveToFreeHost(tx, id, choice);
      return booking ? { status: "rescheduled", booking } : { status: "slot-taken", booking: current };
    }),
  );
}

/** Undefined when no candidate is free. A host taken concurrently fails the round: undone to a savepoint, retried. */
async function moveToFreeHost(tx: Transaction, id: string, choice: HostChoice): Promise<DemoBooking | undefined> {
  await lockCappedDay(tx, choice);
  for (let round = 0; round <= choice.candidates.length; round += 1) {
    let moved: Record<string, unknown>[] = [];
    try {
      moved = await tx.transaction(async (savepoint) =>
        rowsOf<Record<string, unknown>>(
          await savepoint.execute(sql`
            update ${demoBookings}
            set ${sql.identifier(demoBookings.slotStart.name)} = ${choice.start.toISOString()}::timestamptz,
                ${sql.identifier(demoBookings.slotEnd.name)} = ${choice.end.toISOString()}::timestamptz,
                ${sql.identifier(demoBookings.hostId.name)} = free.id,
                ${sql.identifier(demoBookings.sequence.name)} = ${demoBookings.sequence} + 1,
                ${sql.identifier(demoBookings.updatedAt.name)} = now()
            from (${freeCandidates(choice)} ${hostOrder(choice)}) as free
            where ${demoBookings.id} = ${id}
            returning ${demoBookings}.*`),
        ),
      );
    } catch (error) {
      if (isConflict(error)) continue;
      throw error;
    }
    if (!moved[0]) return undefined;
    const booking = rowFromDriver<DemoBooking>(demoBookings, moved[0]);
    await queueInviteAndReminders(tx, booking, "REQUEST");
    return booking;
  }
  return undefined;
}

export type ReassignResult =
  { status: "reassigned" | "unchanged" | "host-busy" | "cancelled"; booking: DemoBooking } | { status: "not-found" };

/** Same time, another host; raises SEQUENCE and re-sends the invite, as the organizer changes. */
export async function reassignBooking(
  id: string,
  choice: Pick<HostChoice, "candidates" | "bufferMinutes" | "week" | "day" | "capped">,
): Promise<ReassignResult> {
  return changingBookings(() =>
    getDb().transaction(async (tx): Promise<ReassignResult> => {
      const [current] = await tx.select().from(demoBookings).where(eq(demoBookings.id, id)).for("update");
      if (!current) return { status: "not-found" };
      if (current.status !== "booked") return { status: "cancelled", booking: current };
      if (choice.candidates.length === 1 && choice.candidates[0] === current.hostId) {
        return { status: "unchanged", booking: current };
      }
      const candidates = choice.candidates.filter((candidate) => candidate !== current.hostId);
      const full: HostChoice = {
        candidates,
        start: current.slotStart,
        end: current.slotEnd,
        bufferMinutes: choice.bufferMinutes,
        week: choice.week,
        day: choice.day,
        capped: choice.capped,
        self: current.id,
      };
      const booking = await moveToFreeHost(tx, id, full);
      if (booking) return { status: "reassigned", booking };
      return { status: "host-busy", booking: current };
    }),
  );
}

type CancelResult = { status: "cancelled" | "already-cancelled"; booking: DemoBooking } | { status: "not-found" };

/** Raises SEQUENCE and queues the CANCEL invite; pending reminders go in the same statement. */
export async function cancelBooking(id: string): Promise<CancelResult> {
  return changingBookings(() =>
    getDb().transaction(async (tx): Promise<CancelResult> => {
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
        await queueInviteAndReminders(tx, booking, "CANCEL");
        return { status: "cancelled", booking };
      }
      const [existing] = await tx.select().from(demoBookings).where(eq(demoBookings.id, id));
      return existing ? { status: "already-cancelled", booking: existing } : { status: "not-found" };
    }),
  );
}

/** Live bookings that have not ended by `now`, soonest first, each with its lead (the admin agenda and feed). */
export async function listUpcomingBookings(now: Date): Promise<BookingWithLead[]> {
  return getDb()
    .select({ booking: demoBookings, lead: demoRequests, host: demoHosts })
    .from(demoBookings)
    .innerJoin(demoRequests, eq(demoRequests.id, demoBookings.demoRequestId))
    .leftJoin(demoHosts, eq(demoHosts.id, demoBookings.hostId))
    .where(and(eq(demoBookings.status, "booked"), gt(demoBookings.slotEnd, now)))
    .orderBy(asc(demoBookings.slotStart), asc(demoHosts.name));
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

/** The times asked for by leads held back by a day's pace within the window (ADR 0056), soonest first. */
export async function recentHeldBackStarts(): Promise<Date[]> {
  const rows = await getDb()
    .select({ start: demoRequests.heldBackSlotStart })
    .from(demoRequests)
    .where(and(isNotNull(demoRequests.heldBackSlotStart), gt(demoRequests.createdAt, paceWindow)))
    .orderBy(asc(demoRequests.heldBackSlotStart));
  return rows.flatMap((row) => (row.start ? [row.start] : []));
}

type DayBounds = { dayStart: Date; dayEnd: Date };

function paceBookingsWhere(days: DayBounds[], asOf: Date) {
  return and(
    eq(demoBookings.status, "booked"),
    isNull(demoBookings.releasedAt),
    gt(demoBookings.updatedAt, paceWindow),
    lte(demoBookings.createdAt, asOf),
    or(...days.map((day) => and(gte(demoBookings.slotStart, day.dayStart), lt(demoBookings.slotStart, day.dayEnd)))),
  );
}

/** Live bookings on `days` made or moved within the pace window, and made by `asOf`: what a release would cancel. */
export async function countPaceBookings(days: DayBounds[], asOf: Date): Promise<number> {
  if (days.length === 0) return 0;
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(demoBookings)
    .where(paceBookingsWhere(days, asOf));
  return Number(row?.count ?? 0);
}

/**
 * An admin's release of a flood (ADR 0056): cancels those bookings in one transaction, recording who and when,
 * and queues each visitor's CANCEL invite, so a calendar that got the invite drops the event.
 */
export async function releasePaceBookings(days: DayBounds[], asOf: Date, releasedBy: string): Promise<number> {
  if (days.length === 0) return 0;
  return changingBookings(() =>
    getDb().transaction(async (tx) => {
      const released = await tx
        .update(demoBookings)
        .set({
          status: "cancelled",
          sequence: sql`${demoBookings.sequence} + 1`,
          cancelledAt: sql`now()`,
          updatedAt: sql`now()`,
          releasedAt: sql`now()`,
          releasedBy,
        })
        .where(paceBookingsWhere(days, asOf))
        .returning();
      for (const booking of released) await queueInviteAndReminders(tx, booking, "CANCEL");
      return released.length;
    }),
  );
}
