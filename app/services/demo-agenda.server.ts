import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import {
  cancelBooking,
  listUpcomingBookings,
  reassignBooking,
  type CancelResult,
  type ReassignResult,
} from "~/models/demo-booking.server";
import { bookingFeed } from "~/services/demo-invite.server";
import type { Agenda, AgendaDay } from "~/schemas/demo-views";
import { localParts } from "~/services/demo-slots.server";
import { currentHosts, hostById, hostChoiceAt } from "~/services/demo-hosts.server";
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
  for (const { booking, lead, host } of await listUpcomingBookings(at)) {
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
      hostId: booking.hostId,
      hostName: host?.name ?? null,
    });
  }
  const hosts = (await currentHosts()).filter((host) => host.active).map(({ id, name }) => ({ id, name }));
  return { timeZone, timeZoneLabel: timeZoneLabel(timeZone, at), days, hosts };
}

/** An admin's cancellation: the same model call as the visitor's, so the visitor gets the METHOD:CANCEL invite. */
export function cancelDemoAsAdmin(bookingId: string): Promise<CancelResult> {
  return cancelBooking(bookingId);
}

/**
 * An admin gives a booked demo to another host (issue #24): one who is active and works then; the database refuses
 * one booked at that time. The visitor gets the updated invite (the new host as organizer).
 */
export async function reassignDemoAsAdmin(
  bookingId: string,
  hostId: string,
): Promise<ReassignResult | { status: "host-not-working" }> {
  const found = (await listUpcomingBookings(now())).find((entry) => entry.booking.id === bookingId);
  if (!found) return { status: "not-found" };
  const hosts = await currentHosts();
  const choice = hostChoiceAt(found.booking.slotStart, hosts);
  if (!choice.candidates.includes(hostId)) return { status: "host-not-working" };
  return reassignBooking(bookingId, hostId, getBookingSettings().bufferMinutes);
}

const FEED_PURPOSE = "demo-calendar-feed";
const TEAM_FEED = "demos";
/** A host's own feed (issue #24) is signed for that host alone: one host's link cannot open another's. */
const hostFeed = (hostId: string) => `host:${hostId}`;

/**
 * The subscription URL of the sales calendar, or of one host's own demos (absolute: it is pasted into a calendar
 * app).
 */
export function calendarFeedUrl(hostId?: string): string {
  const base = `${getEnv().APP_URL.replace(/\/$/, "")}/calendar/demos.ics`;
  if (!hostId) return `${base}?key=${signValue(FEED_PURPOSE, TEAM_FEED)}`;
  return `${base}?host=${encodeURIComponent(hostId)}&key=${signValue(FEED_PURPOSE, hostFeed(hostId))}`;
}

/**
 * True when `key` is the feed's key (the team's, or the host's when `hostId` is given) under any configured secret
 * (a rotation keeps old subscriptions working).
 */
export function isCalendarFeedKey(key: string | null, hostId?: string | null): boolean {
  return isValueSignature(FEED_PURPOSE, hostId ? hostFeed(hostId) : TEAM_FEED, key);
}

/** The feed: every booked demo that has not ended, or only the host's. */
export async function calendarFeed(hostId?: string | null): Promise<string> {
  const upcoming = await listUpcomingBookings(now());
  if (!hostId) return bookingFeed(upcoming);
  const host = upcoming.find((entry) => entry.host?.id === hostId)?.host ?? (await hostById(hostId));
  return bookingFeed(
    upcoming.filter((entry) => entry.booking.hostId === hostId),
    host?.name,
  );
}
