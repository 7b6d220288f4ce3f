import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { hostOutcomes, weeklyOutcomes, type OutcomeTally } from "~/models/admin/dashboard.server";
import { listEndedBookings, setBookingOutcome } from "~/models/demo/outcome.server";
import type { DayRange, HostDemoFigures, OutcomeCounts, WeeklyShowRate } from "~/schemas/dashboard-views";
import { bookingIdPattern, demoOutcomeLabels, demoOutcomeSchema, type PastDemos } from "~/schemas/demo-outcome";
import { addCalendarDays, mondayOf, calendarDaysBetween } from "~/utils/time/calendar-date";
import { now } from "~/utils/time/clock.server";
import { RequestRejected } from "~/utils/http/request.server";
import { timeZoneLabel } from "~/utils/time/time-zone-format";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";

// Demo outcomes: ADR 0032.

/** held ÷ (held + no-show) in percent with one decimal, or null when no demo was marked either way. */
export function showRatePercent({ held, noShow }: Pick<OutcomeTally, "held" | "noShow">): number | null {
  const rated = held + noShow;
  return rated === 0 ? null : Math.round((held / rated) * 1000) / 10;
}

const withRate = (counts: OutcomeTally): OutcomeCounts => ({ ...counts, showRatePercent: showRatePercent(counts) });

/** "2026-W12": the ISO week of a Monday (its year is the year of its Thursday). */
export function isoWeekOf(monday: string): string {
  return format(new TZDate(Date.parse(`${monday}T00:00:00Z`), "UTC"), "RRRR-'W'II");
}

const noDemos: OutcomeTally = { held: 0, noShow: 0, hostCancelled: 0, unmarked: 0 };

/** Empty weeks are included; a week at either end of the range counts only its days inside it. */
export async function showRateFigures(
  range: DayRange,
): Promise<{ showRates: WeeklyShowRate[]; hostDemos: HostDemoFigures[] }> {
  const at = now();
  const [weeks, hosts] = await Promise.all([weeklyOutcomes(range, at), hostOutcomes(range, at)]);
  const byWeek = new Map(weeks.map(({ week, ...counts }) => [week, counts]));
  // Counted, not compared as text: a range may end on 9999-12-31, after which dates are no longer YYYY-MM-DD.
  const first = mondayOf(range.from);
  const showRates = Array.from({ length: Math.floor(calendarDaysBetween(first, range.to) / 7) + 1 }, (_, index) => {
    const week = addCalendarDays(first, 7 * index);
    return { week, isoWeek: isoWeekOf(week), ...withRate(byWeek.get(week) ?? noDemos) };
  });
  // Host names need not be unique: a repeated one is told apart by the host's e-mail.
  const names = hosts.map((host) => host.name ?? "(no host)");
  const hostDemos = hosts.map(({ hostId, name, email, bookings, ...counts }, index) => ({
    hostId,
    name:
      name && email && names.indexOf(names[index]) !== names.lastIndexOf(names[index])
        ? `${name} (${email})`
        : names[index],
    bookings,
    ...withRate(counts),
  }));
  return { showRates, hostDemos };
}

/** One page of the live demos of the range whose slot has ended, latest first, with their outcomes. */
export async function pastDemosPage(range: DayRange, page: number): Promise<PastDemos> {
  const at = now();
  const listed = await listEndedBookings(range, at, page);
  const { timeZone } = range;
  const local = (instant: Date) => new TZDate(instant.getTime(), timeZone);
  return {
    items: listed.items.map(({ booking, lead, host }) => ({
      bookingId: booking.id,
      start: booking.slotStart.toISOString(),
      day: format(local(booking.slotStart), "EEE, MMM d, yyyy"),
      time: `${format(local(booking.slotStart), "h:mm a")}–${format(local(booking.slotEnd), "h:mm a")}`,
      name: `${lead.firstName} ${lead.lastName}`,
      company: lead.company,
      hostName: host?.name ?? null,
      outcome: booking.outcome,
    })),
    page: listed.page,
    totalPages: listed.totalPages,
    total: listed.total,
    from: range.from,
    to: range.to,
    timeZoneLabel: timeZoneLabel(timeZone, at),
  };
}

/** Back to /admin's past demos with the page's own query (range, pages, search), less Remix's `index` marker. */
function backToPastDemos(requestUrl: string): string {
  const params = new URL(requestUrl).searchParams;
  params.delete("index");
  const query = params.toString();
  return `/admin${query ? `?${query}` : ""}#past-demos`;
}

/** An unknown outcome is refused (400); anything else redirects back with a toast saying what happened. */
export async function demoOutcomeAction(requestUrl: string, bookingId: string, rawOutcome: unknown): Promise<Response> {
  const parsed = demoOutcomeSchema.safeParse(rawOutcome);
  if (!parsed.success) throw new RequestRejected(400, parsed.error.issues[0].message);
  const outcome = parsed.data;
  const back = backToPastDemos(requestUrl);
  const result = bookingIdPattern.test(bookingId)
    ? await setBookingOutcome(bookingId, outcome, now())
    : ({ status: "not-found" } as const);
  const label = demoOutcomeLabels[outcome];
  switch (result.status) {
    case "recorded":
      return redirectWithSuccess(back, { message: "Outcome saved", description: `The demo is marked “${label}”.` });
    case "unchanged":
      return redirectWithSuccess(back, { message: "Outcome saved", description: `It was already marked “${label}”.` });
    case "not-found":
      return redirectWithError(back, {
        message: "Demo not found",
        description: "No booking has that id; it may have been removed. Nothing was changed.",
      });
    case "not-ended":
      return redirectWithError(back, {
        message: "Outcome not saved",
        description: "That demo has not ended yet: an outcome can be recorded once its slot is over.",
      });
    case "cancelled":
      return redirectWithError(back, {
        message: "Outcome not saved",
        description: "That demo was cancelled before it took place, so it has no outcome.",
      });
  }
}
