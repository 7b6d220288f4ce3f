// The dashboard's aggregates, computed in PostgreSQL (and PGlite) so only a row per day or per source leaves the
// database. Every instant is bucketed into a calendar day of the business's time zone with AT TIME ZONE; the range
// filters compare the raw timestamp columns with the zone's local midnights, so the indexes on created_at and
// paid_at bound each scan to the range.
import { sql, type SQL } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/connection.server";
import type { FunnelEvent } from "~/content/funnel-events";
import type { AttributionFigures, DailyFigures, DayRange } from "~/schemas/dashboard-views";

export type AttributionDimension = "source" | "campaign";

// Fixed SQL, never built from input: the dimension picks one of these two.
const dimensionSql: Record<AttributionDimension, SQL> = {
  source: sql.raw(`coalesce(nullif(utm_source, ''), nullif(referrer_host, ''), '(direct)')`),
  campaign: sql.raw(`coalesce(nullif(utm_campaign, ''), '(none)')`),
};

const monthlyEquivalent = sql.raw(
  `case when billing_period = 'annual' then total_cents::numeric / 12 else total_cents::numeric end`,
);

/** The instant the range starts (local midnight of `from`) and the instant after it ends (midnight after `to`). */
function bounds({ from, to, timeZone }: DayRange) {
  return {
    start: sql`((${from}::date)::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

const localDay = (column: SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

/** One row per day of the range, empty days included (generate_series), in order. */
export async function dailyFigures(range: DayRange): Promise<DailyFigures[]> {
  const { start, end } = bounds(range);
  const { from, to, timeZone } = range;
  const result = await getDb().execute(sql`
    with days as (
      select day::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as day
    ),
    leads as (
      select ${localDay(sql.raw("created_at"), timeZone)} as day, count(*) as leads
      from demo_requests where created_at >= ${start} and created_at < ${end} group by 1
    ),
    created as (
      select ${localDay(sql.raw("created_at"), timeZone)} as day, count(*) as orders
      from orders where created_at >= ${start} and created_at < ${end} group by 1
    ),
    paid as (
      select ${localDay(sql.raw("paid_at"), timeZone)} as day, count(*) as paid_orders,
        sum(total_cents) as revenue, sum(${monthlyEquivalent}) as mrr_added
      from orders where status = 'paid' and paid_at >= ${start} and paid_at < ${end} group by 1
    ),
    before_range as (
      select coalesce(sum(${monthlyEquivalent}), 0) as mrr
      from orders where status = 'paid' and paid_at < ${start}
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(leads.leads, 0)::int as leads,
      coalesce(created.orders, 0)::int as orders,
      coalesce(paid.paid_orders, 0)::int as paid_orders,
      coalesce(paid.revenue, 0)::float8 as revenue,
      round(before_range.mrr + sum(coalesce(paid.mrr_added, 0)) over (order by days.day))::float8 as mrr
    from days
      cross join before_range
      left join leads on leads.day = days.day
      left join created on created.day = days.day
      left join paid on paid.day = days.day
    order by days.day
  `);
  return rowsOf<{ day: string; leads: number; orders: number; paid_orders: number; revenue: number; mrr: number }>(
    result,
  ).map((row) => ({
    day: row.day,
    leads: Number(row.leads),
    orders: Number(row.orders),
    paidOrders: Number(row.paid_orders),
    paidRevenueCents: Number(row.revenue),
    mrrCents: Number(row.mrr),
  }));
}

/** The funnel's counters summed over the range, by event (events never counted are absent). */
export async function funnelTotals({ from, to }: DayRange): Promise<Map<FunnelEvent, number>> {
  const result = await getDb().execute(sql`
    select event, sum(count)::float8 as total from funnel_daily_counts
    where day >= ${from}::date and day <= ${to}::date group by event
  `);
  return new Map(rowsOf<{ event: FunnelEvent; total: number }>(result).map((row) => [row.event, Number(row.total)]));
}

/**
 * Leads, orders and paid revenue in the range by source or campaign, most paid revenue first (then orders, then
 * leads), at most `limit` rows.
 */
export async function attributionFigures(
  range: DayRange,
  dimension: AttributionDimension,
  limit: number,
): Promise<AttributionFigures[]> {
  const { start, end } = bounds(range);
  const name = dimensionSql[dimension];
  const result = await getDb().execute(sql`
    with leads as (
      select ${name} as name, count(*) as leads
      from demo_requests where created_at >= ${start} and created_at < ${end} group by 1
    ),
    created as (
      select ${name} as name, count(*) as orders
      from orders where created_at >= ${start} and created_at < ${end} group by 1
    ),
    paid as (
      select ${name} as name, sum(total_cents) as revenue
      from orders where status = 'paid' and paid_at >= ${start} and paid_at < ${end} group by 1
    )
    select name,
      coalesce(leads.leads, 0)::int as leads,
      coalesce(created.orders, 0)::int as orders,
      coalesce(paid.revenue, 0)::float8 as revenue
    from leads full join created using (name) full join paid using (name)
    order by revenue desc, orders desc, leads desc, name
    limit ${limit}
  `);
  return rowsOf<{ name: string; leads: number; orders: number; revenue: number }>(result).map((row) => ({
    name: row.name,
    leads: Number(row.leads),
    orders: Number(row.orders),
    paidRevenueCents: Number(row.revenue),
  }));
}
