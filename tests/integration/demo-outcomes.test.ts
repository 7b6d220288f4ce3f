// Demo outcomes (issue #24, ADR 0032) through the real admin action, loader and CSV route, on PGlite and
// PostgreSQL, with the clock frozen: marking a past demo (and refusing a future one, an unknown id, a cancelled
// booking, a bad value, a stranger and a cross-site form), the past-demos list, and the show rate per ISO week and per
// host with the bookings per host, from a known set of bookings across two hosts and three weeks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { demoBookings, demoRequests } from "~/db/schema.server";
import { findBooking } from "~/models/demo/booking.server";
import { createUser } from "~/models/admin/user.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin._index";
import { loader as csvLoader } from "~/routes/admin.dashboard[.]csv";
import type { Dashboard } from "~/schemas/dashboard-views";
import type { PastDemos } from "~/schemas/demo-outcome";
import { currentHosts } from "~/services/demo/hosts.server";
import { isoWeekOf, showRatePercent } from "~/services/demo/outcomes.server";
import { mondayOf } from "~/utils/time/calendar-date";
import { setClock } from "~/utils/time/clock.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

// Response.text() drops the BOM the export starts with; the test must see it.
const body = async (response: Response) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

// Wednesday 2026-03-25, 1:00 PM in Chicago (daylight time, UTC−5, since 2026-03-08).
const NOW = new Date("2026-03-25T18:00:00Z");

type Outcome = "held" | "no-show" | "host-cancelled" | null;
type Seed = { key: string; start: string; host: "host-1" | "host-2"; outcome: Outcome; cancelled?: boolean };

// ISO weeks in Chicago: W11 is Mon 2026-03-09 … Sun 03-15, W12 is 03-16 … 03-22, W13 starts on 03-23.
const seeds: Seed[] = [
  { key: "before", start: "2026-03-06T15:00:00Z", host: "host-1", outcome: "held" }, // before the range
  { key: "w11-a", start: "2026-03-10T15:00:00Z", host: "host-1", outcome: "held" },
  { key: "w11-b", start: "2026-03-11T15:00:00Z", host: "host-1", outcome: "held" },
  { key: "w11-c", start: "2026-03-11T15:00:00Z", host: "host-2", outcome: "no-show" },
  { key: "w11-d", start: "2026-03-12T15:00:00Z", host: "host-2", outcome: "host-cancelled" },
  { key: "w11-e", start: "2026-03-13T15:00:00Z", host: "host-1", outcome: null },
  // Cancelled by the visitor: no outcome, in no figure.
  { key: "w11-cancelled", start: "2026-03-13T16:00:00Z", host: "host-2", outcome: null, cancelled: true },
  { key: "w12-a", start: "2026-03-16T15:00:00Z", host: "host-1", outcome: "no-show" },
  { key: "w12-b", start: "2026-03-17T15:00:00Z", host: "host-2", outcome: "held" },
  { key: "w12-c", start: "2026-03-18T15:00:00Z", host: "host-2", outcome: "held" },
  // 11:30 PM on Sunday the 22nd in Chicago (already Monday in UTC): week 12 of the business's zone.
  { key: "w12-sunday", start: "2026-03-23T04:30:00Z", host: "host-1", outcome: "held" },
  { key: "w13-a", start: "2026-03-24T15:00:00Z", host: "host-1", outcome: null },
  // 2:00 PM today: not ended at 1:00 PM, so booked but not rated, and refused an outcome.
  { key: "w13-later", start: "2026-03-25T19:00:00Z", host: "host-2", outcome: null },
  { key: "after", start: "2026-03-30T15:00:00Z", host: "host-1", outcome: null }, // after the range
];

describe("ISO weeks and the show rate (no database)", () => {
  it("weeks start on Monday and take the year of their Thursday", () => {
    expect(mondayOf("2026-03-22")).toBe("2026-03-16");
    expect(mondayOf("2026-03-23")).toBe("2026-03-23");
    expect(isoWeekOf("2026-03-16")).toBe("2026-W12");
    expect(isoWeekOf("2025-12-29")).toBe("2026-W01");
    expect(isoWeekOf("2020-12-28")).toBe("2020-W53");
    expect(isoWeekOf("2027-01-04")).toBe("2027-W01");
    expect(isoWeekOf("0100-01-04")).toBe("0100-W01");
    expect(isoWeekOf("9999-12-27")).toBe("9999-W52");
  });

  it("is held ÷ (held + no-show), one decimal, null with neither", () => {
    expect(showRatePercent({ held: 2, noShow: 1 })).toBe(66.7);
    expect(showRatePercent({ held: 0, noShow: 3 })).toBe(0);
    expect(showRatePercent({ held: 0, noShow: 0 })).toBeNull();
  });
});

describeWithDatabases(
  "demo outcomes and show rates",
  (kind) => {
    let cookie: string;
    const ids: Record<string, string> = {};

    const get = (path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });
    const post = (fields: Record<string, string>, { headers = {}, path = "/admin?index" } = {}) =>
      new Request(`${origin}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie,
          Origin: origin,
          ...headers,
        },
        body: new URLSearchParams(fields),
      });
    const mark = (key: string, outcome: string, path?: string) =>
      respond(() => adminAction(args(post({ intent: "demo-outcome", bookingId: ids[key] ?? key, outcome }, { path }))));
    /** The toast a redirect carries (what the next page shows). */
    const toastOf = async (response: Response) => {
      const setCookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
      return (await getToast(new Request(`${origin}/admin`, { headers: { Cookie: setCookie } }))).toast;
    };
    const outcomeOf = async (key: string) => (await findBooking(ids[key]))?.booking.outcome;
    const page = async (query: string) => {
      const response = await respond(() => adminLoader(args(get(`/admin?${query}`))));
      expect(response.status).toBe(200);
      return (await response.json()) as { dashboard: Dashboard; pastDemos: PastDemos };
    };

    beforeAll(async () => {
      setClock(NOW);
      await createUser(`outcomes-${kind}`, "a-long-admin-password-42");
      cookie = await signIn(`outcomes-${kind}`, "a-long-admin-password-42");
      await currentHosts(); // seeds host-1 and host-2 (DEMO_HOSTS=2) on this fresh database
      const db = getDb();
      for (const [index, seed] of seeds.entries()) {
        const [lead] = await db
          .insert(demoRequests)
          .values({
            firstName: "Olu",
            lastName: `Outcome${index}`,
            email: `outcome${index}@example.com`,
            phone: "555 010 5000",
            company: `Outcome Roofing ${seed.key}`,
          })
          .returning();
        const start = new Date(seed.start);
        const [booking] = await db
          .insert(demoBookings)
          .values({
            demoRequestId: lead.id,
            slotStart: start,
            slotEnd: new Date(start.getTime() + 15 * 60_000),
            hostId: seed.host,
            status: seed.cancelled ? "cancelled" : "booked",
            cancelledAt: seed.cancelled ? start : null,
          })
          .returning();
        ids[seed.key] = booking.id;
      }
    });
    afterAll(() => setClock(undefined));

    it("refuses strangers, cross-site forms and outcomes that are not one of the three", async () => {
      const anonymous = await respond(() =>
        adminAction(
          args(
            new Request(`${origin}/admin?index`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
              body: new URLSearchParams({ intent: "demo-outcome", bookingId: ids["w11-a"], outcome: "held" }),
            }),
          ),
        ),
      );
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);

      const crossSite = await respond(() =>
        adminAction(
          args(
            post(
              { intent: "demo-outcome", bookingId: ids["w11-a"], outcome: "held" },
              { headers: { Origin: "https://evil.example" } },
            ),
          ),
        ),
      );
      expect(crossSite.status).toBe(403);

      for (const outcome of ["maybe", "", "HELD", " held", "held ", "cancelled"]) {
        const refused = await mark("w11-a", outcome);
        expect(refused.status, JSON.stringify(outcome)).toBe(400);
        expect(await refused.text()).toBe("Unknown outcome; use one of held, no-show, host-cancelled.");
      }
      const missing = await respond(() => adminAction(args(post({ intent: "demo-outcome", bookingId: ids["w11-a"] }))));
      expect(missing.status).toBe(400);
      const noBooking = await respond(() => adminAction(args(post({ intent: "demo-outcome", outcome: "held" }))));
      expect(noBooking.status).toBe(400);
      expect(await outcomeOf("w11-a")).toBeNull();
    });

    it("refuses a demo that has not ended, a cancelled booking and an unknown id, with a toast that says why", async () => {
      const later = await mark("w13-later", "held");
      expect(later.status).toBe(302);
      expect(later.headers.get("Location")).toBe("/admin#past-demos");
      expect(await toastOf(later)).toMatchObject({
        type: "error",
        message: "Outcome not saved",
        description: "That demo has not ended yet: an outcome can be recorded once its slot is over.",
      });
      expect(await outcomeOf("w13-later")).toBeNull();

      const cancelled = await mark("w11-cancelled", "no-show");
      expect(await toastOf(cancelled)).toMatchObject({
        type: "error",
        description: "That demo was cancelled before it took place, so it has no outcome.",
      });
      expect(await outcomeOf("w11-cancelled")).toBeNull();

      for (const bookingId of [crypto.randomUUID(), "no-such-booking", "a\u0000b", "x".repeat(500)]) {
        const unknown = await mark(bookingId, "held");
        expect(unknown.status, bookingId.slice(0, 20)).toBe(302);
        expect(await toastOf(unknown)).toMatchObject({ type: "error", message: "Demo not found" });
      }
    });

    it("marks past demos, keeps the page's query on the way back, and lets a mark be changed", async () => {
      for (const seed of seeds) {
        if (!seed.outcome) continue;
        const response = await mark(seed.key, seed.outcome);
        expect(response.status, seed.key).toBe(302);
        expect(await toastOf(response)).toMatchObject({ type: "success", message: "Outcome saved" });
      }
      expect(await outcomeOf("w11-d")).toBe("host-cancelled");
      const stored = (await findBooking(ids["w12-a"]))!.booking;
      expect(stored).toMatchObject({ outcome: "no-show", status: "booked", sequence: 0 });
      expect(stored.outcomeAt).toBeInstanceOf(Date);

      // A mistake, corrected: held, then back to no-show; the same mark again changes nothing.
      const path = "/admin?index&from=2026-03-09&to=2026-03-25&pastPage=1";
      const wrong = await mark("w12-a", "held", path);
      expect(wrong.headers.get("Location")).toBe("/admin?from=2026-03-09&to=2026-03-25&pastPage=1#past-demos");
      expect(await outcomeOf("w12-a")).toBe("held");
      expect(await toastOf(await mark("w12-a", "no-show"))).toMatchObject({
        description: "The demo is marked “No-show”.",
      });
      const markedAt = (await findBooking(ids["w12-a"]))!.booking.outcomeAt;
      expect(await toastOf(await mark("w12-a", "no-show"))).toMatchObject({
        type: "success",
        description: "It was already marked “No-show”.",
      });
      expect((await findBooking(ids["w12-a"]))!.booking.outcomeAt).toEqual(markedAt);
      expect(await outcomeOf("w12-a")).toBe("no-show");
    });

    it("lists the range's ended demos, latest first, with their outcomes", async () => {
      const { pastDemos } = await page("from=2026-03-09&to=2026-03-25");
      expect(pastDemos).toMatchObject({ from: "2026-03-09", to: "2026-03-25", total: 10, page: 1, totalPages: 1 });
      expect(pastDemos.timeZoneLabel).toBe("Central Time");
      expect(pastDemos.items.map((demo) => [demo.company.replace("Outcome Roofing ", ""), demo.outcome])).toEqual([
        ["w13-a", null],
        ["w12-sunday", "held"],
        ["w12-c", "held"],
        ["w12-b", "held"],
        ["w12-a", "no-show"],
        ["w11-e", null],
        ["w11-d", "host-cancelled"],
        // Two at the same time: the later id first (a stable order).
        ...[
          ["w11-b", "held"],
          ["w11-c", "no-show"],
        ].sort((a, b) => (ids[b[0]] > ids[a[0]] ? 1 : -1)),
        ["w11-a", "held"],
      ]);
      expect(pastDemos.items[1]).toMatchObject({ day: "Sun, Mar 22, 2026", time: "11:30 PM–11:45 PM" });
      // A page past the last shows the last.
      expect((await page("from=2026-03-09&to=2026-03-25&pastPage=9")).pastDemos.page).toBe(1);
    });

    it("rates shows per ISO week of the business's zone and per host, and counts bookings per host", async () => {
      const { dashboard } = await page("from=2026-03-09&to=2026-03-25");
      expect(dashboard.showRates).toEqual([
        {
          week: "2026-03-09",
          isoWeek: "2026-W11",
          held: 2,
          noShow: 1,
          hostCancelled: 1,
          unmarked: 1,
          showRatePercent: 66.7,
        },
        {
          week: "2026-03-16",
          isoWeek: "2026-W12",
          held: 3,
          noShow: 1,
          hostCancelled: 0,
          unmarked: 0,
          showRatePercent: 75,
        },
        {
          week: "2026-03-23",
          isoWeek: "2026-W13",
          held: 0,
          noShow: 0,
          hostCancelled: 0,
          unmarked: 1,
          showRatePercent: null,
        },
      ]);
      const [first, second] = await currentHosts();
      expect(dashboard.hostDemos).toEqual([
        {
          hostId: "host-1",
          name: first.name,
          bookings: 6,
          held: 3,
          noShow: 1,
          hostCancelled: 0,
          unmarked: 2,
          showRatePercent: 75,
        },
        {
          hostId: "host-2",
          name: second.name,
          bookings: 5,
          held: 2,
          noShow: 1,
          hostCancelled: 1,
          unmarked: 0,
          showRatePercent: 66.7,
        },
      ]);
      expect(dashboard.charts.showRate.label).toBe(
        "Show rate per week, Monday, March 9 to Wednesday, March 25: 71.4% overall (5 held, 2 no-shows); " +
          "1 demo cancelled by the host and 2 not marked are not rated.",
      );
      expect(dashboard.charts.showRate.bars.map((bar) => bar.day)).toEqual(["2026-03-09", "2026-03-16"]);
      expect(dashboard.charts.showRate.grid.at(-1)?.text).toBe("100%");
      expect(dashboard.charts.hostShowRate.rows.map((row) => [row.value, row.note])).toEqual([
        ["75%", "(3 of 4)"],
        ["66.7%", "(2 of 3)"],
      ]);
      expect(dashboard.charts.hostBookings.label).toBe(
        `Bookings per host, Monday, March 9 to Wednesday, March 25: ${first.name} 6, ${second.name} 5.`,
      );

      // A week at either end of the range counts only its days inside it.
      const partial = await page("from=2026-03-11&to=2026-03-17");
      expect(
        partial.dashboard.showRates.map((week) => [week.isoWeek, week.held, week.noShow, week.showRatePercent]),
      ).toEqual([
        ["2026-W11", 1, 1, 50],
        ["2026-W12", 1, 1, 50],
      ]);
      // A range without demos lists every active host with nothing, and weeks without a rate.
      const empty = await page("from=2025-01-01&to=2025-01-07");
      expect(empty.dashboard.showRates.map((week) => [week.isoWeek, week.showRatePercent])).toEqual([
        ["2025-W01", null],
        ["2025-W02", null],
      ]);
      expect(empty.dashboard.hostDemos.map((host) => [host.hostId, host.bookings, host.showRatePercent])).toEqual([
        ["host-1", 0, null],
        ["host-2", 0, null],
      ]);
      expect(empty.pastDemos.items).toEqual([]);
      // The last days a range can have: the weeks stop at its end (the next Monday would be in year 10000).
      const last = await page("from=9999-12-20&to=9999-12-31");
      expect(last.dashboard.showRates.map((week) => week.isoWeek)).toEqual(["9999-W51", "9999-W52"]);
    });

    it("downloads the weekly and per-host figures as CSV", async () => {
      const showRate = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=showrate&from=2026-03-09&to=2026-03-25"))),
      );
      expect(showRate.status).toBe(200);
      expect(showRate.headers.get("Content-Disposition")).toBe(
        'attachment; filename="dashboard-showrate-2026-03-09-to-2026-03-25.csv"',
      );
      expect(await body(showRate)).toBe(
        "\uFEFFWeek,Starts on,Held,No-show,Cancelled by host,Not marked,Show rate\r\n" +
          "2026-W11,2026-03-09,2,1,1,1,66.7\r\n" +
          "2026-W12,2026-03-16,3,1,0,0,75\r\n" +
          "2026-W13,2026-03-23,0,0,0,1,\r\n",
      );
      const [first, second] = await currentHosts();
      const hosts = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=hosts&from=2026-03-09&to=2026-03-25"))),
      );
      expect(await body(hosts)).toBe(
        "\uFEFFHost,Bookings,Held,No-show,Cancelled by host,Not marked,Show rate\r\n" +
          `${first.name},6,3,1,0,2,75\r\n` +
          `${second.name},5,2,1,1,0,66.7\r\n`,
      );
      const anonymous = await respond(() => csvLoader(args(new Request(`${origin}/admin/dashboard.csv?chart=hosts`))));
      expect(anonymous.status).toBe(302);
    });
  },
  { DEMO_TIME_ZONE: "America/Chicago" },
);
