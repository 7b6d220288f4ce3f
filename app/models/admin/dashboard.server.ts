// Days are the business zone's (AT TIME ZONE), but range filters compare the raw columns with local midnights, so
// the indexes on created_at and paid_at bound each scan.
import { sql, type SQL } from "drizzle-orm";
import { getDb, instant, rowsOf } from "~/db/connection.server";
import type { AttributionFigures, DailyFigures, DayRange, RuleFigures } from "~/schemas/dashboard-views";
import { demoOutcomes } from "~/schemas/demo-outcome";

type AttributionDimension = "source" | "campaign";

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

/** One row per day. Union-then-GROUP-BY over an integer generate_series keeps the planner's estimates and JIT sane. */
export async function dailyFigures(range: DayRange): Promise<DailyFigures[]> {
  const { start, end } = bounds(range);
  const { from, to, timeZone } = range;
  const result = await getDb().execute(sql`
    with per_day as (
      select day, sum(leads) as leads, sum(orders) as orders, sum(paid_orders) as paid_orders,
        sum(revenue) as revenue, sum(mrr_added) as mrr_added, sum(test_paid) as test_paid
      from (
        select ${localDay(sql.raw("created_at"), timeZone)} as day, count(*) as leads, 0 as orders,
          0 as paid_orders, 0 as revenue, 0 as mrr_added, 0 as test_paid
        from demo_requests where created_at >= ${start} and created_at < ${end} group by 1
        union all
        select ${localDay(sql.raw("created_at"), timeZone)}, 0, count(*), 0, 0, 0, 0
        from orders where created_at >= ${start} and created_at < ${end} group by 1
        union all
        select ${localDay(sql.raw("paid_at"), timeZone)}, 0, 0, count(*) filter (where livemode),
          coalesce(sum(total_cents) filter (where livemode), 0), coalesce(sum(${monthlyEquivalent}) filter (where livemode), 0),
          count(*) filter (where not livemode)
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
      coalesce(per_day.test_paid, 0)::int as test_paid,
      round(
        (select coalesce(sum(${monthlyEquivalent}), 0) from orders where status = 'paid' and livemode and paid_at < ${start})
        + sum(coalesce(per_day.mrr_added, 0)) over (order by days.day)
      )::float8 as mrr
    from days left join per_day on per_day.day = days.day
    order by days.day
  `);
  return rowsOf<{
    day: string;
    leads: number;
    orders: number;
    paid_orders: number;
    revenue: number;
    test_paid: number;
    mrr: number;
  }>(result).map((row) => ({
    day: row.day,
    leads: Number(row.leads),
    orders: Number(row.orders),
    paidOrders: Number(row.paid_orders),
    paidRevenueCents: Number(row.revenue),
    testOrdersPaid: Number(row.test_paid),
    mrrCents: Number(row.mrr),
  }));
}

/** The dashboard shows the top sources and campaigns only. */
const attributionLimit = 10;

export async function attributionFigures(
  range: DayRange,
  dimension: AttributionDimension,
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
      from orders where status = 'paid' and livemode and paid_at >= ${start} and paid_at < ${end} group by 1
    )
    select name,
      coalesce(leads.leads, 0)::int as leads,
      coalesce(created.orders, 0)::int as orders,
      coalesce(paid.revenue, 0)::float8 as revenue
    from leads full join created using (name) full join paid using (name)
    order by revenue desc, orders desc, leads desc, name
    limit ${attributionLimit}
  `);
  return rowsOf<{ name: string; leads: number; orders: number; revenue: number }>(result).map((row) => ({
    name: row.name,
    leads: Number(row.leads),
    orders: Number(row.orders),
    paidRevenueCents: Number(row.revenue),
  }));
}

/** A live booking's outcome counts (ADR 0032); `ended` is the condition of a booking whose slot is over. */
const outcomeCounts = (ended: SQL) => sql`
  ${sql.join(
    // One column per outcome, named like it ("no-show" → no_show): the list the check constraint is built from.
    demoOutcomes.map(
      (outcome) =>
        sql`count(*) filter (where ${ended} and outcome = ${sql.raw(`'${outcome}'`)}) as ${sql.raw(outcome.replaceAll("-", "_"))}`,
    ),
    sql`, `,
  )},
  count(*) filter (where ${ended} and outcome is null) as unmarked`;

type OutcomeRow = { held: number; no_show: number; host_cancelled: number; unmarked: number };
export type OutcomeTally = { held: number; noShow: number; hostCancelled: number; unmarked: number };

const tally = (row: OutcomeRow): OutcomeTally => ({
  held: Number(row.held),
  noShow: Number(row.no_show),
  hostCancelled: Number(row.host_cancelled),
  unmarked: Number(row.unmarked),
});

/** Ended live demos by outcome, per ISO week (its business-zone Monday); the caller fills the empty weeks. */
export async function weeklyOutcomes(range: DayRange, at: Date): Promise<(OutcomeTally & { week: string })[]> {
  const { start, end } = bounds(range);
  const result = await getDb().execute(sql`
    select to_char(date_trunc('week', slot_start at time zone ${range.timeZone}), 'YYYY-MM-DD') as week,
      ${outcomeCounts(sql`true`)}
    from demo_bookings
    where status = 'booked' and slot_start >= ${start} and slot_start < ${end}
      and slot_end <= ${instant(at)}
    group by 1
    order by 1
  `);
  return rowsOf<OutcomeRow & { week: string }>(result).map((row) => ({ week: row.week, ...tally(row) }));
}

/** Per host (every active one, plus any with a booking in the range): its live bookings, and ended ones by outcome. */
export async function hostOutcomes(
  range: DayRange,
  at: Date,
): Promise<(OutcomeTally & { hostId: string | null; name: string | null; email: string | null; bookings: number })[]> {
  const { start, end } = bounds(range);
  const ended = sql`slot_end <= ${instant(at)}`;
  const result = await getDb().execute(sql`
    with counted as (
      select host_id, count(*) as bookings, ${outcomeCounts(ended)}
      from demo_bookings
      where status = 'booked' and slot_start >= ${start} and slot_start < ${end}
      group by host_id
    )
    select hosts.id as host_id, hosts.name, hosts.email,
      coalesce(counted.bookings, 0)::int as bookings,
      coalesce(counted.held, 0)::int as held,
      coalesce(counted.no_show, 0)::int as no_show,
      coalesce(counted.host_cancelled, 0)::int as host_cancelled,
      coalesce(counted.unmarked, 0)::int as unmarked
    from counted full join demo_hosts as hosts on hosts.id = counted.host_id
    where counted.bookings is not null or hosts.active
    order by 4 desc, hosts.name nulls last, hosts.id
  `);
  return rowsOf<OutcomeRow & { host_id: string | null; name: string | null; email: string | null; bookings: number }>(
    result,
  ).map((row) => ({
    hostId: row.host_id,
    name: row.name,
    email: row.email,
    bookings: Number(row.bookings),
    ...tally(row),
  }));
}

/**
 * Per routing rule (ADR 0057), the leads the range received that it routed, their live bookings and the ended ones
 * held. Leads routed before any team or rule existed are not a rule's; spam is left out. A rule renamed since is
 * named as it is now; one deleted since by the name it had.
 */
export async function ruleFigures(range: DayRange, at: Date): Promise<RuleFigures[]> {
  const { start, end } = bounds(range);
  const result = await getDb().execute(sql`
    select r.routing -> 'rule' ->> 'id' as rule_id,
      coalesce(max(rules.name), max(r.routing -> 'rule' ->> 'name')) as name,
      bool_or(rules.id is not null) as current,
      count(distinct r.id)::int as leads,
      count(b.id)::int as booked,
      count(b.id) filter (where b.outcome = 'held' and b.slot_end <= ${instant(at)})::int as held
    from demo_requests r
    left join demo_bookings b on b.demo_request_id = r.id and b.status = 'booked'
    left join demo_routing_rules rules on rules.id = r.routing -> 'rule' ->> 'id'
    where r.created_at >= ${start} and r.created_at < ${end} and not r.suspected_spam
      and (r.routing ->> 'configured')::boolean
    group by 1
    order by 4 desc, 2 nulls first
  `);
  return rowsOf<{
    rule_id: string | null;
    name: string | null;
    current: boolean;
    leads: number;
    booked: number;
    held: number;
  }>(result).map((row) => ({
    ruleId: row.rule_id,
    name: row.rule_id === null ? "No rule (the default)" : row.current ? row.name! : `${row.name} (deleted)`,
    leads: Number(row.leads),
    booked: Number(row.booked),
    held: Number(row.held),
  }));
}
