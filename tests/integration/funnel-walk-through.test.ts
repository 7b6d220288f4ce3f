// The funnel (issue #16, ADR 0021) as a visitor walks it, over HTTP through the production build, each database
// with a server and counters of its own (the e2e server's are shared by tests running in parallel): a full
// test-mode checkout counts each step once, however often the pages are reloaded, revalidated or refused; a
// visitor with DNT: 1 or Sec-GPC: 1 and a bot count nothing; the anonymous landing page stays one shared document
// with the beacon in it; and a database that is gone never turns a beacon into an error. Needs `npm run build`.
import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelEvents, type FunnelEvent } from "~/content/funnel-events";
import { selectedDatabases } from "../support/database";
import { startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { startTcpProxy, throughProxy } from "../support/tcp-proxy.mjs";

type App = Awaited<ReturnType<typeof startAppServer>>;
type Counts = Record<FunnelEvent, number>;

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const info = { companyName: "Ruiz Roofing", fullName: "Ana Ruiz", phone: "+1 555 010 2000" };

/** A visitor: the headers its browser sends on every request, and the cookies the site gave it. */
function visitor(app: App, headers: Record<string, string>) {
  const base = app.baseUrl;
  let cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      cookies.set(name, value.join("="));
    }
    return response;
  };
  const send = async (target: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    keep(
      await fetch(`${base}${target}`, {
        ...init,
        redirect: "manual",
        headers: {
          "User-Agent": chrome,
          ...headers,
          ...(cookies.size ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {}),
          ...init.headers,
        },
      }),
    );
  return {
    /** A page loaded by following a link from `from` (a page of this site). */
    open: (target: string, from = "/", extra: Record<string, string> = {}) =>
      send(target, { headers: { Referer: `${base}${from}`, ...extra } }),
    /** A form posted from the page `from`, as a browser posts it. */
    post: (target: string, from: string, fields: Record<string, string>) =>
      send(target, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: {
          Origin: base,
          Referer: `${base}${from}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
      }),
    beacon: () =>
      send("/api/events", {
        method: "POST",
        body: "landing_view",
        headers: { Origin: base, Referer: `${base}/`, "Content-Type": "text/plain;charset=UTF-8" },
      }),
    forget: () => (cookies = new Map()),
  };
}

/** Landing view, checkout opened with refreshes, revalidations and a refused step 1, Edit, Complete Order, pay. */
async function walkThrough(app: App, headers: Record<string, string> = {}) {
  const browser = visitor(app, headers);
  const statuses: Record<string, number> = {};
  const step = async (name: string, response: Promise<Response>) => {
    const answered = await response;
    await answered.arrayBuffer();
    statuses[name] = answered.status;
    return answered;
  };
  await step("landing", browser.open("/", "/"));
  await step("beacon", browser.beacon());
  const opening = "/?checkout=info&plan=scale-master";
  await step("open", browser.open(opening));
  await step("refresh", browser.open(opening, "/", { "Cache-Control": "max-age=0" }));
  await step("hard refresh", browser.open(opening, "/", { "Cache-Control": "no-cache", Pragma: "no-cache" }));
  const stepOne = { intent: "checkout-info", ...info, planIds: "scale-master", billing: "monthly" };
  await step("refused step 1", browser.post(`/?index&checkout=info&plan=scale-master`, opening, stepOne));
  // With JavaScript, Remix asks the page's loader again after the action.
  await step(
    "revalidation",
    browser.open(`/_root.data?checkout=info&plan=scale-master&_routes=routes%2F_index`, opening),
  );
  const email = `walk-${crypto.randomUUID()}@ruizroofing.com`;
  const accepted = await step(
    "step 1",
    browser.post(`/?index&checkout=info&plan=scale-master`, opening, { ...stepOne, email }),
  );
  await step("plan step", browser.open(accepted.headers.get("Location") ?? "", opening));
  await step("edit details", browser.open("/?checkout=info&edit=1", "/?checkout=plan"));
  await step("plan step again", browser.open("/?checkout=plan", "/?checkout=info&edit=1"));
  const order = {
    intent: "checkout-pay",
    planIds: "scale-master",
    billing: "monthly",
    attemptId: crypto.randomUUID(),
  };
  const placed = await step("complete order", browser.post("/?index&checkout=plan", "/?checkout=plan", order));
  const payPage = new URL(placed.headers.get("Location") ?? "/", app.baseUrl);
  const payTarget = `${payPage.pathname}${payPage.search}`;
  await step("pay", browser.post(payTarget, payTarget, { intent: "pay" }));
  await step("pay again", browser.post(payTarget, payTarget, { intent: "pay" }));
  return statuses;
}

const expectedStatuses = {
  landing: 200,
  beacon: 204,
  open: 200,
  refresh: 200,
  "hard refresh": 200,
  "refused step 1": 422,
  revalidation: 200,
  "step 1": 302,
  "plan step": 200,
  "edit details": 200,
  "plan step again": 200,
  "complete order": 303,
  pay: 303,
  "pay again": 303,
};

const zero = () => Object.fromEntries(funnelEvents.map((event) => [event, 0])) as Counts;

function countsOf(rows: Array<{ event: string; count: number }>): Counts {
  const counts = zero();
  for (const row of rows) counts[row.event as FunnelEvent] += Number(row.count);
  return counts;
}

const onePerStep = {
  ...zero(),
  landing_view: 1,
  checkout_opened: 1,
  checkout_info_completed: 1,
  checkout_plan_chosen: 1,
  order_created: 1,
  order_paid: 1,
};

/** Opted out, then a bot, then one ordinary visitor: only the last one may be counted. */
async function walkAll(app: App) {
  expect(await walkThrough(app, { DNT: "1" })).toEqual(expectedStatuses);
  expect(await walkThrough(app, { "Sec-GPC": "1" })).toEqual(expectedStatuses);
  expect(await walkThrough(app, { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0)" })).toEqual(expectedStatuses);
  expect(await walkThrough(app)).toEqual(expectedStatuses);
}

async function expectSharedLandingPage(app: App) {
  const first = await fetch(`${app.baseUrl}/`, { headers: { "User-Agent": chrome } });
  const second = await fetch(`${app.baseUrl}/`, { headers: { "User-Agent": "Mozilla/5.0 Firefox/133.0" } });
  const [html, again] = [await first.text(), await second.text()];
  expect(first.headers.get("Cache-Control")).toMatch(/^public\b/);
  expect(first.headers.get("ETag")).toBeTruthy();
  expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
  expect(again).toBe(html);
  // The beacon is sent by the page's code; the pixel is for a browser without JavaScript.
  expect(html).toContain(`<noscript><img src="/api/events?event=landing_view" alt="" class="sr-only"/></noscript>`);
  // A page with the checkout open reports no view: its views are the checkout's steps (not counted here: DNT).
  const checkout = await (
    await fetch(`${app.baseUrl}/?checkout=info`, { headers: { "User-Agent": chrome, DNT: "1" } })
  ).text();
  expect(checkout).not.toContain("/api/events?event=landing_view");
}

describe.runIf(selectedDatabases().includes("pglite"))("funnel walk-through [pglite]", () => {
  let app: App;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "gw-funnel-"));
    app = await startAppServer({ env: { PGLITE_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a checkout walked through counts once per step; DNT: 1, Sec-GPC: 1 and a bot count nothing", async () => {
    await expectSharedLandingPage(app);
    await walkAll(app);
    // PGlite is one process's database: read once the server has let it go.
    await app.stop();
    const db = new PGlite(dataDir);
    try {
      const { rows } = await db.query<{ event: string; count: number }>("select event, count from funnel_daily_counts");
      expect(countsOf(rows)).toEqual(onePerStep);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(selectedDatabases().includes("postgres"))("funnel walk-through [postgres]", () => {
  let app: App;
  let database: { name: string; url: string };
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let sql: ReturnType<typeof postgres>;
  const counts = async () =>
    countsOf(await sql<{ event: string; count: number }[]>`select event, count from funnel_daily_counts`);

  beforeAll(async () => {
    database = await createDatabase("gw_funnel");
    const url = new URL(database.url);
    proxy = await startTcpProxy({ targetHost: url.hostname, targetPort: Number(url.port || 5432) });
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    app = await startAppServer({ env: { DATABASE_URL: throughProxy(database.url, proxy.port) } });
  });
  afterAll(async () => {
    await app?.stop();
    await sql?.end({ timeout: 5 });
    await proxy?.close();
    if (database) await dropDatabase(database.name);
  });

  it("a checkout walked through counts once per step; DNT: 1, Sec-GPC: 1 and a bot count nothing", async () => {
    await expectSharedLandingPage(app);
    await walkAll(app);
    expect(await counts()).toEqual(onePerStep);
    // Every walk paid its order (counted or not), and each payment is stamped for the dashboard's revenue.
    const paid = await sql`select paid_at from orders where status = 'paid'`;
    expect(paid).toHaveLength(4);
    for (const order of paid) expect(order.paid_at).toBeInstanceOf(Date);
  });

  it("with the database gone, a beacon still answers 204 and the failure is logged", async () => {
    const before = await counts();
    proxy.cut();
    try {
      const browser = visitor(app, {});
      const response = await browser.beacon();
      expect(response.status).toBe(204);
      await expect.poll(() => app.output(), { timeout: 15_000 }).toContain("funnel count failed");
    } finally {
      proxy.restore();
    }
    expect(await counts()).toEqual(before);
  });
});
