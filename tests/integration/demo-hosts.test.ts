// Issue #24: named demo hosts, on PGlite and PostgreSQL. The database chooses the host (insertBooking,
// rescheduleBooking) and refuses a second live booking of one host at an overlapping time (an exclusion
// constraint). Three seeded hosts (DEMO_HOSTS=3, ids host-1..host-3, the settings' week: Mon–Fri 09:00–17:00
// Chicago); each test first says which of them are active, and uses a week of its own (the fairness rule counts a
// host's live bookings in the slot's week).
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { demoBookings, demoRequests } from "~/db/schema.server";
import { getDb, rowsOf } from "~/db/connection.server";
import { findBooking, rescheduleBooking, type DemoBooking } from "~/models/demo/booking.server";
import { addTimeOff, removeTimeOff, updateHost } from "~/models/demo/host.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { action as demoRequestsApi } from "~/routes/api.demo-requests";
import { currentHosts, forgetHosts, hostChoiceAt } from "~/services/demo/hosts.server";
import { forgetAvailability } from "~/services/demo/picker.server";
import { availableSlots } from "~/services/demo/slots.server";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { choiceAt, slotAt } from "../support/demo-hosts";

// Thursday 2027-03-11, 09:00 in Chicago (CST). The horizon (14 days) reaches Thursday 2027-03-25.
const NOW = new Date("2027-03-11T15:00:00Z");
const HOSTS = ["host-1", "host-2", "host-3"];

let counter = 0;
function lead() {
  counter += 1;
  return {
    firstName: "Hana",
    lastName: `Host${counter}`,
    email: `hana${counter}-${Date.now()}@hostroofing.com`,
    phone: "+1 555 010 4400",
    company: "Host Roofing",
    dealVolume: "11-25" as const,
    challenges: "",
    submissionId: crypto.randomUUID(),
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

/** Every host back to their seeded week with no time off; active exactly those named. */
async function onlyActive(active: string[]) {
  forgetAvailability();
  for (const host of await currentHosts()) {
    for (const off of host.timeOff) expect(await removeTimeOff(host.id, off.id)).toBe(true);
    const { name, email, timeZone, weeklyHours } = host;
    expect(await updateHost(host.id, { name, email, timeZone, weeklyHours, active: active.includes(host.id) })).toBe(
      true,
    );
  }
  forgetHosts();
  forgetAvailability();
  const hosts = await currentHosts();
  expect(hosts.filter((host) => host.active).map((host) => host.id)).toEqual(active);
  expect(hosts.every((host) => host.timeOff.length === 0)).toBe(true);
}

async function liveAt(start: string) {
  return getDb()
    .select()
    .from(demoBookings)
    .where(and(eq(demoBookings.slotStart, new Date(start)), eq(demoBookings.status, "booked")));
}

async function book(start: string) {
  return createDemoRequest(lead(), await slotAt(new Date(start)));
}

async function freeAt(start: string): Promise<number> {
  const days = await availableSlots({ from: start.slice(0, 10), days: 1, now: NOW, hosts: await currentHosts() });
  return days.flatMap((day) => day.slots).find((free) => free.start === new Date(start).toISOString())?.free ?? 0;
}

/** The SQLSTATE of a database error, as the driver or drizzle (wrapping it in `cause`) reports it. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** No host holds two live bookings that overlap, anywhere in the table (read independently of the app). */
async function expectNoHostDoubleBooked() {
  const result = await getDb().execute(sql`
    select a.id from ${demoBookings} a join ${demoBookings} b
      on a.host_id = b.host_id and a.id < b.id
     and a.status = 'booked' and b.status = 'booked'
     and a.slot_start < b.slot_end and b.slot_start < a.slot_end`);
  expect(rowsOf(result)).toEqual([]);
}

describeWithDatabases(
  "demo hosts",
  () => {
    beforeAll(() => setClock(NOW));
    beforeEach(() => setClock(NOW));
    afterAll(() => setClock(undefined));

    it("seeds three hosts from DEMO_HOSTS with the settings' week, in order", async () => {
      const hosts = await currentHosts();
      expect(hosts.map((host) => [host.id, host.active, host.timeZone])).toEqual(
        HOSTS.map((id) => [id, true, "America/Chicago"]),
      );
      expect(hosts[0].weeklyHours).toEqual(
        [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 })),
      );
    });

    it("30 concurrent bookings of one slot with exactly 2 free hosts: 2 booked on different hosts, 28 slot-taken with leads kept, 0 errors", async () => {
      await onlyActive(["host-1", "host-2"]);
      const start = "2027-03-16T15:00:00.000Z"; // Tuesday 10:00 CDT
      const slot = await slotAt(new Date(start));
      expect(slot.choice.candidates).toEqual(["host-1", "host-2"]);
      const leads = Array.from({ length: 30 }, () => lead());
      const settled = await Promise.allSettled(leads.map((each) => createDemoRequest(each, slot)));
      const errors = settled.filter((result) => result.status === "rejected");
      expect(errors.map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
      const results = settled.map(
        (result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof book>>>).value,
      );

      const booked = results.filter((result) => result.booking);
      expect(booked).toHaveLength(2);
      expect(booked.map((result) => result.booking!.hostId).sort()).toEqual(["host-1", "host-2"]);
      expect(booked.every((result) => result.bookedNow && !result.slotTaken && result.created)).toBe(true);
      const taken = results.filter((result) => !result.booking);
      expect(taken).toHaveLength(28);
      expect(taken.every((result) => result.slotTaken && result.created)).toBe(true);

      // Every lead is stored once; only the two booked ones hold the slot.
      for (const [index, result] of results.entries()) expect(result.row.email).toBe(leads[index].email);
      const stored = await getDb()
        .select({ email: demoRequests.email })
        .from(demoRequests)
        .where(
          inArray(
            demoRequests.email,
            leads.map((each) => each.email),
          ),
        );
      expect(stored).toHaveLength(30);
      const live = await liveAt(start);
      expect(live.map((booking) => booking.hostId).sort()).toEqual(["host-1", "host-2"]);
      expect(live.map((booking) => booking.demoRequestId).sort()).toEqual(booked.map((result) => result.row.id).sort());
      expect(await freeAt(start)).toBe(0);
      await expectNoHostDoubleBooked();
    });

    it("round robin: 12 sequential bookings at different times of one week with 3 equally free hosts → 4 each, in turn", async () => {
      await onlyActive(HOSTS);
      // Week of Monday 2027-03-22 (no booking in it yet): Mon–Thu, three times a day.
      const starts = ["2027-03-22", "2027-03-23", "2027-03-24", "2027-03-25"].flatMap((date) =>
        ["15:00", "17:30", "20:45"].map((time) => `${date}T${time}:00.000Z`),
      );
      const hostsInOrder: string[] = [];
      for (const start of starts) {
        const { booking, slotTaken } = await book(start);
        expect(slotTaken, start).toBe(false);
        hostsInOrder.push(booking!.hostId!);
      }
      const counts = Object.fromEntries(HOSTS.map((id) => [id, hostsInOrder.filter((each) => each === id).length]));
      expect(counts).toEqual({ "host-1": 4, "host-2": 4, "host-3": 4 });
      // In turn: each three consecutive bookings go to the three hosts, in the same order every round.
      expect(new Set(hostsInOrder.slice(0, 3)).size).toBe(3);
      for (let index = 3; index < hostsInOrder.length; index += 1) {
        expect(hostsInOrder[index], `booking ${index}`).toBe(hostsInOrder[index - 3]);
      }
      await expectNoHostDoubleBooked();
    });

    it("fewest live bookings in the slot's week decide before least recently booked; a busy host is skipped", async () => {
      await onlyActive(HOSTS);
      // Week W of Monday 2027-04-12 (no booking yet): one booking each, in some order [x, y, z]; the fourth goes to
      // the least recently booked, x.
      const inW = (time: string) => `2027-04-12T${time}:00.000Z`;
      const firstThree = [];
      for (const time of ["15:00", "15:15", "15:30"]) firstThree.push((await book(inW(time))).booking!.hostId!);
      const [x, y, z] = firstThree;
      expect(new Set(firstThree).size).toBe(3);
      expect((await book(inW("15:45"))).booking!.hostId).toBe(x);
      // Next week (fresh, all at 0): y then z, the least recently booked first. Now in W x has 2 bookings and was
      // booked least recently of the three; y and z have 1 each.
      expect((await book("2027-04-19T15:00:00.000Z")).booking!.hostId).toBe(y);
      expect((await book("2027-04-19T15:15:00.000Z")).booking!.hostId).toBe(z);
      // Back in W: the count decides (y or z, not x), then recency between y and z (y).
      expect((await book(inW("16:00"))).booking!.hostId).toBe(y);

      // At busyAt z holds a booking written directly: of the free x (2 in W) and y (2 in W) it is the less recently
      // booked x; then y; then nobody (slot taken, lead kept).
      const busyAt = inW("16:15");
      const choice = await choiceAt(new Date(busyAt));
      expect(choice.candidates).toEqual(HOSTS);
      await getDb()
        .insert(demoBookings)
        .values({
          id: crypto.randomUUID(),
          demoRequestId: (await createDemoRequest(lead())).row.id,
          slotStart: new Date(busyAt),
          slotEnd: choice.end,
          hostId: z,
        });
      forgetAvailability();
      expect((await book(busyAt)).booking!.hostId).toBe(x);
      expect((await book(busyAt)).booking!.hostId).toBe(y);
      const full = await book(busyAt);
      expect(full).toMatchObject({ slotTaken: true, created: true });
      expect(full.booking).toBeUndefined();
      expect((await liveAt(busyAt)).map((booking) => booking.hostId).sort()).toEqual([...HOSTS].sort());
      await expectNoHostDoubleBooked();
    });

    it("reschedule keeps the host when free at the new time, moves to a free host when theirs is busy, else slot-taken", async () => {
      await onlyActive(["host-1", "host-2"]);
      // Week of Monday 2027-03-29 (no booking yet).
      const t1 = "2027-03-29T15:00:00.000Z";
      const t2 = "2027-03-29T16:00:00.000Z";
      const t3 = "2027-03-29T17:00:00.000Z";
      const t4 = "2027-03-29T18:00:00.000Z";
      const moving = (await book(t1)).booking!;
      const mover = moving.hostId!;
      const other = mover === "host-1" ? "host-2" : "host-1";
      // The other host gets one booking at t3, the mover one at t4: the mover then has two in the week, so the
      // fairness rule alone would pick the other host anywhere both are free.
      const atT3 = (await book(t3)).booking!;
      expect(atT3.hostId).toBe(other);
      const atT4 = (await book(t4)).booking!;
      expect(atT4.hostId).toBe(mover);

      // (1) t2: both free. The booking keeps its host although the rule would choose the other one.
      const kept = await rescheduleBooking(moving.id, await choiceAt(new Date(t2)));
      expect(kept.status).toBe("rescheduled");
      expect((kept as { booking: DemoBooking }).booking).toMatchObject({ id: moving.id, hostId: mover, sequence: 1 });
      expect((kept as { booking: DemoBooking }).booking.slotStart.toISOString()).toBe(t2);
      // A new booking at a time both are free goes to the other host: without the keep rule, so would the move.
      expect((await book("2027-03-29T19:00:00.000Z")).booking!.hostId).toBe(other);

      // (2) t4: the mover is busy then (their own other booking), the other host is free → moved to the other host.
      const reassigned = await rescheduleBooking(moving.id, await choiceAt(new Date(t4)));
      expect(reassigned.status).toBe("rescheduled");
      expect((reassigned as { booking: DemoBooking }).booking).toMatchObject({
        id: moving.id,
        hostId: other,
        sequence: 2,
      });
      expect((await liveAt(t4)).map((booking) => booking.hostId).sort()).toEqual(["host-1", "host-2"]);
      expect(await liveAt(t2)).toEqual([]);

      // (3) t3: the other host is busy (atT3) and the mover... put a booking of the mover's at t3 too: none free.
      const moverAtT3 = (await book(t3)).booking!;
      expect(moverAtT3.hostId).toBe(mover);
      const refused = await rescheduleBooking(moving.id, await choiceAt(new Date(t3)));
      expect(refused.status).toBe("slot-taken");
      const unchanged = await findBooking(moving.id);
      expect(unchanged?.booking).toMatchObject({ hostId: other, sequence: 2, status: "booked" });
      expect(unchanged?.booking.slotStart.toISOString()).toBe(t4);
      expect((await liveAt(t3)).map((booking) => booking.hostId).sort()).toEqual(["host-1", "host-2"]);

      // Moving back to its own time (t4) is "unchanged"; a move to where only it stands (t1, now empty) keeps its host.
      expect((await rescheduleBooking(moving.id, await choiceAt(new Date(t4)))).status).toBe("unchanged");
      const back = await rescheduleBooking(moving.id, await choiceAt(new Date(t1)));
      expect(back).toMatchObject({ status: "rescheduled", booking: { hostId: other, sequence: 3 } });
      await expectNoHostDoubleBooked();
    });

    it("an inactive host or one on time off is never chosen; with none left the slot is refused and nothing is double-booked", async () => {
      await onlyActive(HOSTS);
      const start = "2027-03-17T15:00:00.000Z"; // Wednesday 10:00 CDT
      const alsoThen = "2027-03-17T16:00:00.000Z";
      expect(await freeAt(start)).toBe(3);
      const staleHosts = await currentHosts(); // a copy read before the changes below (another instance's, say)
      const details = (id: string) => {
        const { name, email, timeZone, weeklyHours } = staleHosts.find((host) => host.id === id)!;
        return { name, email, timeZone, weeklyHours };
      };

      // host-1 inactive, host-2 off that Wednesday (a date of their zone): only host-3 is offered and booked.
      expect(await updateHost("host-1", { ...details("host-1"), active: false })).toBe(true);
      await addTimeOff("host-2", { firstDay: "2027-03-17", lastDay: "2027-03-17" });
      forgetHosts();
      forgetAvailability();
      expect(await freeAt(start)).toBe(1);
      expect((await slotAt(new Date(start))).choice.candidates).toEqual(["host-3"]);
      expect((await book(start)).booking?.hostId).toBe("host-3");
      expect((await book(alsoThen)).booking?.hostId).toBe("host-3");

      // Nobody else then: the API answers 409 slot-taken (a host works then, and is booked) and keeps the lead.
      expect(await freeAt(start)).toBe(0);
      const visitor = lead();
      const taken = await postDemoRequest({ ...visitor, slotStart: start });
      expect(taken.status).toBe(409);
      const takenBody = await taken.json();
      expect(takenBody).toMatchObject({ reason: "slot-taken" });
      expect(takenBody.demoRequest.email).toBe(visitor.email);
      expect((await liveAt(start)).map((booking) => booking.hostId)).toEqual(["host-3"]);

      // A caller with the stale copy names all three as candidates. With host-2 busy then (a booking written
      // directly) and host-3 booked, the database does not take the inactive host-1: the slot is taken.
      await getDb()
        .insert(demoBookings)
        .values({
          id: crypto.randomUUID(),
          demoRequestId: (await createDemoRequest(lead())).row.id,
          slotStart: new Date(alsoThen),
          slotEnd: new Date(Date.parse(alsoThen) + 15 * 60_000),
          hostId: "host-2",
        });
      const stale = hostChoiceAt(new Date(alsoThen), staleHosts);
      expect(stale.candidates).toEqual(HOSTS);
      const refused = await createDemoRequest(lead(), { slotStart: stale.start, slotEnd: stale.end, choice: stale });
      expect(refused).toMatchObject({ slotTaken: true, created: true });
      expect(refused.booking).toBeUndefined();
      expect((await liveAt(alsoThen)).map((booking) => booking.hostId).sort()).toEqual(["host-2", "host-3"]);

      // Only inactive hosts and a host on time off on a date: no slot that day, and the API answers outside-hours.
      expect(await updateHost("host-3", { ...details("host-3"), active: false })).toBe(true);
      await addTimeOff("host-2", { firstDay: "2027-03-18", lastDay: "2027-03-19" });
      forgetAvailability();
      const thursday = "2027-03-18T15:00:00.000Z";
      expect(await freeAt(thursday)).toBe(0);
      expect(await availableSlots({ from: "2027-03-18", days: 2, now: NOW, hosts: await currentHosts() })).toEqual([]);
      const outside = lead();
      const response = await postDemoRequest({ ...outside, slotStart: thursday });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ reason: "outside-hours" });
      expect(await getDb().select().from(demoRequests).where(eq(demoRequests.email, outside.email))).toEqual([]);
      // Through the model with the hosts read now: no candidate, so no booking; the lead is kept as needing a time.
      const modelOnly = await book(thursday);
      expect((await slotAt(new Date(thursday))).choice.candidates).toEqual([]);
      expect(modelOnly).toMatchObject({ slotTaken: true, created: true });
      expect(await liveAt(thursday)).toEqual([]);
      // The Monday after, host-2 works again (their time off is over; host-1 and host-3 stay inactive).
      expect((await slotAt(new Date("2027-03-22T14:00:00.000Z"))).choice.candidates).toEqual(["host-2"]);
      await expectNoHostDoubleBooked();
    });

    it("the database refuses an overlapping live booking of the same host (23P01), even from raw SQL; allows another host or a cancelled row", async () => {
      const db = getDb();
      const newLead = async () => (await createDemoRequest(lead())).row.id;
      const insert = async (hostId: string, start: string, end: string, status = "booked") =>
        db.execute(sql`
          insert into demo_bookings (id, demo_request_id, slot_start, slot_end, host_id, status)
          values (${crypto.randomUUID()}, ${await newLead()}, ${start}::timestamptz, ${end}::timestamptz, ${hostId}, ${status})`);
      const refusedWith = async (write: () => Promise<unknown>) => {
        try {
          await write();
        } catch (error) {
          return sqlState(error);
        }
        return "accepted";
      };

      await insert("host-1", "2027-04-05T15:00:00Z", "2027-04-05T15:15:00Z");
      // Same host, overlapping (partly or wholly): refused by the exclusion constraint.
      expect(await refusedWith(() => insert("host-1", "2027-04-05T15:10:00Z", "2027-04-05T15:25:00Z"))).toBe("23P01");
      expect(await refusedWith(() => insert("host-1", "2027-04-05T15:00:00Z", "2027-04-05T15:15:00Z"))).toBe("23P01");
      expect(await refusedWith(() => insert("host-1", "2027-04-05T14:00:00Z", "2027-04-05T16:00:00Z"))).toBe("23P01");
      // Another host at the same time, the same host right after (ranges are half-open), a cancelled row: accepted.
      expect(await refusedWith(() => insert("host-2", "2027-04-05T15:00:00Z", "2027-04-05T15:15:00Z"))).toBe(
        "accepted",
      );
      expect(await refusedWith(() => insert("host-1", "2027-04-05T15:15:00Z", "2027-04-05T15:30:00Z"))).toBe(
        "accepted",
      );
      expect(
        await refusedWith(() => insert("host-1", "2027-04-05T15:00:00Z", "2027-04-05T15:15:00Z", "cancelled")),
      ).toBe("accepted");
      // A cancelled row cannot come back to life over a live one.
      const [cancelled] = await db
        .select()
        .from(demoBookings)
        .where(and(eq(demoBookings.hostId, "host-1"), eq(demoBookings.status, "cancelled")));
      expect(
        await refusedWith(() =>
          db.update(demoBookings).set({ status: "booked" }).where(eq(demoBookings.id, cancelled.id)),
        ),
      ).toBe("23P01");
      // Moving a live row onto another live row of the same host: refused too.
      const [later] = await db
        .select()
        .from(demoBookings)
        .where(and(eq(demoBookings.hostId, "host-1"), eq(demoBookings.slotStart, new Date("2027-04-05T15:15:00Z"))));
      expect(
        await refusedWith(() =>
          db
            .update(demoBookings)
            .set({ slotStart: new Date("2027-04-05T15:05:00Z") })
            .where(eq(demoBookings.id, later.id)),
        ),
      ).toBe("23P01");

      const live = await db
        .select()
        .from(demoBookings)
        .where(
          and(
            eq(demoBookings.status, "booked"),
            sql`${demoBookings.slotStart} >= '2027-04-05T00:00:00Z' and ${demoBookings.slotStart} < '2027-04-06T00:00:00Z'`,
          ),
        );
      expect(live.map((booking) => [booking.hostId, booking.slotStart.toISOString()]).sort()).toEqual([
        ["host-1", "2027-04-05T15:00:00.000Z"],
        ["host-1", "2027-04-05T15:15:00.000Z"],
        ["host-2", "2027-04-05T15:00:00.000Z"],
      ]);
      await expectNoHostDoubleBooked();
    });
  },
  {
    DEMO_TIME_ZONE: "America/Chicago",
    DEMO_HOSTS: String(HOSTS.length),
    DEMO_BLACKOUT_DATES: "",
    RATE_LIMIT_PER_CLIENT: "10000",
    RATE_LIMIT_PER_EMAIL: "10000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);
