import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser } from "~/models/admin/user.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { cancelBooking, findBooking, listUpcomingBookings } from "~/models/demo/booking.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin._index";
import { loader as feedLoader } from "~/routes/calendar.demos[.]ics";
import { action as hostsAction } from "~/routes/admin.hosts";
import { bookingUid } from "~/services/demo/invite.server";
import { setClock } from "~/utils/time/clock.server";
import { getDb } from "~/db/connection.server";
import { outbox } from "~/db/schema.server";
import { describeWithDatabases } from "../support/database";
import { slotAt } from "../support/demo-hosts";
import { args, origin, respond, signIn } from "../support/route-calls";

let leadCount = 0;
/** Books `start` (UTC) for a new lead through the model the form and the API use. */
async function book(start: string, challenges = "") {
  leadCount += 1;
  const slotStart = new Date(start);
  const created = await createDemoRequest(
    {
      firstName: "Ana",
      lastName: `Ruiz${leadCount}`,
      email: `ana${leadCount}@ruizroofing.com`,
      phone: "555 010 2000",
      company: `Ruiz Roofing ${leadCount}`,
      dealVolume: "",
      challenges,
      submissionId: crypto.randomUUID(),
    },
    await slotAt(slotStart),
  );
  if (!created.booking) throw new Error(`could not book ${start}`);
  return created.booking;
}

/** Makes a feed's link as the admin's button does (the team's, or a host's) and returns it. */
async function newFeedLink(cookie: string, hostId?: string): Promise<URL> {
  const request = new Request(`${origin}${hostId ? "/admin/hosts" : "/admin"}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
    body: new URLSearchParams({ intent: "feed-new-link", ...(hostId ? { hostId } : {}) }),
  });
  const response = await respond(() => (hostId ? hostsAction(args(request)) : adminAction(args(request))));
  expect(response.status).toBe(200);
  return new URL(((await response.json()) as { feedUrl: string }).feedUrl);
}

// Monday 2027-02-01, 8:00 AM in Chicago (the default business zone; no daylight-saving change nearby).
const T0 = new Date("2027-02-01T14:00:00Z");

describeWithDatabases("admin: upcoming demos and the calendar feed", (kind) => {
  let cookie: string;
  const ids: Record<"ended" | "tuesday" | "cancelled" | "wednesday", string> = {
    ended: "",
    tuesday: "",
    cancelled: "",
    wednesday: "",
  };

  beforeAll(async () => {
    setClock(T0);
    await createUser(`sales-${kind}`, "a-long-admin-password-42");
    cookie = await signIn(`sales-${kind}`, "a-long-admin-password-42");
    ids.ended = (await book("2027-02-01T16:00:00Z")).id; // Mon 10:00 AM Central
    ids.tuesday = (await book("2027-02-02T15:00:00Z", "Dispatch by text")).id; // Tue 9:00 AM
    ids.cancelled = (await book("2027-02-02T15:15:00Z")).id; // Tue 9:15 AM, cancelled below
    ids.wednesday = (await book("2027-02-03T20:00:00Z")).id; // Wed 2:00 PM
    await cancelBooking(ids.cancelled);
    // 10:20 AM on Monday: the 10:00 demo has ended.
    setClock(new Date("2027-02-01T16:20:00Z"));
  });
  afterAll(() => setClock(undefined));

  it("lists exactly the booked demos that have not ended, by day in the business's time zone", async () => {
    const response = await respond(() =>
      adminLoader(args(new Request(`${origin}/admin`, { headers: { Cookie: cookie } }))),
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.agenda.timeZoneLabel).toBe("Central Time");
    expect(
      data.agenda.days.map((day: { label: string; demos: { bookingId: string; time: string }[] }) => ({
        label: day.label,
        demos: day.demos.map((demo) => [demo.bookingId, demo.time]),
      })),
    ).toEqual([
      { label: "Tuesday, February 2, 2027", demos: [[ids.tuesday, "9:00 AM"]] },
      { label: "Wednesday, February 3, 2027", demos: [[ids.wednesday, "2:00 PM"]] },
    ]);
    const tuesday = data.agenda.days[0].demos[0];
    expect(tuesday).toMatchObject({ endTime: "9:15 AM", challenges: "Dispatch by text" });
    expect(tuesday.company).toMatch(/^Ruiz Roofing \d+$/);
    expect(data.feedSince).toBeNull();
  });

  it("the feed lists exactly the upcoming bookings, in UTC, and refuses a wrong or missing key", async () => {
    const feedUrl = await newFeedLink(cookie);
    const response = await feedLoader(args(new Request(`${origin}${feedUrl.pathname}${feedUrl.search}`)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    const events = Object.values(ical.sync.parseICS(await response.text())).filter(
      (item): item is VEvent => item?.type === "VEVENT",
    );
    expect(events.map((event) => [event.uid, event.start.toISOString()]).sort()).toEqual(
      [
        [bookingUid(ids.tuesday), "2027-02-02T15:00:00.000Z"],
        [bookingUid(ids.wednesday), "2027-02-03T20:00:00.000Z"],
      ].sort(),
    );

    const key = feedUrl.searchParams.get("key")!;
    const wrongKey = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    for (const search of [`?key=${wrongKey}`, "", "?key=", `?key=${key}x`, "?key=%00"]) {
      const refused = await feedLoader(args(new Request(`${origin}/calendar/demos.ics${search}`)));
      expect(refused.status, search).toBe(404);
      expect(await refused.text()).toMatch(/not valid/);
    }
  });

  it("each host has a feed of their own bookings, under a key that opens no other feed (issue #24)", async () => {
    const upcoming = await listUpcomingBookings(new Date("2027-02-01T16:20:00Z"));
    const hostOf = new Map(upcoming.map(({ booking }) => [booking.id, booking.hostId]));
    const keys: Record<string, string> = {};
    for (const hostId of ["host-1", "host-2"]) {
      const feedUrl = await newFeedLink(cookie, hostId);
      keys[hostId] = feedUrl.searchParams.get("key")!;
      expect(feedUrl.searchParams.get("host")).toBe(hostId);
      const response = await feedLoader(args(new Request(`${origin}${feedUrl.pathname}${feedUrl.search}`)));
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/^X-WR-CALNAME:Groundwork demos: Groundwork Sales( 2)?\r?$/m);
      const uids = Object.values(ical.sync.parseICS(text))
        .filter((item): item is VEvent => item?.type === "VEVENT")
        .map((event) => event.uid)
        .sort();
      expect(uids).toEqual(
        [ids.tuesday, ids.wednesday]
          .filter((id) => hostOf.get(id) === hostId)
          .map(bookingUid)
          .sort(),
      );
    }
    // One host's key opens neither another host's feed nor the team's; the team's opens no host's.
    const first = keys["host-1"];
    const team = (await newFeedLink(cookie)).searchParams.get("key")!;
    for (const search of [`?host=host-2&key=${first}`, `?key=${first}`, `?host=host-1&key=${team}`]) {
      const refused = await feedLoader(args(new Request(`${origin}/calendar/demos.ics${search}`)));
      expect(refused.status, search).toBe(404);
    }
  });

  it("an admin cancels a demo: the slot is free, the visitor's CANCEL invite is queued, the agenda drops it", async () => {
    const post = (body: Record<string, string>, headers: Record<string, string> = { Origin: origin }) =>
      new Request(`${origin}/admin`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
        body: new URLSearchParams(body),
      });

    // Without a session nothing happens.
    const anonymous = await respond(() =>
      adminAction(
        args(
          new Request(`${origin}/admin`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
            body: new URLSearchParams({ intent: "cancel-demo", bookingId: ids.wednesday }),
          }),
        ),
      ),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    // A cross-site form is refused.
    const crossSite = await respond(() =>
      adminAction(args(post({ intent: "cancel-demo", bookingId: ids.wednesday }, { Origin: "https://evil.example" }))),
    );
    expect(crossSite.status).toBe(403);
    expect((await findBooking(ids.wednesday))?.booking.status).toBe("booked");

    const response = await respond(() => adminAction(args(post({ intent: "cancel-demo", bookingId: ids.wednesday }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin#upcoming-demos");
    const found = await findBooking(ids.wednesday);
    expect(found?.booking).toMatchObject({ status: "cancelled", sequence: 1 });
    const queued = (await getDb().select().from(outbox)).filter(
      (row) => (row.payload as { bookingId?: string }).bookingId === ids.wednesday,
    );
    expect(queued.map((row) => (row.payload as { method: string }).method).sort()).toEqual(["CANCEL", "REQUEST"]);

    // The freed seat can be booked again.
    await book("2027-02-03T20:00:00Z");
    await book("2027-02-03T20:00:00Z");

    const again = await respond(() => adminAction(args(post({ intent: "cancel-demo", bookingId: ids.wednesday }))));
    expect(again.status).toBe(302);
    const unknown = await respond(() =>
      adminAction(args(post({ intent: "cancel-demo", bookingId: "no-such-booking" }))),
    );
    expect(unknown.status).toBe(302);
    expect((await findBooking(ids.wednesday))?.booking.sequence).toBe(1);

    for (const body of [{ intent: "something-else", bookingId: ids.tuesday }, { intent: "cancel-demo" }] as Record<
      string,
      string
    >[]) {
      const refused = await respond(() => adminAction(args(post(body))));
      expect(refused.status).toBe(400);
    }
  });

  it("an admin reassigns a demo to a free host: same UID, SEQUENCE + 1, the visitor's updated invite queued (issue #24)", async () => {
    const post = (body: Record<string, string>) =>
      new Request(`${origin}/admin`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
        body: new URLSearchParams(body),
      });
    const before = (await findBooking(ids.tuesday))!.booking;
    const other = before.hostId === "host-1" ? "host-2" : "host-1";
    const invites = async () =>
      (await getDb().select().from(outbox)).filter(
        (row) => row.kind === "demo-invite-email" && (row.payload as { bookingId?: string }).bookingId === ids.tuesday,
      );
    const queuedBefore = (await invites()).length;

    const moved = await respond(() =>
      adminAction(args(post({ intent: "reassign-demo", bookingId: ids.tuesday, hostId: other }))),
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/admin#upcoming-demos");
    const after = await findBooking(ids.tuesday);
    expect(after?.booking).toMatchObject({
      id: before.id,
      hostId: other,
      sequence: before.sequence + 1,
      status: "booked",
      slotStart: before.slotStart,
    });
    expect(after?.host?.name).toMatch(/^Groundwork Sales/);
    const queued = await invites();
    expect(queued).toHaveLength(queuedBefore + 1);
    expect(queued.map((row) => row.payload)).toContainEqual({
      bookingId: ids.tuesday,
      sequence: before.sequence + 1,
      method: "REQUEST",
    });

    // Back to the first host, who is now busy at that time with another booking: refused, nothing changes.
    const blocker = await book("2027-02-02T15:00:00Z");
    expect(blocker.hostId).toBe(before.hostId);
    const busy = await respond(() =>
      adminAction(args(post({ intent: "reassign-demo", bookingId: ids.tuesday, hostId: before.hostId! }))),
    );
    expect(busy.status).toBe(302);
    expect((await findBooking(ids.tuesday))?.booking).toMatchObject({ hostId: other, sequence: before.sequence + 1 });
    for (const hostId of ["no-such-host", ""]) {
      const refused = await respond(() =>
        adminAction(args(post({ intent: "reassign-demo", bookingId: ids.tuesday, hostId }))),
      );
      expect([302, 400]).toContain(refused.status);
      expect((await findBooking(ids.tuesday))?.booking.hostId).toBe(other);
    }
  });
});
