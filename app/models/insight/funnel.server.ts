import { between, sql, type Placeholder, type SQL } from "drizzle-orm";
import { funnelEvents, type FunnelEvent } from "~/content/funnel-events";
import { funnelDailyCounts } from "~/db/schema.server";
import { getDb, type Database, type Transaction } from "~/db/connection.server";

/** Funnel steps counted with the write they belong to; `day` as funnelDay() gives it. */
export type FunnelCount = { day: string };

/** A CTE body counting `event` per row of `source`: a replay that inserts nothing counts nothing (ADR 0021). */
export function funnelCountFrom(source: SQL, event: FunnelEvent, day: string | Placeholder): SQL {
  return sql`insert into ${funnelDailyCounts} (${sql.identifier(funnelDailyCounts.day.name)}, ${sql.identifier(funnelDailyCounts.event.name)}, ${sql.identifier(funnelDailyCounts.count.name)})
    select ${day}::date, ${event}, count(*)::int from ${source} having count(*) > 0
    on conflict (${sql.identifier(funnelDailyCounts.day.name)}, ${sql.identifier(funnelDailyCounts.event.name)})
    do update set ${sql.identifier(funnelDailyCounts.count.name)} = ${funnelDailyCounts}.${sql.identifier(funnelDailyCounts.count.name)} + excluded.${sql.identifier(funnelDailyCounts.count.name)}`;
}

/** Adds one to each of a day's `events` in one statement, in the caller's transaction (nothing when none). */
export async function incrementFunnelCounts(
  db: Database | Transaction,
  { day }: FunnelCount,
  events: FunnelEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(funnelDailyCounts)
    .values(events.map((event) => ({ day, event, count: 1 })))
    .onConflictDoUpdate({
      target: [funnelDailyCounts.day, funnelDailyCounts.event],
      set: { count: sql`${funnelDailyCounts.count} + 1` },
    });
}

type FunnelTotals = Record<FunnelEvent, number>;

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
