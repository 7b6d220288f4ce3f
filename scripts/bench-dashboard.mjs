// The admin dashboard on a year of data (issue #16): a fresh PostgreSQL database, migrated by the production build
// at start-up, seeded with 100,000 leads, 20,000 orders and 365 × 8 funnel counters over the last 365 days (one
// INSERT … SELECT from generate_series each), then GET /admin?range=90 as a signed-in admin, one request at a
// time: BENCH_DASHBOARD_RUNS measured (30) after BENCH_DASHBOARD_WARMUP (5). Reports median, p95, min and max;
// the budget is a 300 ms median (exit code 1 above it).
// Case (BENCH_CASES): dashboard. PostgreSQL only. Alone: `npm run build && node scripts/bench-dashboard.mjs`.
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { adminSessionCookie } from "../tests/support/admin-sign-in.mjs";
import { startAppServer } from "../tests/support/app-server.mjs";
import { createDatabase, dropDatabase } from "../tests/support/postgres.mjs";

export const dashboardCaseNames = ["dashboard"];
export const dashboardBudgetMs = 300;

const admin = { username: "bench-admin", password: "bench-admin-password-1" };

export const dashboardSeed = [
  // Four in ten leads carry UTM tags, three in ten come from a referring site, the rest are direct.
  `insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id,
     utm_source, utm_medium, utm_campaign, click_id, referrer_host, landing_path, created_at)
   select 'bench-lead-' || i, 'Bench', 'Lead ' || i, 'bench' || i || '@example.com', '555 010 0000',
     'Bench Co ' || (i % 500), 'bench-submission-' || i,
     case when i % 10 < 4 then (array['google', 'facebook', 'bing', 'newsletter', 'linkedin'])[1 + i % 5] end,
     case when i % 10 < 4 then (array['cpc', 'paid-social', 'cpc', 'email', 'social'])[1 + i % 5] end,
     case when i % 10 < 3 then (array['spring-roofing', 'summer-hvac', 'brand', 'retargeting', 'plumbing-pros',
       'fall-promo'])[1 + (i / 7) % 6] end,
     case when i % 10 = 0 then 'gclid' end,
     case when i % 10 between 4 and 6 then (array['bing.com', 'duckduckgo.com', 'reddit.com',
       'news.ycombinator.com'])[1 + i % 4] end,
     '/', now() - random() * interval '365 days'
   from generate_series(1, 100000) as i`,
  // Half paid (paid within an hour of ordering), a quarter pending, the rest expired or canceled; a third annual.
  `insert into orders (id, status, plan_ids, billing_period, subtotal_cents, total_cents, company_name, full_name,
     email, phone, provider, attempt_id, utm_source, utm_medium, utm_campaign, referrer_host, created_at, updated_at,
     paid_at)
   select 'bench-order-' || i, status, array['starter'], billing, cents, cents, 'Bench Co ' || (i % 500),
     'Bench Buyer', 'buyer' || i || '@example.com', '555 010 0000', 'test', 'bench-attempt-' || i,
     case when i % 10 < 4 then (array['google', 'facebook', 'bing', 'newsletter', 'linkedin'])[1 + i % 5] end,
     case when i % 10 < 4 then 'cpc' end,
     case when i % 10 < 3 then (array['spring-roofing', 'summer-hvac', 'brand', 'retargeting'])[1 + (i / 7) % 4] end,
     case when i % 10 between 4 and 6 then (array['bing.com', 'duckduckgo.com'])[1 + i % 2] end,
     created, created, case when status = 'paid' then created + random() * interval '1 hour' end
   from (
     select i, now() - random() * interval '365 days' as created,
       (array['paid', 'paid', 'pending', 'expired', 'paid', 'paid', 'pending', 'canceled'])[1 + i % 8] as status,
       case when i % 3 = 0 then 'annual' else 'monthly' end as billing,
       case when i % 3 = 0 then (array[49000, 99000, 199000])[1 + (i / 3) % 3] else (array[4900, 9900, 19900])[1 + i % 3] end
         as cents
     from generate_series(1, 20000) as i
   ) as generated`,
  `insert into funnel_daily_counts (day, event, count)
   select day::date, event, (1000 * weight * (0.8 + random() * 0.4))::int
   from generate_series(current_date - 364, current_date, interval '1 day') as day
   cross join (values ('landing_view', 1.0), ('checkout_opened', 0.2), ('checkout_info_completed', 0.12),
     ('checkout_plan_chosen', 0.1), ('order_created', 0.08), ('order_paid', 0.05), ('demo_submitted', 0.03),
     ('demo_booked', 0.015)) as events (event, weight)`,
  `analyze demo_requests, orders, funnel_daily_counts`,
];

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
const round = (value) => Number(value.toFixed(1));

async function measure(url, cookie, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie } });
    const html = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200 || !html.includes('id="dashboard"')) {
      throw new Error(`GET ${url} answered ${response.status} without the dashboard`);
    }
  }
  return times;
}

/** Runs the dashboard case if `cases` names it; returns the bench results (none otherwise). */
export async function runDashboardCases({ cases, runs = 30, warmup = 5 }) {
  if (!cases.includes("dashboard")) return [];
  const created = await createDatabase("gw_bench_dashboard");
  let server;
  try {
    server = await startAppServer({
      env: { DATABASE_URL: created.url, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
    });
    const sql = postgres(created.url, { max: 1, onnotice: () => {} });
    const seedStarted = performance.now();
    try {
      for (const statement of dashboardSeed) await sql.unsafe(statement);
    } finally {
      await sql.end();
    }
    console.log(`bench: dashboard seeded in ${Math.round(performance.now() - seedStarted)} ms`);
    const cookie = await adminSessionCookie(server.baseUrl, admin);
    const url = `${server.baseUrl}/admin?range=90`;
    await measure(url, cookie, warmup);
    const loadBefore = loadavg();
    const times = (await measure(url, cookie, runs)).sort((a, b) => a - b);
    const result = {
      case: "GET /admin?range=90 (dashboard, a year of data)",
      database: "postgres",
      runs,
      seeded: { leads: 100_000, orders: 20_000, funnelCounters: 365 * 8 },
      latencyMs: {
        // p50 is the median under the name the bench table prints.
        p50: round(percentile(times, 0.5)),
        median: round(percentile(times, 0.5)),
        p95: round(percentile(times, 0.95)),
        min: round(times[0]),
        max: round(times.at(-1)),
      },
      budgetMs: dashboardBudgetMs,
      loadAverage: [...loadBefore, ...loadavg()].map((value) => Number(value.toFixed(2))),
    };
    result.withinBudget = result.latencyMs.median <= dashboardBudgetMs;
    return [result];
  } finally {
    await server?.stop();
    await dropDatabase(created.name);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const numberFromEnv = (name, fallback) => Number(process.env[name] ?? fallback);
  const [result] = await runDashboardCases({
    cases: ["dashboard"],
    runs: numberFromEnv("BENCH_DASHBOARD_RUNS", 30),
    warmup: numberFromEnv("BENCH_DASHBOARD_WARMUP", 5),
  });
  console.log(
    `bench: ${cpus().length} CPUs (${cpus()[0]?.model}), load average before → after ${result.loadAverage.join(" ")}`,
  );
  console.log(`${result.case}: ${result.runs} runs`, result.latencyMs);
  if (!result.withinBudget) {
    console.error(`bench: the median ${result.latencyMs.median} ms is over the ${dashboardBudgetMs} ms budget`);
    process.exitCode = 1;
  }
}
