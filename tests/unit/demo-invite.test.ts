import ical, { type CalendarResponse, type VEvent } from "node-ical";
import { afterAll, describe, expect, it } from "vitest";
import type { DemoRequestRow } from "~/db/schema.server";
import {
  bookingFeed,
  bookingInvite,
  googleCalendarLink,
  type InviteBooking,
  type InviteLead,
} from "~/services/demo/invite.server";
import { demoInviteMail, newLeadMail } from "~/services/outbox/mailer.server";
import { formatZonedRange, timeZoneLabel } from "~/utils/time/time-zone-format";
import { forget } from "~/utils/singleton.server";

const saved = { ...process.env };

// Set while the file is collected: the describe blocks below build their invites then.
Object.assign(process.env, {
  APP_URL: "https://www.groundwork.test:8443",
  BRAND_NAME: "Groundwork",
  SALES_EMAIL: "sales@groundwork.test",
  MAIL_FROM: "Groundwork <no-reply@groundwork.test>",
});
forget("env");
afterAll(() => {
  process.env = saved;
  forget("env");
});

const lead: InviteLead = {
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@whitfieldpest.com",
  company: "Whitfield Pest Control",
  phone: "+1 (555) 010-2030",
};

const manageUrl = "https://www.groundwork.test:8443/demo/manage/b-7f3a.signature";

// Tuesday 2026-11-24, 10:00 Central Time (CST, UTC-6).
const booked: InviteBooking = {
  id: "7f3a0c1e-5b7d-4c1a-9d2e-0a1b2c3d4e5f",
  slotStart: new Date("2026-11-24T16:00:00.000Z"),
  slotEnd: new Date("2026-11-24T16:15:00.000Z"),
  sequence: 0,
  status: "booked",
  updatedAt: new Date("2026-11-23T12:00:00.000Z"),
};

function parse(text: string) {
  const calendar: CalendarResponse = ical.sync.parseICS(text);
  const events = Object.values(calendar).filter((component): component is VEvent => component?.type === "VEVENT");
  const vcalendar = calendar.vcalendar as unknown as Record<string, unknown> | undefined;
  return { events, method: vcalendar?.method as string | undefined };
}

function onlyEvent(text: string) {
  const { events, method } = parse(text);
  expect(events).toHaveLength(1);
  return { event: events[0], method };
}

/** A parameterised property (ORGANIZER, ATTENDEE) as node-ical returns it. */
type Addressed = { params: Record<string, string>; val: string };

describe("bookingInvite", () => {
  const rescheduled: InviteBooking = {
    ...booked,
    slotStart: new Date("2026-11-25T20:30:00.000Z"),
    slotEnd: new Date("2026-11-25T20:45:00.000Z"),
    sequence: 1,
  };
  const cancelled: InviteBooking = { ...rescheduled, sequence: 2, status: "cancelled" };

  const request = bookingInvite({ booking: booked, lead, method: "REQUEST", manageUrl });
  const update = bookingInvite({ booking: rescheduled, lead, method: "REQUEST", manageUrl });
  const cancel = bookingInvite({ booking: cancelled, lead, method: "CANCEL", manageUrl });

  it("keeps one UID per booking across the invite, the reschedule and the cancellation, with a rising SEQUENCE", () => {
    const parsed = [request, update, cancel].map(onlyEvent);
    expect(parsed.map(({ method }) => method)).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
    expect(new Set(parsed.map(({ event }) => event.uid))).toEqual(new Set([`${booked.id}@www.groundwork.test`]));
    expect(parsed.map(({ event }) => Number(event.sequence))).toEqual([0, 1, 2]);
    expect(parsed.map(({ event }) => event.status)).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED"]);
  });

  it("writes the start and end in UTC, 15 minutes apart", () => {
    for (const [text, booking] of [
      [request, booked],
      [update, rescheduled],
      [cancel, cancelled],
    ] as const) {
      const { event } = onlyEvent(text);
      expect(text).toMatch(/^DTSTART:\d{8}T\d{6}Z\r?$/m);
      expect(text).toMatch(/^DTEND:\d{8}T\d{6}Z\r?$/m);
      expect(text).not.toContain("VTIMEZONE");
      expect(event.start.toISOString()).toBe(booking.slotStart.toISOString());
      expect(event.end!.getTime() - event.start.getTime()).toBe(15 * 60_000);
    }
    expect(request).toMatch(/^DTSTART:20261124T160000Z\r?$/m);
    expect(update).toMatch(/^DTSTART:20261125T203000Z\r?$/m);
  });

  it("names the brand and sales as organizer, the visitor as attendee asked to reply, and links the manage page", () => {
    const { event } = onlyEvent(request);
    expect(event.summary).toBe("Groundwork demo (15 min)");
    expect(event.description).toContain(manageUrl);
    const organizer = event.organizer as unknown as Addressed;
    expect(organizer.val.toLowerCase()).toBe("mailto:sales@groundwork.test");
    expect(organizer.params.CN).toBe("Groundwork");
    const attendee = event.attendee as unknown as Addressed;
    expect(attendee.val.toLowerCase()).toBe("mailto:dana@whitfieldpest.com");
    expect(attendee.params).toMatchObject({ RSVP: true, PARTSTAT: "NEEDS-ACTION" });
  });

  it("carries none of the words typed into the form: no name, no company, in the file or the mail (ADR 0056)", () => {
    const typed: InviteLead = {
      ...lead,
      firstName: "Claim your prize at evil.example",
      lastName: "Now",
      company: "Your account is suspended",
    };
    const file = bookingInvite({ booking: booked, lead: typed, method: "REQUEST", manageUrl });
    const { event } = onlyEvent(file);
    expect((event.attendee as unknown as Addressed).params.CN).toBeUndefined();
    const mail = demoInviteMail({
      booking: booked,
      lead: typed,
      method: "REQUEST",
      manageUrl,
      businessTimeZone: "America/Chicago",
    });
    const cancel = bookingInvite({
      booking: { ...booked, sequence: 1, status: "cancelled" },
      lead: typed,
      method: "CANCEL",
      manageUrl,
    });
    const link = googleCalendarLink({ booking: booked, manageUrl });
    for (const text of [file, cancel, mail.subject, mail.text, decodeURIComponent(link)]) {
      expect(text).not.toContain("evil.example");
      expect(text).not.toContain("suspended");
    }
    expect(mail.text.startsWith("Hello,\n")).toBe(true);
  });

  it("names the real length in the summary and stamps the booking's version", () => {
    const longer = { ...booked, slotEnd: new Date("2026-11-24T16:30:00.000Z") };
    const { event } = onlyEvent(bookingInvite({ booking: longer, lead, method: "REQUEST", manageUrl }));
    expect(event.summary).toBe("Groundwork demo (30 min)");
    expect(event.dtstamp.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    // The same booking version gives the same file, so a retried e-mail carries the same invite.
    expect(bookingInvite({ booking: booked, lead, method: "REQUEST", manageUrl })).toBe(request);
  });

  it("keeps a visitor's name from adding properties or attendees", () => {
    const hostile: InviteLead = {
      ...lead,
      firstName: 'Dana "DJ";ROLE=CHAIR:',
      lastName: "Whitfield\r\nATTENDEE:mailto:intruder@example.com",
      company: "Whitfield, Pest; Control\nSTATUS:CANCELLED",
    };
    const text = bookingInvite({ booking: booked, lead: hostile, method: "REQUEST", manageUrl });
    const { event } = onlyEvent(text);
    expect(text).not.toMatch(/^ATTENDEE:mailto:intruder/im);
    expect(text.match(/^ATTENDEE/gm)).toHaveLength(1);
    expect(text.match(/^STATUS/gm)).toHaveLength(1);
    expect(event.status).toBe("CONFIRMED");
    expect((event.attendee as unknown as Addressed).val.toLowerCase()).toBe("mailto:dana@whitfieldpest.com");
  });
});

describe("googleCalendarLink", () => {
  it("opens Google Calendar's event template with the UTC start and end", () => {
    const link = googleCalendarLink({ booking: booked, manageUrl });
    expect(link).toContain("&dates=20261124T160000Z/20261124T161500Z");
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Groundwork demo (15 min)");
    expect(url.searchParams.get("dates")).toBe("20261124T160000Z/20261124T161500Z");
    expect(url.searchParams.get("details")).toContain(manageUrl);
  });
});

describe("bookingFeed", () => {
  const leads: InviteLead[] = [
    lead,
    {
      firstName: "Marta",
      lastName: "Lopez",
      email: "marta@lopezlandscaping.com",
      company: "Lopez Landscaping",
      phone: "555 010 9000",
      dealVolume: "26-50",
      challenges: "Quotes get lost between the truck and the office.",
    },
    { firstName: "Sam", lastName: "Okafor", email: "sam@okaforhvac.com", company: "Okafor HVAC", phone: "555 0101" },
  ];
  const bookings: InviteBooking[] = [
    booked,
    { ...booked, id: "second", slotStart: new Date("2026-11-24T16:15:00Z"), slotEnd: new Date("2026-11-24T16:30:00Z") },
    { ...booked, id: "third", sequence: 3 },
  ];

  it("lists exactly the given booked demos with the lead's details, as a subscription (no METHOD)", () => {
    const text = bookingFeed(bookings.map((booking, index) => ({ booking, lead: leads[index] })));
    expect(text).not.toMatch(/^METHOD/m);
    expect(text).toMatch(/^X-WR-CALNAME:Groundwork demos\r?$/m);
    const { events, method } = parse(text);
    expect(method).toBeUndefined();
    expect(events.map((event) => event.uid).sort()).toEqual(
      [`${booked.id}@www.groundwork.test`, "second@www.groundwork.test", "third@www.groundwork.test"].sort(),
    );
    const marta = events.find((event) => event.uid === "second@www.groundwork.test")!;
    expect(marta.summary).toBe("Groundwork demo (15 min): Marta Lopez (Lopez Landscaping)");
    for (const detail of ["marta@lopezlandscaping.com", "555 010 9000", "26-50 deals", "Quotes get lost"]) {
      expect(marta.description).toContain(detail);
    }
    expect(marta.start.toISOString()).toBe("2026-11-24T16:15:00.000Z");
  });

  it("leaves cancelled bookings out and is a valid empty calendar without any", () => {
    const cancelledOne = { ...bookings[1], status: "cancelled" as const, sequence: 1 };
    const text = bookingFeed([
      { booking: bookings[0], lead: leads[0] },
      { booking: cancelledOne, lead: leads[1] },
    ]);
    expect(parse(text).events.map((event) => event.uid)).toEqual([`${booked.id}@www.groundwork.test`]);
    const empty = bookingFeed([]);
    expect(empty).toMatch(/^BEGIN:VCALENDAR/);
    expect(parse(empty).events).toEqual([]);
  });
});

describe("time zone names and times (Intl)", () => {
  it("names zones the way people say them", () => {
    expect(timeZoneLabel("America/Chicago", booked.slotStart)).toBe("Central Time");
    // The generic name does not change with daylight saving.
    expect(timeZoneLabel("America/Chicago", new Date("2027-07-01T15:00:00Z"))).toBe("Central Time");
    expect(timeZoneLabel("Europe/Berlin", booked.slotStart)).toBe("Central European Time");
    expect(timeZoneLabel("UTC", booked.slotStart)).toBe("UTC");
  });

  it("follows daylight saving in New York (2027-03-14) and Berlin (2027-03-28)", () => {
    const at = (iso: string) => [new Date(iso), new Date(new Date(iso).getTime() + 15 * 60_000)] as const;
    // 09:00 in New York: 14:00Z before the US change, 13:00Z after it.
    expect(formatZonedRange(...at("2027-03-12T14:00:00Z"), "America/New_York")).toBe(
      "Friday, March 12, 2027, 9:00 – 9:15 AM Eastern Time",
    );
    expect(formatZonedRange(...at("2027-03-15T13:00:00Z"), "America/New_York")).toBe(
      "Monday, March 15, 2027, 9:00 – 9:15 AM Eastern Time",
    );
    // Between the two changes the gap is five hours, not six; after the EU change it is six again.
    expect(formatZonedRange(...at("2027-03-15T13:00:00Z"), "Europe/Berlin")).toBe(
      "Monday, March 15, 2027, 2:00 – 2:15 PM Central European Time",
    );
    expect(formatZonedRange(...at("2027-03-29T13:00:00Z"), "Europe/Berlin")).toBe(
      "Monday, March 29, 2027, 3:00 – 3:15 PM Central European Time",
    );
  });
});

describe("demoInviteMail", () => {
  it("confirms a booking in Central Time and UTC, with the manage link and the REQUEST invite", () => {
    const mail = demoInviteMail({
      booking: booked,
      lead,
      method: "REQUEST",
      manageUrl,
      businessTimeZone: "America/Chicago",
    });
    expect(mail.to).toBe("dana@whitfieldpest.com");
    expect(mail.from).toBe("Groundwork <no-reply@groundwork.test>");
    expect(mail.replyTo).toBe("sales@groundwork.test");
    expect(mail.subject).toBe("Your demo is booked: Tue, Nov 24, 10:00 AM Central Time");
    expect(mail.text).toContain("Tuesday, November 24, 2026, 10:00 – 10:15 AM Central Time");
    expect(mail.text).toContain("Tuesday, November 24, 2026, 4:00 – 4:15 PM UTC");
    expect(mail.text).toContain(manageUrl);
    expect(mail.icalEvent?.method).toBe("REQUEST");
    const { event, method } = onlyEvent(mail.icalEvent!.content);
    expect(method).toBe("REQUEST");
    expect(event.uid).toBe(`${booked.id}@www.groundwork.test`);
  });

  it("shows the visitor's own zone when known, and falls back to UTC for an unknown one", () => {
    const input = { booking: booked, lead, method: "REQUEST" as const, manageUrl, businessTimeZone: "America/Chicago" };
    const berlin = demoInviteMail({ ...input, visitorTimeZone: "Europe/Berlin" });
    expect(berlin.text).toContain("Tuesday, November 24, 2026, 5:00 – 5:15 PM Central European Time");
    expect(berlin.text).not.toContain("UTC");
    const unknown = demoInviteMail({ ...input, visitorTimeZone: "Mars/Olympus_Mons" });
    expect(unknown.text).toContain("4:00 – 4:15 PM UTC");
  });

  it("says Updated after a reschedule and Cancelled with a CANCEL invite", () => {
    const input = { lead, manageUrl, businessTimeZone: "America/Chicago" };
    const moved = {
      ...booked,
      sequence: 1,
      slotStart: new Date("2026-11-25T20:30:00Z"),
      slotEnd: new Date("2026-11-25T20:45:00Z"),
    };
    const updated = demoInviteMail({ ...input, booking: moved, method: "REQUEST" });
    expect(updated.subject).toBe("Updated: your Groundwork demo is now Wed, Nov 25, 2:30 PM Central Time");
    expect(updated.text).toContain("has moved");
    expect(Number(onlyEvent(updated.icalEvent!.content).event.sequence)).toBe(1);

    const cancelled = demoInviteMail({
      ...input,
      booking: { ...moved, sequence: 2, status: "cancelled" },
      method: "CANCEL",
    });
    expect(cancelled.subject).toBe("Cancelled: your Groundwork demo on Wed, Nov 25, 2:30 PM Central Time");
    expect(cancelled.text).toContain("has been cancelled");
    expect(cancelled.text).toContain("https://www.groundwork.test:8443/#demo-booking");
    expect(cancelled.text).not.toContain(manageUrl);
    expect(cancelled.icalEvent?.method).toBe("CANCEL");
    const { event, method } = onlyEvent(cancelled.icalEvent!.content);
    expect(method).toBe("CANCEL");
    expect(event.status).toBe("CANCELLED");
  });
});

describe("newLeadMail", () => {
  const row: DemoRequestRow = {
    id: "lead-1",
    ...lead,
    dealVolume: "11-25",
    challenges: "Dispatch runs on a whiteboard.",
    submissionId: "submission-1",
    consentVersion: null,
    heldBackSlotStart: null,
    trade: null,
    routing: null,
    consentPage: null,
    suspectedSpam: false,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    clickId: null,
    referrerHost: null,
    landingPath: null,
    createdAt: new Date("2026-11-23T12:00:00.000Z"),
  };

  it("is unchanged for a plain request", () => {
    const mail = newLeadMail(row);
    expect(mail.subject).toBe("New demo request: Dana Whitfield (Whitfield Pest Control)");
    expect(mail.text).not.toContain("Demo:");
    expect(mail.text).toContain("Received:    2026-11-23T12:00:00.000Z\n\nChallenges:");
  });

  it("shows the booked time in the business's zone", () => {
    const mail = newLeadMail(row, { booking: booked, businessTimeZone: "America/Chicago" });
    expect(mail.subject).toBe("New demo booked: Dana Whitfield (Whitfield Pest Control)");
    expect(mail.text).toContain("Demo:        Tuesday, November 24, 2026, 10:00 – 10:15 AM Central Time\n");
  });

  it("says a time is needed when the chosen slot was taken", () => {
    const mail = newLeadMail(row, {
      slotTaken: true,
      requestedStart: booked.slotStart,
      businessTimeZone: "America/Chicago",
    });
    expect(mail.subject).toBe("New demo request (needs a time): Dana Whitfield (Whitfield Pest Control)");
    expect(mail.text).toContain(
      "Demo:        Needs a time — the chosen slot was taken (asked for Tue, Nov 24, 10:00 AM Central Time)",
    );
  });
});
