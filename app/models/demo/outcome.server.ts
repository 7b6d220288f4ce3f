// Outcomes of ended demos (ADR 0032); the dashboard's figures from them are in models/admin/dashboard.server.ts.
import { and, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import { demoBookings, demoHosts, demoRequests, type DemoBookingRow } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import { paginate, type Paginated } from "~/models/pagination.server";
import type { DemoOutcome } from "~/schemas/demo-outcome";
import type { DayRange } from "~/schemas/dashboard-views";

type EndedBooking = {
  booking: Pick<DemoBookingRow, "id" | "slotStart" | "slotEnd" | "outcome" | "outcomeAt">;
  lead: { firstName: string; lastName: string; company: string };
  host: { name: string } | null;
};

/** Live bookings whose slot started on a day of `range` (the business's zone) and had ended by `at`. */
function endedIn(range: DayRange, at: Date): SQL {
  const { from, to, timeZone } = range;
  return and(
    eq(demoBookings.status, "booked"),
    sql`${demoBookings.slotStart} >= ((${from}::date)::timestamp at time zone ${timeZone})`,
    sql`${demoBookings.slotStart} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`,
    lte(demoBookings.slotEnd, at),
  )!;
}

/** Latest first. A page past the last is the last page (the range may change under a page number). */
export async function listEndedBookings(range: DayRange, at: Date, page: number): Promise<Paginated<EndedBooking>> {
  const where = endedIn(range, at);
  const pageOf = (number: number) =>
    paginate(
      getDb()
        .select({
          booking: {
            id: demoBookings.id,
            slotStart: demoBookings.slotStart,
            slotEnd: demoBookings.slotEnd,
            outcome: demoBookings.outcome,
            outcomeAt: demoBookings.outcomeAt,
          },
          lead: { firstName: demoRequests.firstName, lastName: demoRequests.lastName, company: demoRequests.company },
          host: { name: demoHosts.name },
        })
        .from(demoBookings)
        .innerJoin(demoRequests, eq(demoRequests.id, demoBookings.demoRequestId))
        .leftJoin(demoHosts, eq(demoHosts.id, demoBookings.hostId))
        .where(where)
        .orderBy(desc(demoBookings.slotStart), desc(demoBookings.id))
        .$dynamic(),
      demoBookings,
      where,
      number,
    );
  const first = await pageOf(page);
  return page > first.totalPages ? pageOf(first.totalPages) : first;
}

type OutcomeResult =
  { status: "recorded" | "unchanged" | "not-ended" | "cancelled"; booking: DemoBookingRow } | { status: "not-found" };

/** The row is locked first, so a concurrent cancellation or reschedule lands before or after, never half-way. */
export async function setBookingOutcome(id: string, outcome: DemoOutcome, at: Date): Promise<OutcomeResult> {
  return getDb().transaction(async (tx): Promise<OutcomeResult> => {
    const [current] = await tx.select().from(demoBookings).where(eq(demoBookings.id, id)).for("update");
    if (!current) return { status: "not-found" };
    if (current.status !== "booked") return { status: "cancelled", booking: current };
    if (current.slotEnd.getTime() > at.getTime()) return { status: "not-ended", booking: current };
    if (current.outcome === outcome) return { status: "unchanged", booking: current };
    const [booking] = await tx
      .update(demoBookings)
      .set({ outcome, outcomeAt: sql`now()` })
      .where(eq(demoBookings.id, id))
      .returning();
    return { status: "recorded", booking };
  });
}
