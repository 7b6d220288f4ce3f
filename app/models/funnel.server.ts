import { between, sql } from "drizzle-orm";
import { funnelEvents, type FunnelEvent } from "~/content/funnel-events";
import { funnelDailyCounts } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";

/**
 * Adds one to a day's count of an event: one statement, so concurrent steps on the same day never lose a count
 * and no row exists per visitor. `day` is a "YYYY-MM-DD" date in the business's time zone (see funnelDay).
 */
export async function incrementFunnelCount(day: string, event: FunnelEvent): Promise<void> {
  await getDb()
    .insert(funnelDailyCounts)
    .values({ day, event, count: 1 })
    .onConflictDoUpdate({
      target: [funnelDailyCounts.day, funnelDailyCounts.event],
      set: { count: sql`${funnelDailyCounts.count} + 1` },
    });
}

export type FunnelTotals = Record<FunnelEvent, number>;

/** Each event's total over the days `from`…`to` (inclusive, "YYYY-MM-DD"); an event never counted is 0. */
export async function funnelTotals(from: string, to: string): Promise<FunnelTotals> {
  const rows = await getDb()
    .select({ event: funnelDailyCounts.event, count: sql<number>`sum(${funnelDailyCounts.count})::int` })
    .from(funnelDailyCounts)
    .where(between(funnelDailyCounts.day, from, to))
    .groupBy(funnelDailyCounts.event);
  const totals = Object.fromEntries(funnelEvents.map((event) => [event, 0])) as FunnelTotals;
  for (const row of rows) totals[row.event] = Number(row.count);
  return totals;
}
