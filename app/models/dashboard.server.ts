// The dashboard's aggregates, computed in PostgreSQL (and PGlite) so only a row per day or per source leaves the
// database. Every instant is bucketed into a calendar day of the business's time zone with AT TIME ZONE; the range
// filters compare the raw timestamp columns with the zone's local midnights, so the indexes on created_at and
// paid_at bound each scan to the range.
import { sql, type SQL } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/connection.server";
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

/**
 * One row per day of the range, empty days included, in order. The three counts are aggregated apart and appended
 * before one GROUP BY: joining them to the days one by one made the planner expect millions of rows and spend
 * most of the query compiling it (JIT), and an integer generate_series gives it the true number of days.
 */
export async function dailyFigures(range: DayRange): Promise<DailyFigures[]> {
  const { start, end } = bounds(range);
  const { from, to, timeZone } = range;
  const result = await getDb().execute(sql`
    with per_day as (
      select day, sum(leads) as leads, sum(orders) as orders, sum(paid_orders) as paid_orders,
        sum(revenue) as revenue, sum(mrr_added) as mrr_added
      from (
        select ${localDay(sql.raw("created_at"), timeZone)} as day, count(*) as leads, 0 as orders,
          0 as paid_orders, 0 as revenue, 0 as mrr_added
        from demo_requests where created_at >= ${start} and created_at < ${end} group by 1
        union all
        select ${localDay(sql.raw("created_at"), timeZone)}, 0, count(*), 0, 0, 0
        from orders where created_at >= ${start} and created_at < ${end} group by 1
        union all
        select ${localDay(sql.raw("paid_at"), timeZone)}, 0, 0, count(*), sum(total_cents), sum(${monthlyEquivalent})
        from orders where status = 'paid' and paid_at >= ${start} and paid_at < ${end} group by 1
      ) as counted
      group by day
    ),
    days as (
      select ${from}::date + offset_days as day
      from generate_series(0, ${to}::date - ${from}::date) as offset_days
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(per_day.leads, 0)::int as leads,
      coalesce(per_day.orders, 0)::int as orders,
      coalesce(per_day.paid_orders, 0)::int as paid_orders,
      coalesce(per_day.revenue, 0)::float8 as revenue,
      round(
        (select coalesce(sum(${monthlyEquivalent}), 0) from orders where status = 'paid' and paid_at < ${start})
        + sum(coalesce(per_day.mrr_added, 0)) over (order by days.day)
      )::float8 as mrr
    from days left join per_day on per_day.day = days.day
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
