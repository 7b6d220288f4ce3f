import * as fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { createUser } from "~/models/admin/user.server";
import { loader as csvLoader } from "~/routes/admin.dashboard[.]csv";
import { dashboardCharts } from "~/utils/dashboard-tables";
import { calendarDaysBetween, isCalendarDate } from "~/utils/time/calendar-date";
import { describeWithDatabases } from "../support/database";
import { fuzzRuns, hostileString } from "../support/hostile-arbitraries";
import { origin, signIn } from "../support/route-calls";

const admin = { username: "fuzz-dashboard", password: "fuzz-dashboard-password-1" };

// Dates near the edges: real and impossible days, leap days, far past and future, other spellings.
const dateLike = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
  fc
    .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom("2024-02-29", "2025-02-29", "2026-03-08", "2026-11-01", "0000-01-01", "9999-12-31", "2026-1-1"),
  hostileString,
);

const rangeCase = fc.record({
  chart: fc.oneof(fc.constantFrom(...dashboardCharts), hostileString),
  range: fc.option(fc.oneof(fc.constantFrom("7", "30", "90", "0", "-7", "365", "7.0", " 30 "), hostileString), {
    nil: undefined,
  }),
  from: fc.option(dateLike, { nil: undefined }),
  to: fc.option(dateLike, { nil: undefined }),
});

describeWithDatabases("dashboard range fuzz", () => {
  let cookie: string;
  beforeAll(async () => {
    await createUser(admin.username, admin.password);
    cookie = await signIn(admin.username, admin.password);
  });

  it(`${fuzzRuns} hostile ranges never get a 5xx, and a range is only ever whole days, at most 366 of them`, async () => {
    await fc.assert(
      fc.asyncProperty(rangeCase, async (input) => {
        const params = new URLSearchParams();
        for (const key of ["chart", "range", "from", "to"] as const)
          if (input[key] !== undefined) params.set(key, input[key]!);
        const request = new Request(`${origin}/admin/dashboard.csv?${params}`, { headers: { Cookie: cookie } });
        const response = await csvLoader({ request, params: {}, context: {} });
        if (!(dashboardCharts as readonly string[]).includes(input.chart)) {
          expect(response.status).toBe(400);
          return;
        }
        expect(response.status).toBe(200);
        const disposition = response.headers.get("Content-Disposition") ?? "";
        const [, from, to] = /filename="dashboard-\w+-(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(
          disposition,
        )!;
        expect(isCalendarDate(from) && isCalendarDate(to)).toBe(true);
        const days = calendarDaysBetween(from, to) + 1;
        expect(days).toBeGreaterThanOrEqual(1);
        expect(days).toBeLessThanOrEqual(366);
        const lines = (await response.text()).split("\r\n");
        if (["leads", "orders", "mrr"].includes(input.chart)) expect(lines).toHaveLength(days + 2);
      }),
      { numRuns: fuzzRuns },
    );
  }, 600_000);
});
