import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { cancelBooking, listUpcomingBookings, type CancelResult } from "~/models/demo-booking.server";
import { bookingFeed } from "~/services/demo-invite.server";
import type { Agenda, AgendaDay } from "~/schemas/demo-views";
import { localParts } from "~/services/demo-slots.server";
import { now } from "~/utils/clock.server";
import { getBookingSettings, getEnv } from "~/utils/env.server";
import { timeZoneLabel } from "~/utils/time-zone-format";
import { isValueSignature, signValue } from "~/utils/signed-token.server";

/*
 * The sales team's side of demo booking (issue #14): the "Upcoming demos" agenda on /admin, and a private
 * calendar feed that Google Calendar or Outlook subscribe to. A calendar app cannot sign in, so the feed's URL
 * carries its own secret, derived from SESSION_SECRET (no extra setting to forget; rotating the secret moves the
 * URL, which is what revoking a leaked link needs).
 */

/** Booked demos that have not ended, by day in the business's time zone, soonest first. */
export async function upcomingAgenda(): Promise<Agenda> {
  const { timeZone } = getBookingSettings();
  const at = now();
  const days: AgendaDay[] = [];
  for (const { booking, lead } of await listUpcomingBookings(at)) {
    const start = new TZDate(booking.slotStart.getTime(), timeZone);
    const date = localParts(booking.slotStart, timeZone).date;
    let day = days[days.length - 1];
    if (day?.date !== date) {
      day = { date, label: format(start, "EEEE, MMMM d, yyyy"), demos: [] };
      days.push(day);
    }
    day.demos.push({
      bookingId: booking.id,
      start: booking.slotStart.toISOString(),
      time: format(start, "h:mm a"),
      endTime: format(new TZDate(booking.slotEnd.getTime(), timeZone), "h:mm a"),
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      dealVolume: lead.dealVolume,
      challenges: lead.challenges,
    });
  }
  return { timeZone, timeZoneLabel: timeZoneLabel(timeZone, at), days };
}

/** An admin's cancellation: the same model call as the visitor's, so the visitor gets the METHOD:CANCEL invite. */
export function cancelDemoAsAdmin(bookingId: string): Promise<CancelResult> {
  return cancelBooking(bookingId);
}

const FEED_PURPOSE = "demo-calendar-feed";
const FEED_NAME = "demos";

/** The subscription URL of the sales calendar (absolute: it is pasted into a calendar app). */
export function calendarFeedUrl(): string {
  return `${getEnv().APP_URL.replace(/\/$/, "")}/calendar/demos.ics?key=${signValue(FEED_PURPOSE, FEED_NAME)}`;
}

/** True when `key` is the feed's key under any configured secret (a rotation keeps old subscriptions working). */
export function isCalendarFeedKey(key: string | null): boolean {
  return isValueSignature(FEED_PURPOSE, FEED_NAME, key);
}

/** The feed: every booked demo that has not ended. */
export async function calendarFeed(): Promise<string> {
  return bookingFeed(await listUpcomingBookings(now()));
}
