import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalOrganizer,
} from "ical-generator";
import { getEnv } from "~/utils/env.server";

/** What an invite needs of a booking; the demo_bookings model row satisfies it. */
export type InviteBooking = {
  id: string;
  slotStart: Date;
  slotEnd: Date;
  /** iCalendar SEQUENCE: 0 when booked, +1 on every reschedule or cancellation. */
  sequence: number;
  status: "booked" | "cancelled";
  /** When this version of the booking was written; the invite's DTSTAMP, so a retried e-mail carries the same file. */
  updatedAt?: Date;
};

/** What an invite needs of the lead; the demo_requests row satisfies it. */
export type InviteLead = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  dealVolume?: string | null;
  challenges?: string | null;
};

export type InviteMethod = "REQUEST" | "CANCEL";

type InviteInput = {
  booking: InviteBooking;
  lead: InviteLead;
  /** The visitor's /demo/manage/<token> page (absolute). */
  manageUrl: string;
  /** Defaults to the sales address under the brand name: replies and RSVPs reach the team. */
  organizer?: ICalOrganizer;
};

const PRODUCT_ID = { company: "Groundwork", product: "Demo booking", language: "EN" };

/** Calendars match updates by UID, so it must not move: the host name, not the port a derived APP_URL follows. */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@${new URL(getEnv().APP_URL).hostname}`;
}

export function demoMinutes(booking: Pick<InviteBooking, "slotStart" | "slotEnd">): number {
  return Math.round((booking.slotEnd.getTime() - booking.slotStart.getTime()) / 60_000);
}

function demoSummary(booking: Pick<InviteBooking, "slotStart" | "slotEnd">): string {
  return `${getEnv().BRAND_NAME} demo (${demoMinutes(booking)} min)`;
}

/** The host as the invite's organizer: their calendar is the one the visitor's RSVP answers. */
export function inviteOrganizer(host: { name: string; email: string }): ICalOrganizer {
  return { name: parameterText(host.name), email: host.email };
}

const fullName = (lead: InviteLead) => `${lead.firstName} ${lead.lastName}`.trim();

/**
 * A visitor's name must stay one CN= parameter: RFC 5545 allows no DQUOTE or control characters there, and
 * ical-generator's backslash-escaped quote ends the value in calendar parsers.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]+/g;
const parameterText = (text: string) => text.replace(/"/g, "'").replace(controlCharacters, " ").trim();

function eventTiming(booking: InviteBooking) {
  return {
    id: bookingUid(booking.id),
    sequence: booking.sequence,
    ...(booking.updatedAt ? { stamp: booking.updatedAt } : {}),
    start: booking.slotStart,
    end: booking.slotEnd,
  };
}

/**
 * The visitor's copy carries none of the words typed into the form (name, company): an invite reaches whatever
 * mailbox was typed, and must not read as the business writing someone else's words to it (ADR 0056).
 */
function visitorDescription(booking: InviteBooking, manageUrl: string, method: InviteMethod) {
  const env = getEnv();
  if (method === "CANCEL") {
    return [
      `This ${demoMinutes(booking)}-minute ${env.BRAND_NAME} demo was cancelled.`,
      "",
      `Book another time: ${env.APP_URL}/#demo-booking`,
    ].join("\n");
  }
  return [`Your ${demoMinutes(booking)}-minute ${env.BRAND_NAME} demo.`, "", `Reschedule or cancel: ${manageUrl}`].join(
    "\n",
  );
}

/** A reschedule is a REQUEST with a higher SEQUENCE. Times are UTC ("Z"), so no VTIMEZONE is needed. */
export function bookingInvite({ booking, lead, method, manageUrl, organizer }: InviteInput & { method: InviteMethod }) {
  const env = getEnv();
  const calendar = ical({
    prodId: PRODUCT_ID,
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    ...eventTiming(booking),
    summary: demoSummary(booking),
    description: visitorDescription(booking, manageUrl, method),
    url: method === "CANCEL" ? null : manageUrl,
    organizer: organizer ?? inviteOrganizer({ name: env.BRAND_NAME, email: env.SALES_EMAIL }),
    // The attendee is named by their mailbox alone: a typed name would show in their calendar as the guest list.
    attendees: [
      {
        email: lead.email,
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** 20261124T160000Z, the form Google Calendar's `dates` parameter takes. */
function googleDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** "Add to Google Calendar" for a booked demo (Google has no .ics import by link, so it gets a template URL). */
export function googleCalendarLink({ booking, manageUrl }: Pick<InviteInput, "booking" | "manageUrl">): string {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", demoSummary(booking));
  url.searchParams.set("details", visitorDescription(booking, manageUrl, "REQUEST"));
  // Nothing to encode, and the slash stays readable as Google documents it.
  return `${url.toString()}&dates=${googleDate(booking.slotStart)}/${googleDate(booking.slotEnd)}`;
}

function salesDescription(lead: InviteLead) {
  const lines = [
    `Name:        ${fullName(lead)}`,
    `E-mail:      ${lead.email}`,
    `Phone:       ${lead.phone}`,
    `Company:     ${lead.company}`,
  ];
  if (lead.dealVolume) lines.push(`Deal volume: ${lead.dealVolume} deals`);
  if (lead.challenges?.trim()) lines.push("", "Challenges:", lead.challenges.trim());
  lines.push("", `Lead: ${getEnv().APP_URL}/admin?q=${encodeURIComponent(lead.email)}`);
  return lines.join("\n");
}

/** No METHOD: Outlook treats one in a subscribed feed as an invitation. Cancelled bookings drop out on refresh. */
export function bookingFeed(entries: { booking: InviteBooking; lead: InviteLead }[], hostName?: string) {
  const env = getEnv();
  const calendar = ical({
    prodId: PRODUCT_ID,
    name: hostName ? `${env.BRAND_NAME} demos: ${hostName}` : `${env.BRAND_NAME} demos`,
    description: `Demos booked on ${env.BRAND_NAME}`,
    // Google ignores it and refreshes on its own schedule.
    ttl: 15 * 60,
  });
  for (const { booking, lead } of entries) {
    if (booking.status !== "booked") continue;
    calendar.createEvent({
      ...eventTiming(booking),
      summary: `${demoSummary(booking)}: ${fullName(lead)} (${lead.company})`,
      description: salesDescription(lead),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
