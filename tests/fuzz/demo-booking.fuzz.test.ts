import * as fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoBookings } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import { action as demoRequestsApi } from "~/routes/api.demo-requests";
import { loader as demoSlotsApi } from "~/routes/api.demo-slots";
import { checkSlotStart, slotGrid } from "~/services/demo/slots.server";
import { setClock } from "~/utils/time/clock.server";
import { getBookingSettings } from "~/utils/env.server";
import { describeWithDatabases } from "../support/database";
import { fuzzRuns, hostileString } from "../support/hostile-arbitraries";
import { origin } from "../support/route-calls";

// `npm run fuzz` sets FUZZ_RUNS=10000; the normal test run throws 1,000 cases at each target.
const runs = fuzzRuns;
// Thursday 09:00 in New York, the week before the US daylight-saving change.
const NOW = new Date("2027-03-11T14:00:00Z");
const HOSTS = 2;
// A workload, not a budget: a machine also running the browser tests takes several times longer per case.
const timeout = Math.max(300_000, runs * 200);

const hostile = fc.oneof(
  hostileString,
  fc.constantFrom("", " ", "null", "2027-03-12", "2027-03-12T14:00:00", "2027-03-12T14:00:00+01:00", "\u0000", "💥"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 2 }),
);

/** Starts near the grid: real slots (few, so they fill up), slots a minute or a second off, past and far ones. */
function slotStarts(grid: Date[]) {
  const few = grid.slice(0, 6);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...few).map((date) => date.toISOString()) },
    { weight: 2, arbitrary: fc.constantFrom(...grid).map((date) => date.toISOString()) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...grid), fc.integer({ min: -90_000, max: 90_000 }))
        .map(([date, offsetSeconds]) => new Date(date.getTime() + offsetSeconds * 1000).toISOString()),
    },
    {
      weight: 1,
      arbitrary: fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString()),
    },
    { weight: 1, arbitrary: hostile },
  );
}

let counter = 0;
function lead(submissionId: string | undefined) {
  counter += 1;
  return {
    firstName: "Fuzz",
    lastName: `Booker${counter}`,
    email: `fuzz${counter}@bookings.example`,
    phone: "+1 555 010 7000",
    company: "Fuzz Co",
    ...(submissionId ? { submissionId } : {}),
  };
}

async function post(body: unknown): Promise<Response> {
  const request = new Request(`${origin}/api/demo-requests`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  return (await demoRequestsApi({ request, params: {}, context: {} })) as unknown as Response;
}

describeWithDatabases(
  "demo booking fuzz",
  () => {
    beforeAll(() => setClock(NOW));
    afterAll(() => setClock(undefined));

    it(
      `POST /api/demo-requests with ${runs} slotStart cases (some at once): 0 × 5xx, no booking outside availability, never more than the hosts`,
      async () => {
        const settings = getBookingSettings();
        const grid = slotGrid(settings, "2027-03-11", 15).flatMap((day) => day.slots);
        const statuses = new Map<number, number>();
        // A small pool of submission ids makes replays, "book again after a taken slot" and conflicts happen.
        const submissionIds = Array.from({ length: 8 }, () => crypto.randomUUID());
        const batch = fc.array(
          fc.record({
            slotStart: slotStarts(grid),
            submissionId: fc.option(fc.constantFrom(...submissionIds), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 4 },
        );
        await fc.assert(
          fc.asyncProperty(batch, async (cases) => {
            const responses = await Promise.all(
              cases.map(({ slotStart, submissionId }) => post({ ...lead(submissionId), slotStart })),
            );
            for (const [index, response] of responses.entries()) {
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              expect(response.status, JSON.stringify(cases[index])).toBeLessThan(500);
              const body = await response.json();
              if (response.status === 201 && body.booking) {
                expect(checkSlotStart(new Date(body.booking.start), NOW, settings)).toEqual({ ok: true });
              }
            }
          }),
          { numRuns: runs },
        );

        const live = await getDb().select().from(demoBookings).where(eq(demoBookings.status, "booked"));
        const perSlot = new Map<string, number>();
        for (const booking of live) {
          expect(checkSlotStart(booking.slotStart, NOW, settings)).toEqual({ ok: true });
          const key = booking.slotStart.toISOString();
          perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
        }
        expect(Math.max(0, ...perSlot.values())).toBeLessThanOrEqual(HOSTS);
        // The cases reached every outcome: booked, refused as not bookable, taken.
        expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
        expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
        expect(statuses.get(409) ?? 0).toBeGreaterThan(0);
      },
      timeout,
    );

    it(
      `GET /api/demo-slots with ${runs} hostile queries: 0 × 5xx; every slot offered is bookable and has a free seat`,
      async () => {
        const settings = getBookingSettings();
        const value = fc.oneof(
          fc.constantFrom("2027-03-11", "2027-03-15", "2026-12-31", "2027-02-29", "0000-01-01", "9999-12-31"),
          fc.integer({ min: -5, max: 100_000 }).map(String),
          fc.constantFrom("Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC", "Etc/GMT+12", "Mars/Base"),
          fc.string({ unit: "binary", maxLength: 30 }),
        );
        const query = fc.dictionary(fc.constantFrom("from", "days", "timeZone", "x"), value, { maxKeys: 4 });
        await fc.assert(
          fc.asyncProperty(query, async (params) => {
            const url = `${origin}/api/demo-slots?${new URLSearchParams(params)}`;
            const response = (await demoSlotsApi({
              request: new Request(url),
              params: {},
              context: {},
            })) as unknown as Response;
            expect(response.status, url).toBeLessThan(500);
            if (response.status !== 200) {
              expect(response.status).toBe(400);
              return;
            }
            const body = await response.json();
            for (const day of body.days) {
              for (const free of day.slots) {
                expect(checkSlotStart(new Date(free.start), NOW, settings)).toEqual({ ok: true });
                expect(free.free).toBeGreaterThan(0);
                expect(free.free).toBeLessThanOrEqual(HOSTS);
              }
            }
          }),
          { numRuns: runs },
        );
      },
      timeout,
    );
  },
  {
    DEMO_TIME_ZONE: "America/New_York",
    DEMO_HOSTS: String(HOSTS),
    RATE_LIMIT_PER_CLIENT: "1000000",
    RATE_LIMIT_PER_EMAIL: "1000000",
    RATE_LIMIT_GLOBAL: "1000000",
  },
);
