// The /admin dashboard's figures on known rows, through the real loaders, on PGlite and PostgreSQL: days in the
// business's time zone (America/Chicago here), MRR with annual orders as a twelfth, funnel drop-offs, sources and
// campaigns, range validation, and the CSV download.
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoRequests, funnelDailyCounts, orders } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import { createUser } from "~/models/admin/user.server";
import { loader as adminLoader } from "~/routes/admin._index";
import { loader as csvLoader } from "~/routes/admin.dashboard[.]csv";
import type { Dashboard } from "~/schemas/dashboard-views";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

// Response.text() drops the BOM the export starts with; the test must see it.
const body = async (response: Response) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

const get = (path: string, cookie?: string) =>
  new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

let serial = 0;
function lead(createdAt: string, values: Partial<typeof demoRequests.$inferInsert> = {}) {
  serial += 1;
  return {
    firstName: "Lee",
    lastName: `Dash${serial}`,
    email: `dash${serial}@example.com`,
    phone: "555 010 3000",
    company: "Dash Plumbing",
    createdAt: new Date(createdAt),
    ...values,
  };
}

function order(
  status: "pending" | "paid" | "expired",
  billingPeriod: "monthly" | "annual",
  totalCents: number,
  createdAt: string,
  paidAt: string | null,
  values: Partial<typeof orders.$inferInsert> = {},
): typeof orders.$inferInsert {
  serial += 1;
  return {
    status,
    planIds: ["starter"],
    billingPeriod,
    subtotalCents: totalCents,
    totalCents,
    companyName: "Dash Roofing",
    fullName: "Dana Dash",
    email: `order${serial}@example.com`,
    phone: "555 010 4000",
    provider: "test",
    livemode: true,
    attemptId: `attempt-${serial}`,
    createdAt: new Date(createdAt),
    paidAt: paidAt ? new Date(paidAt) : null,
    ...values,
  };
}

describeWithDatabases(
  "the admin dashboard",
  (kind) => {
    let cookie: string;

    async function dashboard(query: string): Promise<Dashboard> {
      const response = await respond(() => adminLoader(args(get(`/admin?${query}`, cookie))));
      expect(response.status).toBe(200);
      return (await response.json()).dashboard;
    }

    beforeAll(async () => {
      // Chicago is on daylight time (UTC−5) from 2026-03-08: local midnight is 05:00 UTC.
      setClock(new Date("2026-03-20T18:00:00Z"));
      await createUser(`dash-${kind}`, "a-long-admin-password-42");
      cookie = await signIn(`dash-${kind}`, "a-long-admin-password-42");
      const db = getDb();
      await db.insert(demoRequests).values([
        lead("2026-03-16T12:00:00Z", { utmSource: "google" }), // before the range
        lead("2026-03-17T15:00:00Z", { utmSource: "google", utmCampaign: "spring-roofing" }),
        lead("2026-03-18T04:30:00Z", { referrerHost: "bing.com" }), // 23:30 on the 17th in Chicago
        lead("2026-03-18T05:30:00Z"), // 00:30 on the 18th
        lead("2026-03-20T04:59:00Z", { utmSource: "google", utmCampaign: "spring-roofing" }), // 23:59 on the 19th
        lead("2026-03-20T05:00:00Z", { utmSource: "google" }), // the 20th: after the range
        lead("2026-03-05T15:00:00Z", { utmSource: '=HYPERLINK("http://x")', utmCampaign: "+1" }),
      ]);
      await db.insert(orders).values([
        // Paid before the range: the MRR starts at $100.
        order("paid", "monthly", 10_000, "2026-03-10T15:00:00Z", "2026-03-10T16:00:00Z", { utmSource: "google" }),
        // Paid at 23:30 on the 17th in Chicago: that day's revenue, a twelfth of it a month.
        order("paid", "annual", 120_000, "2026-03-17T20:00:00Z", "2026-03-18T04:30:00Z", {
          utmSource: "google",
          utmCampaign: "spring-roofing",
        }),
        order("paid", "monthly", 5_000, "2026-03-18T15:00:00Z", "2026-03-18T15:05:00Z", { referrerHost: "bing.com" }),
        order("pending", "monthly", 7_000, "2026-03-19T15:00:00Z", null),
        order("expired", "annual", 99_999, "2026-03-19T16:00:00Z", null),
        order("paid", "monthly", 3_000, "2026-03-20T06:00:00Z", "2026-03-20T06:00:00Z"), // after the range
      ]);
      const counts: [string, string, number][] = [
        ["2026-03-16", "landing_view", 999],
        ["2026-03-17", "landing_view", 100],
        ["2026-03-18", "landing_view", 100],
        ["2026-03-17", "checkout_opened", 30],
        ["2026-03-19", "checkout_opened", 20],
        ["2026-03-18", "checkout_info_completed", 20],
        ["2026-03-18", "checkout_plan_chosen", 20],
        ["2026-03-19", "order_created", 10],
        ["2026-03-17", "demo_submitted", 8],
        ["2026-03-19", "demo_booked", 2],
      ];
      await db
        .insert(funnelDailyCounts)
        .values(counts.map(([day, event, count]) => ({ day, event: event as "landing_view", count })));
    });
    afterAll(() => setClock(undefined));

    it("counts leads, orders, paid revenue and MRR per business day, empty days included", async () => {
      const data = await dashboard("from=2026-03-17&to=2026-03-19");
      expect(data.range).toMatchObject({ from: "2026-03-17", to: "2026-03-19", days: 3, timeZone: "America/Chicago" });
      expect(data.form.errors).toEqual([]);
      expect(data.daily).toEqual([
        {
          day: "2026-03-17",
          leads: 2,
          orders: 1,
          paidOrders: 1,
          paidRevenueCents: 120_000,
          testOrdersPaid: 0,
          mrrCents: 20_000,
        },
        {
          day: "2026-03-18",
          leads: 1,
          orders: 1,
          paidOrders: 1,
          paidRevenueCents: 5_000,
          testOrdersPaid: 0,
          mrrCents: 25_000,
        },
        {
          day: "2026-03-19",
          leads: 1,
          orders: 2,
          paidOrders: 0,
          paidRevenueCents: 0,
          testOrdersPaid: 0,
          mrrCents: 25_000,
        },
      ]);
    });

    it("a preset ends today in the business's time zone", async () => {
      const data = await dashboard("range=7");
      expect(data.range).toMatchObject({ from: "2026-03-14", to: "2026-03-20", preset: 7, days: 7 });
      expect(data.daily.map((day) => day.leads)).toEqual([0, 0, 1, 2, 1, 1, 1]);
      expect(data.daily.at(-1)).toMatchObject({ paidRevenueCents: 3_000, mrrCents: 28_000 });
      expect((await dashboard("")).range).toMatchObject({ from: "2026-02-19", to: "2026-03-20", preset: 30 });
    });

    it("sums the funnel over the range with the drop-off between neighbouring steps", async () => {
      const data = await dashboard("from=2026-03-17&to=2026-03-19");
      expect(data.checkoutFunnel.map((step) => [step.event, step.count, step.dropOffPercent])).toEqual([
        ["landing_view", 200, null],
        ["checkout_opened", 50, 75],
        ["checkout_info_completed", 20, 60],
        ["checkout_plan_chosen", 20, 0],
        ["order_created", 10, 50],
        ["order_paid", 0, 100],
      ]);
      expect(data.demoFunnel.map((step) => [step.label, step.count, step.dropOffPercent])).toEqual([
        ["Demo form submitted", 8, null],
        ["Demo booked", 2, 75],
      ]);
    });

    it("ranks sources and campaigns by paid revenue, orders and leads", async () => {
      const data = await dashboard("from=2026-03-17&to=2026-03-19");
      expect(data.sources).toEqual([
        { name: "google", leads: 2, orders: 1, paidRevenueCents: 120_000 },
        { name: "bing.com", leads: 1, orders: 1, paidRevenueCents: 5_000 },
        { name: "(direct)", leads: 1, orders: 2, paidRevenueCents: 0 },
      ]);
      expect(data.campaigns).toEqual([
        { name: "spring-roofing", leads: 2, orders: 1, paidRevenueCents: 120_000 },
        { name: "(none)", leads: 2, orders: 3, paidRevenueCents: 5_000 },
      ]);
    });

    it("a day that daylight saving shortens keeps its own hours (Chicago, 2026-03-08 has 23)", async () => {
      await getDb()
        .insert(demoRequests)
        .values([
          lead("2026-03-08T05:59:00Z", { utmSource: "dst" }), // 23:59 CST on the 7th
          lead("2026-03-08T06:00:00Z", { utmSource: "dst" }), // 00:00 CST on the 8th
          lead("2026-03-09T04:59:00Z", { utmSource: "dst" }), // 23:59 CDT on the 8th
          lead("2026-03-09T05:00:00Z", { utmSource: "dst" }), // 00:00 CDT on the 9th
        ]);
      const data = await dashboard("from=2026-03-07&to=2026-03-09");
      expect(data.daily.map((day) => [day.day, day.leads])).toEqual([
        ["2026-03-07", 1],
        ["2026-03-08", 2],
        ["2026-03-09", 1],
      ]);
      expect(data.sources).toContainEqual({ name: "dst", leads: 4, orders: 0, paidRevenueCents: 0 });
    });

    it("explains a bad range on the page and shows the default range instead, never a 500", async () => {
      const cases: [string, string[]][] = [
        ["from=2026-03-19&to=2026-03-17", ["The start date must be on or before the end date."]],
        ["from=2025-01-01&to=2026-01-02", ["A range may span at most 366 days."]],
        ["from=2026-02-30&to=2026-03-02", ["The start date must be a real date written YYYY-MM-DD."]],
        ["from=2026-03-01", ["Enter the end date."]],
        ["from=yesterday&to=", ["The start date must be a real date written YYYY-MM-DD.", "Enter the end date."]],
        ["range=45", ["Choose a range of 7, 30 or 90 days."]],
        [`range=${"9".repeat(100)}`, ["Choose a range of 7, 30 or 90 days."]],
      ];
      for (const [query, errors] of cases) {
        const data = await dashboard(query);
        expect(data.form.errors, query).toEqual(errors);
        expect(data.range, query).toMatchObject({ from: "2026-02-19", to: "2026-03-20", days: 30 });
      }
      const leapYear = await dashboard("from=2024-01-01&to=2024-12-31");
      expect(leapYear.form.errors).toEqual([]);
      expect(leapYear.daily).toHaveLength(366);
    });

    it("test-mode orders (livemode false) are counted apart, never in paid revenue, sources or MRR", async () => {
      await getDb()
        .insert(orders)
        .values([
          order("paid", "monthly", 50_000, "2026-01-10T15:00:00Z", "2026-01-10T15:05:00Z", {
            livemode: false,
            utmSource: "sandbox",
          }),
          order("paid", "annual", 600_000, "2026-01-11T15:00:00Z", "2026-01-11T15:05:00Z", { livemode: false }),
        ]);
      const january = await dashboard("from=2026-01-10&to=2026-01-11");
      expect(january.daily).toEqual([
        { day: "2026-01-10", leads: 0, orders: 1, paidOrders: 0, paidRevenueCents: 0, testOrdersPaid: 1, mrrCents: 0 },
        { day: "2026-01-11", leads: 0, orders: 1, paidOrders: 0, paidRevenueCents: 0, testOrdersPaid: 1, mrrCents: 0 },
      ]);
      expect(january.sources).toContainEqual({ name: "sandbox", leads: 0, orders: 1, paidRevenueCents: 0 });
      const page = await (await respond(() => adminLoader(args(get("/admin", cookie))))).json();
      const listed = page.orders.items.filter((item: { livemode: boolean }) => !item.livemode);
      expect(listed).toHaveLength(2);
      // Paid before a later range, they do not start its MRR either.
      expect((await dashboard("from=2026-03-17&to=2026-03-17")).daily[0]).toMatchObject({ mrrCents: 20_000 });
      const csv = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=orders&from=2026-01-10&to=2026-01-10", cookie))),
      );
      expect(await body(csv)).toBe(
        "\uFEFFDay,Orders created,Orders paid,Paid revenue,Test orders paid (not revenue)\r\n2026-01-10,1,0,0.00,1\r\n",
      );
    });

    it("downloads a chart's rows as CSV for admins only, with formulas defused", async () => {
      const anonymous = await respond(() => csvLoader(args(get("/admin/dashboard.csv?chart=sources"))));
      expect(anonymous.status).toBe(302);

      const response = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=orders&from=2026-03-17&to=2026-03-19", cookie))),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe(
        'attachment; filename="dashboard-orders-2026-03-17-to-2026-03-19.csv"',
      );
      expect(await body(response)).toBe(
        "\uFEFFDay,Orders created,Orders paid,Paid revenue,Test orders paid (not revenue)\r\n" +
          "2026-03-17,1,1,1200.00,0\r\n2026-03-18,1,1,50.00,0\r\n2026-03-19,2,0,0.00,0\r\n",
      );

      const sources = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=sources&from=2026-03-05&to=2026-03-05", cookie))),
      );
      expect(await body(sources)).toBe(
        '\uFEFFSource,Leads,Orders,Paid revenue\r\n"\'=HYPERLINK(""http://x"")",1,0,0.00\r\n',
      );
      const campaigns = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=campaigns&from=2026-03-05&to=2026-03-05", cookie))),
      );
      expect(await body(campaigns)).toBe("\uFEFFCampaign,Leads,Orders,Paid revenue\r\n'+1,1,0,0.00\r\n");

      const funnel = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=funnel&from=2026-03-17&to=2026-03-19", cookie))),
      );
      expect((await body(funnel)).split("\r\n").slice(0, 3)).toEqual([
        "\uFEFFFunnel,Step,Count,Drop-off from previous step",
        "Checkout,Landing page views,200,",
        "Checkout,Checkout opened,50,75",
      ]);

      const unknown = await respond(() => csvLoader(args(get("/admin/dashboard.csv?chart=secrets", cookie))));
      expect(unknown.status).toBe(400);
    });
  },
  { DEMO_TIME_ZONE: "America/Chicago" },
);
