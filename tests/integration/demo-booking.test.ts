import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { demoBookings, demoRequests, outbox } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import {
  liveBookingsBetween,
  cancelBooking,
  findBooking,
  listUpcomingBookings,
  rescheduleBooking,
} from "~/models/demo/booking.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { action as pageAction } from "~/routes/_index";
import { action as demoRequestsApi } from "~/routes/api.demo-requests";
import { loader as demoSlotsApi } from "~/routes/api.demo-slots";
import { bookingIdFromToken } from "~/services/demo/booking-token.server";
import { availableSlots } from "~/services/demo/slots.server";
import { currentHosts } from "~/services/demo/hosts.server";
import { slotTakenMessage as SLOT_TAKEN_MESSAGE } from "~/schemas/demo-request-fields";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { choiceAt, slotAt } from "../support/demo-hosts";

// Thursday 2027-03-11, 09:00 in New York (EST): every slot below is within the 14-day horizon from here.
const NOW = new Date("2027-03-11T14:00:00Z");
const HOSTS = 2;

const slot = (start: string) => slotAt(new Date(start));

let counter = 0;
function lead(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: "Dana",
    lastName: `Reyes${counter}`,
    email: `dana${counter}-${Date.now()}@reyesroofing.com`,
    phone: "+1 555 010 4000",
    company: "Reyes Roofing",
    dealVolume: "11-25" as const,
    challenges: "",
    submissionId: crypto.randomUUID(),
    ...overrides,
  };
}

async function postDemoRequest(body: unknown): Promise<Response> {
  const request = new Request("http://localhost:3000/api/demo-requests", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  return (await demoRequestsApi({ request, params: {}, context: {} })) as unknown as Response;
}

async function getSlots(query: string): Promise<Response> {
  const request = new Request(`http://localhost:3000/api/demo-slots${query}`);
  return (await demoSlotsApi({ request, params: {}, context: {} })) as unknown as Response;
}

async function liveBookingsAt(start: string) {
  return getDb()
    .select()
    .from(demoBookings)
    .where(and(eq(demoBookings.slotStart, new Date(start)), eq(demoBookings.status, "booked")));
}

/** The lead's or booking's messages, reminders left out (tests/integration/demo-reminders.test.ts has those). */
async function outboxFor(field: "demoRequestId" | "bookingId", id: string) {
  return getDb()
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>${field} = ${id} and ${outbox.kind} <> 'demo-reminder-email'`)
    .orderBy(outbox.createdAt);
}

async function freeAt(start: string): Promise<number> {
  const days = await availableSlots({ from: start.slice(0, 10), days: 1, now: NOW, hosts: await currentHosts() });
  return days.flatMap((day) => day.slots).find((free) => free.start === new Date(start).toISOString())?.free ?? 0;
}

describeWithDatabases(
  "demo bookings",
  (kind) => {
    beforeAll(() => setClock(NOW));
    beforeEach(() => setClock(NOW));
    afterAll(() => setClock(undefined));

    it("50 concurrent bookings of one slot with 2 hosts: exactly 2 booked, 48 × 409 with their leads kept, 0 errors", async () => {
      const start = "2027-03-17T14:00:00.000Z"; // Wednesday 10:00 EDT
      const leads = Array.from({ length: 50 }, () => lead());
      // All at once: on PostgreSQL each request runs its transaction on its own pooled connection.
      const responses = await Promise.all(leads.map((each) => postDemoRequest({ ...each, slotStart: start })));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(48);

      const bodies = await Promise.all(responses.map((response) => response.json()));
      for (const [index, body] of bodies.entries()) {
        if (statuses[index] === 201) {
          expect(body.booking.start).toBe(start);
          expect(body.booking.end).toBe("2027-03-17T14:15:00.000Z");
          // The seeded hosts (DEMO_HOSTS=2, ADR 0030): the first named after the brand, the second numbered.
          expect(["Groundwork Sales", "Groundwork Sales 2"]).toContain(body.booking.host.name);
          expect(Object.keys(body.booking.host)).toEqual(["name"]);
          expect(bookingIdFromToken(new URL(body.booking.manageUrl).pathname.split("/").pop())).toBe(body.booking.id);
        } else {
          expect(body).toMatchObject({ error: SLOT_TAKEN_MESSAGE, reason: "slot-taken" });
          expect(body.demoRequest.email).toBe(leads[index].email);
        }
      }

      const live = await liveBookingsAt(start);
      expect(live.map((booking) => booking.hostId).sort()).toEqual(["host-1", "host-2"]);
      expect(
        bodies
          .filter((_, index) => statuses[index] === 201)
          .map((body) => body.booking.host.name)
          .sort(),
      ).toEqual(["Groundwork Sales", "Groundwork Sales 2"]);
      const stored = await getDb()
        .select()
        .from(demoRequests)
        .where(
          inArray(
            demoRequests.email,
            leads.map((each) => each.email),
          ),
        );
      expect(stored).toHaveLength(50);

      const messages = await getDb()
        .select()
        .from(outbox)
        .where(
          inArray(
            sql`${outbox.payload}->>'demoRequestId'`,
            stored.map((row) => row.id),
          ),
        );
      expect(messages.filter((message) => message.kind === "new-lead-email")).toHaveLength(50);
      expect(messages.filter((message) => (message.payload as { needsTime?: boolean }).needsTime)).toHaveLength(48);
      const invites = await getDb()
        .select()
        .from(outbox)
        .where(
          inArray(
            sql`${outbox.payload}->>'bookingId'`,
            live.map((booking) => booking.id),
          ),
        );
      const withoutReminders = invites.filter((invite) => invite.kind !== "demo-reminder-email");
      expect(withoutReminders.map((invite) => [invite.kind, (invite.payload as { method: string }).method])).toEqual([
        ["demo-invite-email", "REQUEST"],
        ["demo-invite-email", "REQUEST"],
      ]);
      expect(await freeAt(start)).toBe(0);
    });

    it("a kept lead books another time with the same submissionId: no second lead, no second sales e-mail", async () => {
      const start = "2027-03-16T14:00:00.000Z";
      for (let seat = 0; seat < HOSTS; seat += 1) await createDemoRequest(lead(), await slot(start));
      const visitor = lead();
      const taken = await postDemoRequest({ ...visitor, slotStart: start });
      expect(taken.status).toBe(409);
      const { demoRequest } = await taken.json();

      const other = "2027-03-16T14:15:00.000Z";
      const booked = await postDemoRequest({ ...visitor, slotStart: other });
      expect(booked.status).toBe(201);
      const body = await booked.json();
      expect(body.id).toBe(demoRequest.id);
      expect(body.booking.start).toBe(other);

      // The same submission again (a double click): the same booking, nothing new.
      const again = await postDemoRequest({ ...visitor, slotStart: other });
      expect(again.status).toBe(201);
      expect((await again.json()).booking.id).toBe(body.booking.id);
      // Another time for a request that already holds one: refused, the booking stays.
      const moved = await postDemoRequest({ ...visitor, slotStart: "2027-03-16T14:30:00.000Z" });
      expect(moved.status).toBe(409);
      expect((await moved.json()).reason).toBe("already-booked");

      expect(await getDb().select().from(demoRequests).where(eq(demoRequests.email, visitor.email))).toHaveLength(1);
      const leadMessages = await outboxFor("demoRequestId", demoRequest.id);
      expect(leadMessages.map((message) => message.kind)).toEqual(["new-lead-email"]);
      expect(await outboxFor("bookingId", body.booking.id)).toHaveLength(1);
      expect((await liveBookingsAt(other)).map((booking) => booking.demoRequestId)).toEqual([demoRequest.id]);
    });

    it("reschedule moves the booking (same id, SEQUENCE + 1, invite queued) and frees the old slot", async () => {
      const from = "2027-03-19T17:00:00.000Z";
      const to = "2027-03-19T18:00:00.000Z";
      const { booking } = await createDemoRequest(lead(), await slot(from));
      expect(booking?.sequence).toBe(0);
      expect(await freeAt(from)).toBe(1);

      const result = await rescheduleBooking(booking!.id, await choiceAt(new Date(to)));
      expect(result.status).toBe("rescheduled");
      if (result.status !== "rescheduled") return;
      // The host is free at the new time too, so the booking keeps them.
      expect(result.booking).toMatchObject({ id: booking!.id, sequence: 1, hostId: booking!.hostId, status: "booked" });
      expect(result.booking.slotStart.toISOString()).toBe(to);
      expect(result.booking.slotEnd.toISOString()).toBe("2027-03-19T18:15:00.000Z");
      expect(await freeAt(from)).toBe(2);
      expect(await freeAt(to)).toBe(1);
      const invites = await outboxFor("bookingId", booking!.id);
      expect(invites.map((invite) => invite.payload)).toEqual([
        { bookingId: booking!.id, sequence: 0, method: "REQUEST" },
        { bookingId: booking!.id, sequence: 1, method: "REQUEST" },
      ]);
      expect((await rescheduleBooking(booking!.id, await choiceAt(new Date(to)))).status).toBe("unchanged");
    });

    it("reschedule into a full slot is refused and changes nothing", async () => {
      const full = "2027-03-19T16:00:00.000Z";
      for (let seat = 0; seat < HOSTS; seat += 1) await createDemoRequest(lead(), await slot(full));
      const { booking } = await createDemoRequest(lead(), await slot("2027-03-19T16:15:00.000Z"));
      const result = await rescheduleBooking(booking!.id, await choiceAt(new Date(full)));
      expect(result.status).toBe("slot-taken");
      const found = await findBooking(booking!.id);
      expect(found?.booking).toMatchObject({ sequence: 0, status: "booked" });
      expect(found?.booking.slotStart.toISOString()).toBe("2027-03-19T16:15:00.000Z");
      expect(await outboxFor("bookingId", booking!.id)).toHaveLength(1);
    });

    it("concurrent reschedules into one slot never exceed the hosts", async () => {
      const target = "2027-03-22T14:00:00.000Z";
      const bookings = [];
      for (let index = 0; index < 6; index += 1) {
        const start = new Date(Date.parse("2027-03-22T15:00:00Z") + index * 15 * 60_000).toISOString();
        bookings.push((await createDemoRequest(lead(), await slot(start))).booking!);
      }
      const choice = await choiceAt(new Date(target));
      const results = await Promise.all(bookings.map((booking) => rescheduleBooking(booking.id, choice)));
      expect(results.filter((result) => result.status === "rescheduled")).toHaveLength(2);
      expect(results.filter((result) => result.status === "slot-taken")).toHaveLength(4);
      expect((await liveBookingsAt(target)).map((booking) => booking.hostId).sort()).toEqual(["host-1", "host-2"]);
    });

    it("cancel frees the slot, raises SEQUENCE, queues METHOD:CANCEL; a cancelled booking cannot be rescheduled", async () => {
      const start = "2027-03-23T18:00:00.000Z";
      const { booking } = await createDemoRequest(lead(), await slot(start));
      expect(await freeAt(start)).toBe(1);

      const cancelled = await cancelBooking(booking!.id);
      expect(cancelled.status).toBe("cancelled");
      if (cancelled.status !== "cancelled") return;
      expect(cancelled.booking).toMatchObject({ status: "cancelled", sequence: 1 });
      expect(cancelled.booking.cancelledAt).toBeInstanceOf(Date);
      expect(await freeAt(start)).toBe(2);
      expect((await outboxFor("bookingId", booking!.id)).map((invite) => invite.payload)).toEqual([
        { bookingId: booking!.id, sequence: 0, method: "REQUEST" },
        { bookingId: booking!.id, sequence: 1, method: "CANCEL" },
      ]);

      expect((await cancelBooking(booking!.id)).status).toBe("already-cancelled");
      const moved = await rescheduleBooking(booking!.id, await choiceAt(new Date("2027-03-23T18:15:00.000Z")));
      expect(moved.status).toBe("cancelled");
      expect((await findBooking(booking!.id))?.booking).toMatchObject({ status: "cancelled", sequence: 1 });
      expect((await rescheduleBooking(crypto.randomUUID(), await choiceAt(new Date(start)))).status).toBe("not-found");
      expect((await cancelBooking(crypto.randomUUID())).status).toBe("not-found");
      // The seat is free for someone else, and the lead may book again.
      // Which host takes it follows the week's counts, which the concurrent reschedules above leave to their race.
      const { booking: next } = await createDemoRequest(lead(), await slot(start));
      expect(next).toMatchObject({ status: "booked" });
      expect(await freeAt(start)).toBe(1);
    });

    it("lead, booking and outbox rows are one transaction: a failing outbox insert leaves none of them", async () => {
      const db = getDb();
      await db.execute(sql`
        create or replace function refuse_invites() returns trigger language plpgsql as $$
        begin
          if new.kind = 'demo-invite-email' then raise exception 'outbox refused (test)'; end if;
          return new;
        end $$`);
      await db.execute(
        sql`create trigger refuse_invites before insert on outbox for each row execute function refuse_invites()`,
      );
      const visitor = lead();
      try {
        await expect(createDemoRequest(visitor, await slot("2027-03-24T14:00:00.000Z"))).rejects.toThrow();
      } finally {
        await db.execute(sql`drop trigger refuse_invites on outbox`);
        await db.execute(sql`drop function refuse_invites()`);
      }
      expect(await db.select().from(demoRequests).where(eq(demoRequests.email, visitor.email))).toHaveLength(0);
      expect(await liveBookingsAt("2027-03-24T14:00:00.000Z")).toHaveLength(0);
      // The same submission once the outbox works again: stored exactly once, with its booking and messages.
      const { row, created, booking } = await createDemoRequest(visitor, await slot("2027-03-24T14:00:00.000Z"));
      expect(created).toBe(true);
      expect(booking?.demoRequestId).toBe(row.id);
      expect((await outboxFor("demoRequestId", row.id)).map((message) => message.kind)).toEqual(["new-lead-email"]);
      expect((await outboxFor("bookingId", booking!.id)).map((message) => message.kind)).toEqual(["demo-invite-email"]);
    });

    it("liveBookingsBetween and listUpcomingBookings see live bookings only, soonest first, with their leads", async () => {
      const busy = await liveBookingsBetween(new Date("2027-03-17T00:00:00Z"), new Date("2027-03-18T00:00:00Z"));
      const at = (start: string) => busy.filter((booking) => booking.start.toISOString() === start);
      expect(
        at("2027-03-17T14:00:00.000Z")
          .map((booking) => booking.hostId)
          .sort(),
      ).toEqual(["host-1", "host-2"]);
      expect(at("2027-03-16T14:00:00.000Z")).toEqual([]);

      const upcoming = await listUpcomingBookings(NOW);
      const starts = upcoming.map(({ booking }) => booking.slotStart.getTime());
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(upcoming.every(({ booking }) => booking.status === "booked")).toBe(true);
      expect(upcoming.every(({ booking, lead: row }) => row.id === booking.demoRequestId)).toBe(true);
      expect(
        upcoming.filter(({ booking }) => booking.slotStart.toISOString() === "2027-03-17T14:00:00.000Z"),
      ).toHaveLength(2);
      // A demo that has ended is no longer upcoming.
      const later = await listUpcomingBookings(new Date("2027-03-17T14:15:00Z"));
      expect(later.some(({ booking }) => booking.slotStart.toISOString() === "2027-03-17T14:00:00.000Z")).toBe(false);
      expect(kind).toBeTruthy();
    });

    it("a day's pace counts only its still-bookable part: a full morning does not close the afternoon (ADR 0056)", async () => {
      // Tuesday 2027-04-13 in New York (EDT): the whole morning, 9:00–13:00, booked on both hosts the day before.
      await currentHosts(); // seeds the hosts on a fresh database
      const morning = Array.from(
        { length: 16 },
        (_, index) => new Date(Date.parse("2027-04-13T13:00:00Z") + index * 15 * 60_000),
      );
      for (const start of morning) {
        for (const hostId of ["host-1", "host-2"]) {
          const [row] = await getDb()
            .insert(demoRequests)
            .values({ ...lead(), id: crypto.randomUUID() })
            .returning();
          await getDb()
            .insert(demoBookings)
            .values({
              id: crypto.randomUUID(),
              demoRequestId: row.id,
              hostId,
              slotStart: start,
              slotEnd: new Date(start.getTime() + 15 * 60_000),
            });
        }
      }
      // 11:00 that day: with two hours' notice the afternoon's 32 seats are bookable, and none of them is taken.
      setClock(new Date("2027-04-13T15:00:00Z"));
      const response = await postDemoRequest({ ...lead(), slotStart: "2027-04-13T17:00:00.000Z" });
      expect(response.status).toBe(201);
      expect((await response.json()).booking.start).toBe("2027-04-13T17:00:00.000Z");
    });

    it("POST with a slot that cannot be booked: 422 with the reason and message, nothing stored", async () => {
      const cases: [string, string, RegExp][] = [
        ["2027-03-10T14:00:00Z", "past", /already passed/],
        ["2027-03-11T15:00:00Z", "notice", /notice/],
        ["2027-03-26T14:00:00Z", "horizon", /14 days ahead/],
        ["2027-03-13T15:00:00Z", "outside-hours", /Monday–Friday, 9:00 AM–5:00 PM Eastern Time/],
        ["2027-03-25T13:00:00Z", "horizon", /ahead/],
        ["2027-03-12T14:07:00Z", "off-grid", /every 15 minutes/],
        ["2027-04-01T13:00:00Z", "horizon", /ahead/],
      ];
      for (const [slotStart, reason, message] of cases) {
        const visitor = lead();
        const response = await postDemoRequest({ ...visitor, slotStart });
        expect(response.status, `${slotStart}`).toBe(422);
        const body = await response.json();
        expect(body).toMatchObject({ reason });
        expect(body.error).toMatch(message);
        expect(body.fieldErrors.slotStart).toEqual([body.error]);
        expect(await getDb().select().from(demoRequests).where(eq(demoRequests.email, visitor.email))).toHaveLength(0);
      }
      const blackout = await postDemoRequest({ ...lead(), slotStart: "2027-03-18T13:00:00Z" });
      expect(blackout.status).toBe(422);
      expect((await blackout.json()).reason).toBe("blackout");

      for (const slotStart of ["tomorrow", "2027-03-12T09:00:00-05:00", "2027-02-30T14:00:00Z", 12]) {
        const response = await postDemoRequest({ ...lead(), slotStart });
        expect(response.status, `${slotStart}`).toBe(422);
        expect((await response.json()).fieldErrors.slotStart[0]).toMatch(/ISO 8601 time in UTC/);
      }
      // No slot, or an empty one: today's request-only behaviour (no booking key in the answer).
      for (const slotStart of [undefined, "", null]) {
        const response = await postDemoRequest({ ...lead(), slotStart });
        expect(response.status).toBe(201);
        expect((await response.json()).booking).toBeUndefined();
      }
    });

    it("the page's form books a picked slot; a taken one keeps the form (and its submission id) with the time field's message", async () => {
      const start = "2027-03-22T19:00:00.000Z";
      const form = (overrides: Record<string, string>) =>
        new Request("http://localhost:3000/?index", {
          method: "POST",
          headers: { Origin: "http://localhost:3000" },
          body: new URLSearchParams({
            intent: "demo-request",
            firstName: "Ana",
            lastName: "Ruiz",
            email: `ana-${Date.now()}-${Math.random()}@ruizroofing.com`,
            phone: "+1 (555) 010-2000",
            company: "Ruiz Roofing",
            submissionId: crypto.randomUUID(),
            ...overrides,
          }),
        });
      const run = async (request: Request) =>
        (await pageAction({ request, params: {}, context: {} })) as unknown as Response;

      for (let seat = 0; seat < HOSTS; seat += 1) {
        const booked = await run(form({ slotStart: start }));
        expect(booked.status).toBe(302);
      }
      expect(await liveBookingsAt(start)).toHaveLength(HOSTS);

      const submissionId = crypto.randomUUID();
      const taken = await run(form({ slotStart: start, submissionId }));
      // The page answers a taken slot with 409, the spec's error notice and fresh times (h14-ui's form); the taken
      // time is no longer offered, so it is not put back as the choice.
      expect(taken.status).toBe(409);
      const body = await taken.json();
      expect(body.fieldErrors).toEqual({ slotStart: SLOT_TAKEN_MESSAGE });
      expect(body.repopulateFields).toMatchObject({ submissionId });
      expect(body.repopulateFields).not.toHaveProperty("slotStart");
      const outsideHours = await run(form({ slotStart: "2027-03-22T23:00:00.000Z" }));
      expect(outsideHours.status).toBe(422);
      expect((await outsideHours.json()).fieldErrors.slotStart).toMatch(/^Demos run Monday–Friday/);
    });

    it("GET /api/demo-slots: free slots from the notice on, full ones left out, 30 s public cache", async () => {
      const response = await getSlots("?from=2027-03-11&days=2");
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=30");
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      const body = await response.json();
      expect(body).toMatchObject({
        timeZone: "America/New_York",
        timeZoneName: "Eastern Time",
        businessTimeZone: "America/New_York",
        slotMinutes: 15,
      });
      expect(body.days.map((day: { date: string }) => day.date)).toEqual(["2027-03-11", "2027-03-12"]);
      // 09:00 now + 2 hours' notice: 11:00 New York is the first free slot today.
      expect(body.days[0].slots[0]).toEqual({
        start: "2027-03-11T16:00:00.000Z",
        end: "2027-03-11T16:15:00.000Z",
        free: 2,
        label: "Thu, Mar 11, 11:00 AM",
      });

      const wednesday = await (await getSlots("?from=2027-03-17&days=1")).json();
      const starts = wednesday.days[0].slots.map((free: { start: string }) => free.start);
      expect(starts).not.toContain("2027-03-17T14:00:00.000Z"); // booked twice above
      expect(starts).toContain("2027-03-17T14:15:00.000Z");
    });

    it("GET /api/demo-slots: labels in the visitor's zone across the US and EU changes; days capped at the horizon", async () => {
      const berlin = await (await getSlots("?from=2027-03-12&days=4&timeZone=Europe/Berlin")).json();
      expect(berlin.timeZoneName).toBe("Central European Time");
      expect(berlin.businessTimeZoneName).toBe("Eastern Time");
      expect(berlin.days.map((day: { date: string }) => day.date)).toEqual(["2027-03-12", "2027-03-15"]);
      expect(berlin.days[0].slots[0]).toMatchObject({
        start: "2027-03-12T14:00:00.000Z",
        label: "Fri, Mar 12, 3:00 PM",
      });
      expect(berlin.days[1].slots[0]).toMatchObject({
        start: "2027-03-15T13:00:00.000Z",
        label: "Mon, Mar 15, 2:00 PM",
      });

      setClock(new Date("2027-03-24T12:00:00Z"));
      const afterEu = await (await getSlots("?from=2027-03-26&days=4&timeZone=Europe/Berlin")).json();
      expect(afterEu.days.map((day: { date: string }) => day.date)).toEqual(["2027-03-26", "2027-03-29"]);
      expect(afterEu.days[0].slots[0]).toMatchObject({
        start: "2027-03-26T13:00:00.000Z",
        label: "Fri, Mar 26, 2:00 PM",
      });
      expect(afterEu.days[1].slots[0]).toMatchObject({
        start: "2027-03-29T13:00:00.000Z",
        label: "Mon, Mar 29, 3:00 PM",
      });
      setClock(NOW);

      const all = await (await getSlots("?days=1000")).json();
      const last = all.days[all.days.length - 1];
      expect(all.days[0].date).toBe("2027-03-11");
      expect(last.date).toBe("2027-03-24"); // the 25th's first slot (13:00Z) is the horizon's end
      expect(last.slots[last.slots.length - 1].start).toBe("2027-03-24T20:45:00.000Z");
      // Dates before today or past the horizon are simply empty.
      expect((await (await getSlots("?from=2026-01-01&days=3")).json()).days).toEqual([]);
      expect((await (await getSlots("?from=2030-01-01&days=3")).json()).days).toEqual([]);
    });

    it("GET /api/demo-slots: 400 with a clear message for bad parameters", async () => {
      const cases: [string, RegExp][] = [
        ["?from=2027-13-01", /from must be a date written YYYY-MM-DD/],
        ["?from=12%2F03%2F2027", /from must be a date/],
        ["?days=0", /days must be a whole number from 1 to 15/],
        ["?days=-3", /days must be a whole number/],
        ["?days=abc", /days must be a whole number/],
        ["?timeZone=Mars%2FOlympus", /timeZone must be an IANA time zone name/],
        ["?timeZone=%2B02%3A00", /timeZone must be an IANA/],
      ];
      for (const [query, message] of cases) {
        const response = await getSlots(query);
        expect(response.status, query).toBe(400);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        expect((await response.json()).error).toMatch(message);
      }
    });
  },
  {
    DEMO_TIME_ZONE: "America/New_York",
    DEMO_HOSTS: String(HOSTS),
    DEMO_BLACKOUT_DATES: "2027-03-18",
    RATE_LIMIT_PER_CLIENT: "10000",
    RATE_LIMIT_PER_EMAIL: "10000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);
