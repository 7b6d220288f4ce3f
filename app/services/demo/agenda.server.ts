import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import {
  cancelBooking,
  findBooking,
  listUpcomingBookings,
  reassignBooking,
  type CancelResult,
  type ReassignResult,
} from "~/models/demo/booking.server";
import { bookingFeed } from "~/services/demo/invite.server";
import type { Agenda, AgendaDay, StrandedDemo } from "~/schemas/demo-views";
import { localParts } from "~/services/demo/slots.server";
import { currentHosts, hostById, hostChoiceAt } from "~/services/demo/hosts.server";
import { now } from "~/utils/clock.server";
import { getBookingSettings, getEnv } from "~/utils/env.server";
import { formatZonedRange, timeZoneLabel } from "~/utils/time-zone-format";
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
 * one booked or off at that time. The visitor gets the updated invite (the new host as organizer).
 */
export async function reassignDemoAsAdmin(
  bookingId: string,
  hostId: string,
): Promise<ReassignResult | { status: "host-not-working" }> {
  const found = await findBooking(bookingId);
  if (!found || found.booking.slotEnd <= now()) return { status: "not-found" };
  const choice = hostChoiceAt(found.booking.slotStart, await currentHosts());
  if (!choice.candidates.includes(hostId)) return { status: "host-not-working" };
  return reassignBooking(bookingId, { ...choice, candidates: [hostId] });
}

export type RehomeResult = { moved: number; stranded: number };

/**
 * After a host's change (deactivated, new hours, time off), gives each of their upcoming demos that they can no
 * longer run to the fairest free host, with the visitor's updated invite. Demos no other host can take stay with
 * them and are listed on /admin/hosts (cancel, or reassign once someone is free).
 */
export async function rehomeBookingsOf(hostId: string): Promise<RehomeResult> {
  const hosts = await currentHosts();
  const result: RehomeResult = { moved: 0, stranded: 0 };
  for (const { booking } of await listUpcomingBookings(now())) {
    if (booking.hostId !== hostId || booking.slotStart <= now()) continue;
    const choice = hostChoiceAt(booking.slotStart, hosts);
    if (choice.candidates.includes(hostId)) continue;
    const moved = await reassignBooking(booking.id, choice);
    if (moved.status === "reassigned") result.moved += 1;
    else if (moved.status === "host-busy") result.stranded += 1;
  }
  return result;
}

/** The host's upcoming demos they can no longer run (deactivated, hours, time off): for the admin to settle. */
export async function strandedBookings(): Promise<Map<string, StrandedDemo[]>> {
  const hosts = await currentHosts();
  const { timeZone } = getBookingSettings();
  const stranded = new Map<string, StrandedDemo[]>();
  for (const { booking, lead } of await listUpcomingBookings(now())) {
    if (!booking.hostId || booking.slotStart <= now()) continue;
    if (hostChoiceAt(booking.slotStart, hosts).candidates.includes(booking.hostId)) continue;
    const list = stranded.get(booking.hostId) ?? [];
    list.push({
      bookingId: booking.id,
      when: formatZonedRange(booking.slotStart, booking.slotEnd, timeZone),
      name: `${lead.firstName} ${lead.lastName}`,
      company: lead.company,
    });
    stranded.set(booking.hostId, list);
  }
  return stranded;
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
  const host = await hostById(hostId);
  return bookingFeed(
    upcoming.filter((entry) => entry.booking.hostId === hostId),
    host?.name,
  );
}
