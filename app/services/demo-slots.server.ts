import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, addMinutes } from "date-fns";
import { bookedCountsBetween } from "~/models/demo-booking.server";
import { calendarDaysBetween } from "~/utils/calendar-date";
import { getBookingSettings, isCalendarDate, type BookingSettings } from "~/utils/env.server";
import { isKnownTimeZone, timeZoneLabel } from "~/utils/time-zone-format";

/*
 * When a demo can be booked (issue #14, ADR 0016). Working days, hours and blackout dates are the business's,
 * in its time zone (DEMO_TIME_ZONE); a slot is an instant (UTC) whose local time in that zone is on the grid:
 * from the start of the working hours every slot + buffer minutes, the last one ending by the end of them.
 * Local times become instants through @date-fns/tz (the IANA database), never through hand-made offsets, so
 * daylight-saving changes move the UTC starts and nothing else. "Now" is passed in (app/utils/clock.server.ts).
 */

export type SlotDay = { date: string; slots: Date[] };
export type FreeSlot = { start: string; end: string; free: number };
export type FreeSlotDay = { date: string; slots: FreeSlot[] };

export type SlotRefusal = "past" | "notice" | "horizon" | "outside-hours" | "blackout" | "off-grid";
export type SlotCheck = { ok: true } | { ok: false; reason: SlotRefusal; message: string };

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** YYYY-MM-DD plus `days` calendar days (a calendar date has no zone: computed on UTC midnights). */
export function addCalendarDays(date: string, days: number): string {
  return addDays(new Date(`${date}T00:00:00Z`), days)
    .toISOString()
    .slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The instant in `timeZone` as a local date (YYYY-MM-DD), minute after local midnight and weekday (0 = Sunday). */
export function localParts(instant: Date, timeZone: string): { date: string; minute: number; weekday: number } {
  const local = new TZDate(instant.getTime(), timeZone);
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    minute: local.getHours() * 60 + local.getMinutes(),
    weekday: local.getDay(),
  };
}

/**
 * The instant at which the clocks in `timeZone` show `minute` after midnight of `date`, or undefined when they
 * never do (skipped by a spring-forward change). The zone's UTC offset comes from @date-fns/tz (the IANA
 * database), looked up at the instant itself: the offset of the wall time read as UTC is right except near a
 * change, where the second lookup corrects it; an offset that still disagrees means the time does not exist.
 * An ambiguous time (repeated by a fall-back change) resolves to its first occurrence.
 */
function instantAt(date: string, minute: number, timeZone: string): Date | undefined {
  const [year, month, day] = date.split("-").map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minute);
  let offset = tzOffset(timeZone, new Date(wall));
  for (let pass = 0; pass < 2; pass += 1) {
    const instant = wall - offset * 60_000;
    const actual = tzOffset(timeZone, new Date(instant));
    if (actual === offset) return new Date(instant);
    offset = actual;
  }
  return undefined;
}

/** Today's date in the business's zone. */
export function businessDate(now: Date, settings: BookingSettings = getBookingSettings()): string {
  return localParts(now, settings.timeZone).date;
}

/**
 * The slot starts of one local date: every slot + buffer minutes from the start of the working hours, the
 * last one ending by their end. A local time that does not exist that day (skipped by a spring-forward change)
 * is no slot; an ambiguous one (repeated by a fall-back change) is its first occurrence.
 */
function slotsOfDate(settings: BookingSettings, date: string): Date[] {
  const step = settings.slotMinutes + settings.bufferMinutes;
  const slots: Date[] = [];
  for (let minute = settings.startMinute; minute + settings.slotMinutes <= settings.endMinute; minute += step) {
    const start = instantAt(date, minute, settings.timeZone);
    if (start) slots.push(start);
  }
  return slots;
}

function isWorkingDate(settings: BookingSettings, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return settings.workingDays.includes(weekday) && !settings.blackoutDates.has(date);
}

/** Every slot of `days` local dates from `fromDate` (in the business's zone): working days only, no blackouts. */
export function slotGrid(settings: BookingSettings, fromDate: string, days: number): SlotDay[] {
  const grid: SlotDay[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addCalendarDays(fromDate, offset);
    if (!isWorkingDate(settings, date)) continue;
    const slots = slotsOfDate(settings, date);
    if (slots.length > 0) grid.push({ date, slots });
  }
  return grid;
}

/** The first instant past the booking horizon: `horizonDays` calendar days after now, in the business's zone. */
export function horizonEnd(now: Date, settings: BookingSettings = getBookingSettings()): Date {
  const local = localParts(now, settings.timeZone);
  const date = addCalendarDays(local.date, settings.horizonDays);
  // The same wall-clock time that many dates later; a time a spring-forward change skips moves on by the change.
  const at = instantAt(date, local.minute, settings.timeZone) ?? instantAt(date, local.minute + 60, settings.timeZone);
  if (!at) return new Date(addDays(new TZDate(now.getTime(), settings.timeZone), settings.horizonDays).getTime());
  return new Date(at.getTime() + (((now.getTime() % 60_000) + 60_000) % 60_000));
}

/** The earliest start the minimum notice allows. */
export function earliestStart(now: Date, settings: BookingSettings = getBookingSettings()): Date {
  return addMinutes(now, settings.minNoticeMinutes);
}

/** The end of a slot that starts at `start`. */
export function slotEnd(start: Date, settings: BookingSettings = getBookingSettings()): Date {
  return addMinutes(start, settings.slotMinutes);
}

/** "9:00 AM", "12:30 PM" for a minute after midnight. */
function clockTime(minute: number): string {
  const hours = Math.floor(minute / 60) % 24;
  return `${hours % 12 || 12}:${pad(minute % 60)} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Monday–Friday" for a run of days, else "Monday, Tuesday and Thursday". */
function describeDays(days: number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const contiguous = sorted.every((day, index) => index === 0 || day === sorted[index - 1] + 1);
  if (sorted.length > 2 && contiguous) return `${DAY_NAMES[sorted[0]]}–${DAY_NAMES[sorted[sorted.length - 1]]}`;
  const names = sorted.map((day) => DAY_NAMES[day]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : (names[0] ?? "");
}

/** "Monday–Friday, 9:00 AM–5:00 PM Central Time". */
export function describeWorkingHours(settings: BookingSettings, at: Date): string {
  return (
    `${describeDays(settings.workingDays)}, ${clockTime(settings.startMinute)}–${clockTime(settings.endMinute % (24 * 60))} ` +
    timeZoneLabel(settings.timeZone, at)
  );
}

/**
 * Whether a visitor may book a demo starting at `start`, and if not, why, in words for the visitor. The
 * reasons a visitor can act on come first: a time that has passed, then notice and horizon, then the business's
 * calendar (blackout dates, working days and hours), then the grid itself.
 */
export function checkSlotStart(start: Date, now: Date, settings: BookingSettings = getBookingSettings()): SlotCheck {
  const refuse = (reason: SlotRefusal, message: string): SlotCheck => ({ ok: false, reason, message });
  if (Number.isNaN(start.getTime()))
    return refuse("off-grid", "That is not a time. Please pick one of the offered times.");
  if (start.getTime() <= now.getTime())
    return refuse("past", "That time has already passed. Please pick another time.");
  if (start < earliestStart(now, settings)) {
    const hours = settings.minNoticeMinutes / 60;
    const notice =
      hours === 1 ? "an hour's" : Number.isInteger(hours) ? `${hours} hours'` : `${settings.minNoticeMinutes} minutes'`;
    return refuse("notice", `Demos need at least ${notice} notice. Please pick a later time.`);
  }
  if (start >= horizonEnd(now, settings)) {
    return refuse(
      "horizon",
      `Demos can be booked up to ${settings.horizonDays} day${settings.horizonDays === 1 ? "" : "s"} ahead. Please pick an earlier time.`,
    );
  }
  const local = localParts(start, settings.timeZone);
  if (settings.blackoutDates.has(local.date)) {
    return refuse("blackout", "We are not running demos on that day. Please pick another day.");
  }
  if (
    !settings.workingDays.includes(local.weekday) ||
    local.minute < settings.startMinute ||
    local.minute + settings.slotMinutes > settings.endMinute
  ) {
    return refuse(
      "outside-hours",
      `Demos run ${describeWorkingHours(settings, start)}. Please pick a time within those hours.`,
    );
  }
  const step = settings.slotMinutes + settings.bufferMinutes;
  const onGrid =
    (local.minute - settings.startMinute) % step === 0 &&
    instantAt(local.date, local.minute, settings.timeZone)?.getTime() === start.getTime();
  if (!onGrid) {
    return refuse(
      "off-grid",
      `Demos start every ${step} minutes from ${clockTime(settings.startMinute)}. Please pick one of the offered times.`,
    );
  }
  return { ok: true };
}

/**
 * The free slots of `days` local dates from `from` (default: today in the business's zone): starts at least the
 * minimum notice after now and before the horizon, each with its free seats (hosts minus live bookings, counted
 * by the database). Days with no free slot are left out; dates outside [today, horizon] cost nothing.
 */
export async function availableSlots(options: {
  from?: string;
  days: number;
  now: Date;
  settings?: BookingSettings;
}): Promise<FreeSlotDay[]> {
  const settings = options.settings ?? getBookingSettings();
  const { now } = options;
  const today = businessDate(now, settings);
  const requestedFrom = options.from ?? today;
  const from = requestedFrom > today ? requestedFrom : today;
  const lastDate = addCalendarDays(today, settings.horizonDays);
  const requestedEnd = addCalendarDays(requestedFrom, options.days);
  const end = requestedEnd < addCalendarDays(lastDate, 1) ? requestedEnd : addCalendarDays(lastDate, 1);
  const days = calendarDaysBetween(from, end);
  if (days <= 0) return [];

  const earliest = earliestStart(now, settings);
  const latest = horizonEnd(now, settings);
  const grid = slotGrid(settings, from, days).map(({ date, slots }) => ({
    date,
    slots: slots.filter((slot) => slot >= earliest && slot < latest),
  }));
  const all = grid.flatMap((day) => day.slots);
  if (all.length === 0) return [];
  const booked = await bookedCountsBetween(all[0], new Date(all[all.length - 1].getTime() + 1));
  return grid
    .map(({ date, slots }) => ({
      date,
      slots: slots
        .map((slot) => ({
          start: slot.toISOString(),
          end: slotEnd(slot, settings).toISOString(),
          free: settings.hosts - (booked.get(slot.toISOString()) ?? 0),
        }))
        .filter((slot) => slot.free > 0),
    }))
    .filter((day) => day.slots.length > 0);
}

// --- GET /api/demo-slots ----------------------------------------------------------------------------

export type DemoSlotsQuery = { from?: string; days: number; timeZone: string };

export type DemoSlotsAnswer = {
  /** The zone of the labels (the one asked for, else the business's). */
  timeZone: string;
  timeZoneName: string;
  businessTimeZone: string;
  businessTimeZoneName: string;
  slotMinutes: number;
  /** Days in the business's zone, each slot with its local label in `timeZone`. */
  days: { date: string; slots: (FreeSlot & { label: string })[] }[];
};

/** Reads from, days and timeZone from a query string, or answers the first problem in words. */
export function parseDemoSlotsQuery(
  params: URLSearchParams,
  settings: BookingSettings = getBookingSettings(),
): { ok: true; query: DemoSlotsQuery } | { ok: false; message: string } {
  const from = params.get("from")?.trim() || undefined;
  if (from !== undefined && !isCalendarDate(from)) {
    return { ok: false, message: "from must be a date written YYYY-MM-DD, e.g. 2027-03-12." };
  }
  // One more calendar day than the horizon: from today, the horizon ends partway through its last date.
  const maxDays = settings.horizonDays + 1;
  const daysText = params.get("days")?.trim();
  let days = maxDays;
  if (daysText) {
    if (!/^\d{1,6}$/.test(daysText) || Number(daysText) < 1) {
      return { ok: false, message: `days must be a whole number from 1 to ${maxDays}.` };
    }
    days = Math.min(Number(daysText), maxDays);
  }
  const timeZone = params.get("timeZone")?.trim() || settings.timeZone;
  if (timeZone.length > 64 || !isKnownTimeZone(timeZone)) {
    return { ok: false, message: "timeZone must be an IANA time zone name, e.g. Europe/Berlin or America/New_York." };
  }
  return { ok: true, query: { from, days, timeZone } };
}

/** "Fri, Mar 12, 3:00 PM": a slot's start as a visitor in `timeZone` reads it. */
export function slotLabel(start: Date, timeZone: string): string {
  const local = new TZDate(start.getTime(), timeZone);
  const time = clockTime(local.getHours() * 60 + local.getMinutes());
  return `${SHORT_DAYS[local.getDay()]}, ${SHORT_MONTHS[local.getMonth()]} ${local.getDate()}, ${time}`;
}

const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export async function demoSlotsAnswer(query: DemoSlotsQuery, at: Date): Promise<DemoSlotsAnswer> {
  const settings = getBookingSettings();
  const days = await availableSlots({ from: query.from, days: query.days, now: at, settings });
  return {
    timeZone: query.timeZone,
    timeZoneName: timeZoneLabel(query.timeZone, at),
    businessTimeZone: settings.timeZone,
    businessTimeZoneName: timeZoneLabel(settings.timeZone, at),
    slotMinutes: settings.slotMinutes,
    days: days.map(({ date, slots }) => ({
      date,
      slots: slots.map((slot) => ({ ...slot, label: slotLabel(new Date(slot.start), query.timeZone) })),
    })),
  };
}
