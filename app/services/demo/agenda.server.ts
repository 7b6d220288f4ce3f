import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { findBooking, listUpcomingBookings, reassignBooking, type ReassignResult } from "~/models/demo/booking.server";
import { bookingFeed } from "~/services/demo/invite.server";
import type { Agenda, AgendaDay, StrandedDemo } from "~/schemas/demo-views";
import { localParts } from "~/services/demo/slots.server";
import { currentHosts, hostById, hostChoiceAt } from "~/services/demo/hosts.server";
import { now } from "~/utils/time/clock.server";
import { getBookingSettings } from "~/utils/env.server";
import { formatZonedRange, timeZoneLabel } from "~/utils/time/time-zone-format";

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

/** The database refuses a host booked or off at that time; the visitor gets the updated invite. */
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

/** Demos no other host is free to take stay with the host, listed on /admin/hosts for an admin to settle. */
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

export async function calendarFeed(hostId?: string | null): Promise<string> {
  const upcoming = await listUpcomingBookings(now());
  if (!hostId) return bookingFeed(upcoming);
  const host = await hostById(hostId);
  return bookingFeed(
    upcoming.filter((entry) => entry.booking.hostId === hostId),
    host?.name,
  );
}
