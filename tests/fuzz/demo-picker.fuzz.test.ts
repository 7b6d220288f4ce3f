import * as fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb, rowsOf } from "~/db/connection.server";
import { loader as calendarFile } from "~/routes/demo.booking.$file";
import { action } from "~/routes/_index";
import { manageToken } from "~/services/demo/booking-token.server";
import { checkSlotStart, slotGrid } from "~/services/demo/slots.server";
import { setClock } from "~/utils/time/clock.server";
import { getBookingSettings } from "~/utils/env.server";
import { isTimeZone } from "~/utils/time/zoned-time";
import { describeWithDatabases } from "../support/database";
import { fuzzRuns, hostileString } from "../support/hostile-arbitraries";
import { origin } from "../support/route-calls";

// The demo form's new inputs (issue #14) through the page action: the picked slot, the day tabs and "Show times"
// of the no-JS picker, the time zone. `npm run fuzz` sets FUZZ_RUNS=10000; the normal run throws 1,000 cases.
const runs = fuzzRuns;
// Monday 06:00 in Chicago (the default business zone).
const NOW = new Date("2026-11-23T12:00:00Z");
const timeout = Math.max(60_000, runs * 60);

const hostile = fc.oneof(
  hostileString,
  fc.constantFrom("", " ", "null", "2026-11-25", "2026-13-45", "../../etc", "Europe/Nowhere", "\u0000", "💥"),
  fc.integer().map(String),
);

function slotStarts(grid: Date[]) {
  const few = grid.slice(0, 4);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...few).map((date) => date.toISOString()) },
    { weight: 2, arbitrary: fc.constantFrom(...grid).map((date) => date.toISOString()) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...grid), fc.integer({ min: -90_000, max: 90_000 }))
        .map(([date, seconds]) => new Date(date.getTime() + seconds * 1000).toISOString()),
    },
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: hostile },
  );
}

const days = fc.oneof(
  fc
    .integer({ min: -3, max: 20 })
    .map((offset) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10)),
  hostile,
);
const zones = fc.oneof(
  fc.constantFrom("America/Chicago", "Europe/Berlin", "Asia/Tokyo", "UTC", "Pacific/Kiritimati"),
  hostile,
);

let counter = 0;

describeWithDatabases(
  "demo picker fuzz (page action)",
  () => {
    beforeAll(() => setClock(NOW));
    afterAll(() => setClock(undefined));

    it(
      `${runs} picker inputs never get a 5xx, books only bookable times, never more than the hosts`,
      async () => {
        const settings = getBookingSettings();
        const grid = slotGrid(settings, "2026-11-23", 16).flatMap((day) => day.slots);
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(
            fc.record({
              // What the visitor pressed: the submit (mostly), a day tab, or "Show times".
              button: fc.oneof(
                { weight: 4, arbitrary: fc.constant<Record<string, string>>({}) },
                { weight: 1, arbitrary: days.map((demoDay) => ({ demoDay })) },
                { weight: 1, arbitrary: fc.constant({ demoShowTimes: "1" }) },
              ),
              fields: fc.record(
                { slotStart: slotStarts(grid), demoShownDay: days, timeZone: zones },
                { requiredKeys: [] },
              ),
              enhanced: fc.boolean(),
            }),
            async (picked) => {
              counter += 1;
              const body = new URLSearchParams({
                intent: "demo-request",
                firstName: "Fuzz",
                lastName: `Picker${counter}`,
                email: `picker${counter}@fuzz.example`,
                phone: "+1 555 010 7000",
                company: "Fuzz Co",
                submissionId: crypto.randomUUID(),
              });
              for (const [key, value] of Object.entries({ ...picked.fields, ...picked.button }))
                if (value !== undefined) body.set(key, String(value));
              if (picked.enhanced) body.set("enhanced", "1");
              const request = new Request(`${origin}/?index`, { method: "POST", body, headers: { Origin: origin } });
              const response = (await action({ request, params: {}, context: {} })) as unknown as Response;
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              expect(response.status).toBeLessThan(500);
              if (response.status !== 302 && response.headers.get("Content-Type")?.includes("json")) {
                const data = (await response.json()) as { picker?: { timeZone: string; day?: string } };
                // Whatever was asked, the picker shows a real zone.
                if (data.picker) expect(isTimeZone(data.picker.timeZone)).toBe(true);
              }
            },
          ),
          { numRuns: runs },
        );

        const bookings = rowsOf<{ slot_start: string | Date; seats: string | number }>(
          await getDb().execute(
            sql`select slot_start, count(*) as seats from demo_bookings where status = 'booked' group by slot_start`,
          ),
        );
        for (const booking of bookings) {
          expect(Number(booking.seats)).toBeLessThanOrEqual(settings.hosts);
          expect(checkSlotStart(new Date(booking.slot_start), NOW, settings)).toEqual({ ok: true });
        }
        // The property reached its interesting outcomes: bookings, request-only thank-yous, refusals and re-renders.
        expect(bookings.length).toBeGreaterThan(0);
        expect(statuses.get(302)).toBeGreaterThan(0);
        expect(statuses.get(200)).toBeGreaterThan(0);
        expect((statuses.get(409) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(0);
      },
      timeout,
    );

    it(`${runs} calendar-file names: 200 only for a real booking's token, 404 otherwise, never a 5xx`, async () => {
      const [booking] = rowsOf<{ id: string }>(
        await getDb().execute(sql`select id from demo_bookings order by created_at limit 1`),
      );
      expect(booking, "the picker fuzz above booked at least one demo").toBeDefined();
      const token = manageToken(booking.id);
      const names = fc.oneof(
        { weight: 1, arbitrary: fc.constant(`${token}.ics`) },
        {
          weight: 3,
          arbitrary: fc
            .tuple(fc.nat(token.length - 1), fc.string({ minLength: 1, maxLength: 3 }))
            .map(([at, text]) => `${token.slice(0, at)}${text}${token.slice(at + 1)}.ics`),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(token, `${token}.ICS`, `${token}.ics.ics`, ".ics", `${booking.id}.ics`),
        },
        { weight: 2, arbitrary: hostile.map((text) => `${text}.ics`) },
        { weight: 1, arbitrary: hostile },
      );
      await fc.assert(
        fc.asyncProperty(names, async (file) => {
          const response = (await calendarFile({
            request: new Request(`${origin}/demo/booking/x`),
            params: { file },
            context: {},
          })) as Response;
          expect(response.status).toBeLessThan(500);
          expect(response.status === 200).toBe(file === `${token}.ics`);
          if (response.status === 200) expect(response.headers.get("Content-Type")).toMatch(/^text\/calendar/);
        }),
        { numRuns: runs },
      );
    });
  },
  { RATE_LIMIT_PER_CLIENT: "1000000", RATE_LIMIT_PER_EMAIL: "1000000", RATE_LIMIT_GLOBAL: "1000000" },
);
