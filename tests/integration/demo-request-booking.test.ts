import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { demoBookings, demoRequests } from "~/db/schema.server";
import { loader as calendarFileLoader } from "~/routes/demo.booking.$file";
import { action, loader } from "~/routes/_index";
import { setClock } from "~/utils/time/clock.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { cookiesOf, origin } from "../support/route-calls";

// Monday 2026-11-23, 06:00 in Chicago: with two hours' notice the first bookable demo is today at 9:00 (15:00 UTC).
const frozenNow = new Date("2026-11-23T12:00:00Z");

let counter = 0;
const uniqueEmail = (kind: string) => `booker-${kind}-${++counter}-${Date.now()}@ruizroofing.com`;

function fields(overrides: Record<string, string> = {}) {
  return {
    intent: "demo-request",
    __rvfInternalFormId: "demo-request-form",
    firstName: "Ana",
    lastName: "Ruiz",
    email: "ana@ruizroofing.com",
    phone: "+1 (555) 010-2000",
    company: "Ruiz Roofing",
    dealVolume: "11-25",
    challenges: "",
    submissionId: crypto.randomUUID(),
    gw_trap: "",
    ...overrides,
  };
}

function postForm(values: Record<string, string>, { data = false } = {}) {
  return new Request(`${origin}/?index`, {
    method: "POST",
    body: new URLSearchParams(data ? { ...values, enhanced: "1" } : values),
    headers: { Origin: origin },
  });
}

async function runAction(request: Request): Promise<Response> {
  return (await action({ request, params: {}, context: {} })) as unknown as Response;
}

async function pageData(cookie?: string) {
  const response = (await loader({
    request: new Request(origin, { headers: cookie ? { Cookie: cookie } : {} }),
    params: {},
    context: {},
  })) as unknown as Response;
  return response.json();
}

const leadsFor = (email: string) => getDb().select().from(demoRequests).where(eq(demoRequests.email, email));
const bookingsOf = (demoRequestId: string) =>
  getDb().select().from(demoBookings).where(eq(demoBookings.demoRequestId, demoRequestId));

describeWithDatabases("demo booking through the page action", (kind) => {
  beforeAll(() => setClock(frozenNow));
  afterAll(() => setClock(undefined));
  beforeEach(async () => {
    await forgetAttempts(limitRules.demoGlobal, "all");
  });

  it("the page shows the first bookable day's times in the business's zone, named", async () => {
    const { demo } = await pageData();
    expect(demo.picker.timeZone).toBe("America/Chicago");
    expect(demo.picker.timeZoneName).toBe("Central Time");
    expect(demo.picker.day).toBe("2026-11-23");
    expect(demo.picker.days[0]).toMatchObject({ date: "2026-11-23", weekday: "Mon", label: "Nov 23" });
    expect(demo.picker.times[0]).toEqual({ start: "2026-11-23T15:00:00.000Z", label: "9:00 AM" });
    expect(demo.picker.times.at(-1)).toEqual({ start: "2026-11-23T22:45:00.000Z", label: "4:45 PM" });
  });

  it("a day tab or 'Show times' re-renders the form with every value kept and that day's times; nothing is stored", async () => {
    const email = uniqueEmail(kind);
    const typed = fields({ email, challenges: "Two crews" });
    const day = await runAction(postForm({ ...typed, demoDay: "2026-11-25", demoShownDay: "2026-11-23" }));
    expect(day.status).toBe(200);
    const dayBody = await day.json();
    expect(dayBody.repopulateFields).toMatchObject({
      email,
      challenges: "Two crews",
      submissionId: typed.submissionId,
    });
    expect(dayBody.repopulateFields).not.toHaveProperty("demoDay");
    expect(dayBody.fieldErrors).toEqual({});
    expect(dayBody.picker.day).toBe("2026-11-25");
    expect(dayBody.picker.times[0]).toEqual({ start: "2026-11-25T15:00:00.000Z", label: "9:00 AM" });

    const zone = await runAction(
      postForm({ ...typed, demoShowTimes: "1", demoShownDay: "2026-11-25", timeZone: "Europe/Berlin" }),
    );
    expect(zone.status).toBe(200);
    const zoneBody = await zone.json();
    expect(zoneBody.picker).toMatchObject({ timeZone: "Europe/Berlin", timeZoneName: "Central European Time" });
    expect(zoneBody.picker.day).toBe("2026-11-25");
    expect(zoneBody.picker.times[0]).toEqual({ start: "2026-11-25T15:00:00.000Z", label: "4:00 PM" });
    expect(zoneBody.picker.timeZones).toContainEqual({
      value: "Europe/Berlin",
      label: "Central European Time (Berlin)",
    });
    expect(await leadsFor(email)).toHaveLength(0);
  });

  it("books the picked slot: thank-you panel and toast name the time in both zones; the .ics parses back", async () => {
    const email = uniqueEmail(kind);
    const response = await runAction(
      postForm(fields({ email, slotStart: "2026-11-24T15:00:00.000Z", timeZone: "Europe/Berlin" })),
    );
    expect(response.status).toBe(302);
    const { toast } = await getToast(new Request(origin, { headers: { Cookie: cookiesOf(response) } }));
    expect(toast).toMatchObject({ type: "success", message: "Demo Booked!" });
    expect(toast?.description).toBe(
      "Tuesday, November 24, 2026, 4:00 – 4:15 PM Central European Time (Tuesday, November 24, 2026, 9:00 – 9:15 AM Central Time). A calendar invite is on its way to you.",
    );
    const [lead] = await leadsFor(email);
    const [booking] = await bookingsOf(lead.id);
    expect(booking).toMatchObject({ status: "booked", hostId: "host-1" });
    expect(booking.slotStart.toISOString()).toBe("2026-11-24T15:00:00.000Z");

    const { demo } = await pageData(cookiesOf(response));
    expect(demo.showThanks).toBe(true);
    expect(demo.booked.when).toBe("Tuesday, November 24, 2026, 4:00 – 4:15 PM Central European Time");
    expect(demo.booked.businessWhen).toBe("Tuesday, November 24, 2026, 9:00 – 9:15 AM Central Time");
    expect(demo.booked.googleUrl).toContain("dates=20261124T150000Z/20261124T151500Z");
    expect(demo.booked.icsUrl).toMatch(/^\/demo\/booking\/[^/]+\.ics$/);

    const file = (await calendarFileLoader({
      request: new Request(`${origin}${demo.booked.icsUrl}`),
      params: { file: demo.booked.icsUrl.split("/").pop() },
      context: {},
    })) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(await file.text())).filter(
      (entry): entry is VEvent => entry?.type === "VEVENT",
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.start.toISOString()).toBe("2026-11-24T15:00:00.000Z");
    expect(event.end!.getTime() - event.start.getTime()).toBe(15 * 60_000);

    const forged = (await calendarFileLoader({
      request: new Request(`${origin}/demo/booking/${booking.id}.forged.ics`),
      params: { file: `${booking.id}.AAAA.ics` },
      context: {},
    })) as Response;
    expect(forged.status).toBe(404);
  });

  it("'None of these times work' keeps today's request-only answer", async () => {
    const email = uniqueEmail(kind);
    const response = await runAction(postForm(fields({ email, slotStart: "" })));
    expect(response.status).toBe(302);
    const { toast } = await getToast(new Request(origin, { headers: { Cookie: cookiesOf(response) } }));
    expect(toast?.message).toBe("Demo Request Submitted!");
    const [lead] = await leadsFor(email);
    expect(await bookingsOf(lead.id)).toHaveLength(0);
    const { demo } = await pageData(cookiesOf(response));
    expect(demo.showThanks).toBe(true);
    expect(demo.booked).toBeUndefined();
  });

  it("a slot taken meanwhile: 409, the field says so, fresh times, the Error toast; the lead is kept and the next pick books it", async () => {
    const slot = "2026-11-25T16:00:00.000Z";
    for (const other of [uniqueEmail(kind), uniqueEmail(kind)])
      expect((await runAction(postForm(fields({ email: other, slotStart: slot })))).status).toBe(302);

    const email = uniqueEmail(kind);
    const typed = fields({ email, slotStart: slot, demoShownDay: "2026-11-25" });
    const taken = await runAction(postForm(typed));
    expect(taken.status).toBe(409);
    const body = await taken.json();
    expect(body.fieldErrors).toEqual({ slotStart: "That time was just booked — please pick another" });
    expect(body.notice).toEqual({
      type: "error",
      message: "Error",
      description: "Failed to submit demo request. Please try again.",
    });
    expect(body.repopulateFields).toMatchObject({ email, submissionId: typed.submissionId });
    expect(body.repopulateFields).not.toHaveProperty("slotStart");
    expect(body.picker.day).toBe("2026-11-25");
    expect(body.picker.times.map((time: { start: string }) => time.start)).not.toContain(slot);
    const [kept] = await leadsFor(email);
    expect(kept).toBeDefined();

    // With JavaScript the same answer carries the Error toast as a cookie.
    const viaJs = await runAction(postForm({ ...typed }, { data: true }));
    expect(viaJs.status).toBe(409);
    const { toast } = await getToast(new Request(origin, { headers: { Cookie: cookiesOf(viaJs) } }));
    expect(toast).toEqual({
      type: "error",
      message: "Error",
      description: "Failed to submit demo request. Please try again.",
    });

    const rebooked = await runAction(postForm({ ...typed, slotStart: "2026-11-25T16:15:00.000Z" }));
    expect(rebooked.status).toBe(302);
    const leads = await leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].id).toBe(kept.id);
    const bookings = await bookingsOf(kept.id);
    expect(bookings.map((booking) => booking.slotStart.toISOString())).toEqual(["2026-11-25T16:15:00.000Z"]);
  });

  it("a time that cannot be booked (off the grid, in the past) is a field error with the free times, storing nothing", async () => {
    for (const slotStart of ["2026-11-24T15:07:00.000Z", "2026-11-20T15:00:00.000Z"]) {
      const email = uniqueEmail(kind);
      const response = await runAction(postForm(fields({ email, slotStart })));
      expect(response.status).toBe(422);
      const body = await response.json();
      expect(body.fieldErrors.slotStart).toEqual(expect.any(String));
      expect(body.picker.times.length).toBeGreaterThan(0);
      expect(await leadsFor(email)).toHaveLength(0);
    }
  });
});
