import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, addMinutes } from "date-fns";
import { liveBookingsBetween, type BusyTime, type DayPace } from "~/models/demo/booking.server";
import type { DemoHost } from "~/models/demo/host.server";
import { addCalendarDays, calendarDaysBetween, isCalendarDate, mondayOf } from "~/utils/time/calendar-date";
import { getBookingSettings, type BookingSettings } from "~/utils/env.server";
import { isKnownTimeZone, timeZoneLabel } from "~/utils/time/time-zone-format";
import { dealVolumes, isDealVolume, type DealVolume } from "~/schemas/demo-request-fields";
import { isTrade, trades } from "~/schemas/demo-routing";

// ADR 0016, ADR 0030. Local times become instants only through @date-fns/tz, never hand-made offsets, so
// daylight-saving changes move the UTC starts and nothing else. "Now" is passed in for testability.

export type SlotDay = { date: string; slots: Date[] };
type FreeSlot = { start: string; end: string; free: number };
type FreeSlotDay = { date: string; slots: FreeSlot[] };

export type SlotRefusal = "past" | "notice" | "horizon" | "outside-hours" | "blackout" | "off-grid";
type SlotCheck = { ok: true } | { ok: false; reason: SlotRefusal; message: string };

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

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

/** Undefined for a time spring-forward skips; a time fall-back repeats resolves to its first occurrence. */
export function instantAt(date: string, minute: number, timeZone: string): Date | undefined {
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

/** A fresh install's first host (ADR 0030), and what the functions below assume when given no hosts. */
export function hostFromSettings(settings: BookingSettings): DemoHost {
  return {
    id: "settings",
    name: "",
    email: "",
    timeZone: settings.timeZone,
    weeklyHours: settings.workingDays.map((weekday) => ({
      weekday,
      startMinute: settings.startMinute,
      endMinute: settings.endMinute,
    })),
    timeOff: [],
    active: true,
    dailyMax: null,
    createdAt: new Date(0),
  };
}

/** [start, end) instants, ms since the epoch. */
type Window = [number, number];

/** A time a spring-forward change skips becomes the moment the clocks jump, so a host's range in it still counts. */
function instantAtOrAfter(date: string, minute: number, timeZone: string): Date | undefined {
  for (let later = minute; later <= minute + 180; later += 1) {
    const instant = instantAt(date, later, timeZone);
    if (instant) return instant;
  }
  return undefined;
}

/** `firstDate` and `days` are in the host's own zone. */
function workingWindows(host: DemoHost, firstDate: string, days: number): Window[] {
  const windows: Window[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addCalendarDays(firstDate, offset);
    if (host.timeOff.some((off) => off.firstDay <= date && date <= off.lastDay)) continue;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    for (const range of host.weeklyHours) {
      if (range.weekday !== weekday) continue;
      const start = instantAtOrAfter(date, range.startMinute, host.timeZone);
      const end = instantAtOrAfter(date, range.endMinute, host.timeZone);
      if (start && end && end > start) windows.push([start.getTime(), end.getTime()]);
    }
  }
  return windows;
}

/** Each active host with the instants they work over the given dates of the business's zone (two more each side). */
type HostWeek = { host: DemoHost; windows: Window[] };

export function hostWeeks(hosts: DemoHost[], settings: BookingSettings, fromDate: string, days: number): HostWeek[] {
  // Zones differ by up to 26 hours (UTC−12 to UTC+14): a host's local dates are within two of the business's.
  const first = addCalendarDays(fromDate, -2);
  return hosts.filter((host) => host.active).map((host) => ({ host, windows: workingWindows(host, first, days + 4) }));
}

function worksThrough(week: HostWeek, start: number, end: number): boolean {
  return week.windows.some(([from, to]) => from <= start && end <= to);
}

/** The team's grid of one local date: every slot + buffer minutes from the start of the settings' hours. */
function gridOfDate(settings: BookingSettings, date: string): Date[] {
  const step = settings.slotMinutes + settings.bufferMinutes;
  const first = settings.startMinute % step;
  const last = first + Math.floor((24 * 60 - settings.slotMinutes - first) / step) * step;
  // Without a clock change that day the grid is evenly spaced; only a change day is looked up time by time.
  const from = instantAt(date, first, settings.timeZone);
  const to = instantAt(date, last, settings.timeZone);
  if (from && to && to.getTime() - from.getTime() === (last - first) * 60_000) {
    const slots: Date[] = [];
    for (let minute = first; minute <= last; minute += step) {
      slots.push(new Date(from.getTime() + (minute - first) * 60_000));
    }
    return slots;
  }
  const slots: Date[] = [];
  for (let minute = first; minute <= last; minute += step) {
    const start = instantAt(date, minute, settings.timeZone);
    if (start) slots.push(start);
  }
  return slots;
}

/** Slots some host works, blackout dates left out; bookings are not looked at. */
export function slotGrid(
  settings: BookingSettings,
  fromDate: string,
  days: number,
  hosts: DemoHost[] = [hostFromSettings(settings)],
): SlotDay[] {
  const weeks = hostWeeks(hosts, settings, fromDate, days);
  const slotMs = settings.slotMinutes * 60_000;
  const grid: SlotDay[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addCalendarDays(fromDate, offset);
    if (settings.blackoutDates.has(date)) continue;
    const slots = gridOfDate(settings, date).filter((slot) =>
      weeks.some((week) => worksThrough(week, slot.getTime(), slot.getTime() + slotMs)),
    );
    if (slots.length > 0) grid.push({ date, slots });
  }
  return grid;
}

/** Hosts working the whole slot with no live booking of theirs within the buffer; `busy` may be in any order. */
export function freeHostsAt(weeks: HostWeek[], busy: BusyTime[], start: Date, settings: BookingSettings): DemoHost[] {
  const from = start.getTime();
  const to = from + settings.slotMinutes * 60_000;
  const buffer = settings.bufferMinutes * 60_000;
  return weeks
    .filter((week) => worksThrough(week, from, to))
    .filter(
      (week) =>
        !busy.some(
          (booking) =>
            booking.hostId === week.host.id &&
            booking.start.getTime() < to + buffer &&
            booking.end.getTime() + buffer > from,
        ),
    )
    .map((week) => week.host);
}

/** The first instant past the booking horizon: `horizonDays` calendar days after now, in the business's zone. */
export function horizonEnd(now: Date, settings: BookingSettings): Date {
  const local = localParts(now, settings.timeZone);
  const date = addCalendarDays(local.date, settings.horizonDays);
  // The same wall-clock time that many dates later; a time a spring-forward change skips moves on by the change.
  const at = instantAt(date, local.minute, settings.timeZone) ?? instantAt(date, local.minute + 60, settings.timeZone);
  if (!at) return new Date(addDays(new TZDate(now.getTime(), settings.timeZone), settings.horizonDays).getTime());
  return new Date(at.getTime() + (((now.getTime() % 60_000) + 60_000) % 60_000));
}

/** The week (Monday 00:00 to the next Monday 00:00 in the business's zone) that `instant` falls in. */
export function weekOf(instant: Date, settings: BookingSettings): { start: Date; end: Date } {
  const local = localParts(instant, settings.timeZone);
  const monday = mondayOf(local.date);
  return {
    start: localMidnight(monday, settings.timeZone),
    end: localMidnight(addCalendarDays(monday, 7), settings.timeZone),
  };
}

/** The instant a local date starts in `timeZone`: its midnight, or the moment the clocks jump past a skipped one. */
function localMidnight(date: string, timeZone: string): Date {
  return instantAtOrAfter(date, 0, timeZone) ?? new Date(`${date}T00:00:00Z`);
}

export function earliestStart(now: Date, settings: BookingSettings = getBookingSettings()): Date {
  return addMinutes(now, settings.minNoticeMinutes);
}

export function slotEnd(start: Date, settings: BookingSettings): Date {
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

/** "Demos run Monday–Friday, 9:00 AM–5:00 PM Central Time" when every working host keeps one such week, else undefined. */
function describeTeamWeek(weeks: HostWeek[], at: Date): string | undefined {
  const shapes = new Set(
    weeks.map(({ host }) => {
      const starts = new Set(host.weeklyHours.map((range) => range.startMinute));
      const ends = new Set(host.weeklyHours.map((range) => range.endMinute));
      const days = new Set(host.weeklyHours.map((range) => range.weekday));
      if (starts.size !== 1 || ends.size !== 1 || days.size !== host.weeklyHours.length) return "";
      return JSON.stringify([host.timeZone, [...days].sort(), [...starts][0], [...ends][0]]);
    }),
  );
  const [only] = shapes;
  if (shapes.size !== 1 || !only) return undefined;
  const [timeZone, workingDays, startMinute, endMinute] = JSON.parse(only) as [string, number[], number, number];
  return `Demos run ${describeDays(workingDays)}, ${clockTime(startMinute)}–${clockTime(endMinute % (24 * 60))} ${timeZoneLabel(timeZone, at)}.`;
}

/** Reasons a visitor can act on come first. Whether a host is still free is the database's to say, at booking. */
export function checkSlotStart(
  start: Date,
  now: Date,
  settings: BookingSettings = getBookingSettings(),
  hosts: DemoHost[] = [hostFromSettings(settings)],
): SlotCheck {
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
  const weeks = hostWeeks(hosts, settings, local.date, 1);
  if (!weeks.some((week) => worksThrough(week, start.getTime(), start.getTime() + settings.slotMinutes * 60_000))) {
    const week = describeTeamWeek(weeks, start);
    return refuse(
      "outside-hours",
      week
        ? `${week} Please pick a time within those hours.`
        : "None of our demo hosts is working at that time. Please pick one of the offered times.",
    );
  }
  const step = settings.slotMinutes + settings.bufferMinutes;
  const onGrid =
    (((local.minute - settings.startMinute) % step) + step) % step === 0 &&
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
 * The pace of the day `start` falls on: its still-bookable part (from the earliest start now, to the day's end in
 * the business's zone) and how many bookings it may take within the window, `pacePercent` of that part's seats (at
 * least one, so a nearly-past day can still be booked).
 */
export function dayPace(
  start: Date,
  now: Date,
  settings: BookingSettings = getBookingSettings(),
  hosts: DemoHost[] = [hostFromSettings(settings)],
): DayPace {
  const date = localParts(start, settings.timeZone).date;
  const earliest = earliestStart(now, settings);
  const latest = horizonEnd(now, settings);
  const weeks = hostWeeks(hosts, settings, date, 1);
  const seats = (slotGrid(settings, date, 1, hosts)[0]?.slots ?? [])
    .filter((slot) => slot >= earliest && slot < latest)
    .reduce((sum, slot) => sum + freeHostsAt(weeks, [], slot, settings).length, 0);
  const { dayStart, dayEnd } = dayBounds(date, settings);
  return {
    date,
    from: new Date(Math.max(dayStart.getTime(), earliest.getTime())),
    dayEnd,
    limit: Math.max(1, Math.floor((seats * settings.pacePercent) / 100)),
  };
}

/** A local date of the business's zone as the instants it runs between. */
export function dayBounds(date: string, settings: BookingSettings = getBookingSettings()) {
  return {
    date,
    dayStart: localMidnight(date, settings.timeZone),
    dayEnd: localMidnight(addCalendarDays(date, 1), settings.timeZone),
  };
}

/** Free slots within notice and horizon, each with how many hosts are free; days with none are left out. */
export async function availableSlots(options: {
  from?: string;
  days: number;
  now: Date;
  hosts: DemoHost[];
  settings?: BookingSettings;
}): Promise<FreeSlotDay[]> {
  const settings = options.settings ?? getBookingSettings();
  const { now } = options;
  const today = localParts(now, settings.timeZone).date;
  const requestedFrom = options.from ?? today;
  const from = requestedFrom > today ? requestedFrom : today;
  const lastDate = addCalendarDays(today, settings.horizonDays);
  const requestedEnd = addCalendarDays(requestedFrom, options.days);
  const end = requestedEnd < addCalendarDays(lastDate, 1) ? requestedEnd : addCalendarDays(lastDate, 1);
  const days = calendarDaysBetween(from, end);
  if (days <= 0) return [];

  const earliest = earliestStart(now, settings);
  const latest = horizonEnd(now, settings);
  const grid = slotGrid(settings, from, days, options.hosts).map(({ date, slots }) => ({
    date,
    slots: slots.filter((slot) => slot >= earliest && slot < latest),
  }));
  const all = grid.flatMap((day) => day.slots);
  if (all.length === 0) return [];
  const buffer = settings.bufferMinutes * 60_000;
  // A daily maximum (ADR 0057) counts the whole first day, before the notice too.
  const capped = options.hosts.some((host) => host.active && host.dailyMax);
  const firstInstant = new Date(all[0].getTime() - buffer);
  const busy = await liveBookingsBetween(
    capped ? new Date(Math.min(firstInstant.getTime(), dayBounds(from, settings).dayStart.getTime())) : firstInstant,
    new Date(slotEnd(all[all.length - 1], settings).getTime() + buffer),
  );
  const weeks = hostWeeks(options.hosts, settings, from, days);
  const atMax = capped ? hostsAtDailyMax(options.hosts, busy, settings) : new Set<string>();
  return grid
    .map(({ date, slots }) => ({
      date,
      slots: slots
        .map((slot) => ({
          start: slot.toISOString(),
          end: slotEnd(slot, settings).toISOString(),
          free: freeHostsAt(weeks, busy, slot, settings).filter((host) => !atMax.has(`${host.id} ${date}`)).length,
        }))
        .filter((slot) => slot.free > 0),
    }))
    .filter((day) => day.slots.length > 0);
}

/** "host-id date" for each host with as many live demos that day (the business's zone) as its daily maximum. */
function hostsAtDailyMax(hosts: DemoHost[], busy: BusyTime[], settings: BookingSettings): Set<string> {
  const counts = new Map<string, number>();
  for (const booking of busy) {
    const key = `${booking.hostId} ${localParts(booking.start, settings.timeZone).date}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const maxOf = new Map(hosts.map((host) => [host.id, host.dailyMax]));
  return new Set(
    [...counts]
      .filter(([key, count]) => {
        const max = maxOf.get(key.split(" ")[0]);
        return max !== null && max !== undefined && count >= max;
      })
      .map(([key]) => key),
  );
}

/** What a visitor with these answers is offered: whose times, or none; the self-serve plan beside them. */
export type SlotsOffer = { hosts: DemoHost[]; requestOnly: boolean; selfServePlan?: string };

export type DemoSlotsQuery = {
  from?: string;
  days: number;
  timeZone: string;
  /** The form's non-personal answers, for the routed team's times (ADR 0057); the e-mail never comes in a URL. */
  answers: { dealVolume?: DealVolume; trade?: string; timeZone?: string };
};

type DemoSlotsAnswer = {
  /** The zone of the labels (the one asked for, else the business's). */
  timeZone: string;
  timeZoneName: string;
  businessTimeZone: string;
  businessTimeZoneName: string;
  slotMinutes: number;
  /** Days in the business's zone, each slot with its local label in `timeZone`. */
  days: { date: string; slots: (FreeSlot & { label: string })[] }[];
  /** The answers lead to no times: the team calls back after the form (`days` is empty). */
  requestOnly?: true;
  /** The answers are offered the self-serve path, this plan preselected, beside booking. */
  selfServePlan?: string;
};

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
  const askedZone = params.get("timeZone")?.trim() || undefined;
  const timeZone = askedZone ?? settings.timeZone;
  if (timeZone.length > 64 || !isKnownTimeZone(timeZone)) {
    return { ok: false, message: "timeZone must be an IANA time zone name, e.g. Europe/Berlin or America/New_York." };
  }
  const dealVolume = params.get("dealVolume")?.trim() || undefined;
  if (dealVolume !== undefined && !isDealVolume(dealVolume)) {
    return { ok: false, message: `dealVolume must be one of ${dealVolumes.join(", ")}.` };
  }
  const trade = params.get("trade")?.trim() || undefined;
  if (trade !== undefined && !isTrade(trade)) {
    return { ok: false, message: `trade must be one of ${trades.join(", ")}.` };
  }
  return { ok: true, query: { from, days, timeZone, answers: { dealVolume, trade, timeZone: askedZone } } };
}

/** "Fri, Mar 12, 3:00 PM": a slot's start as a visitor in `timeZone` reads it. */
// Not date-fns' `format`, which parses its pattern on every call: an answer labels every free time.
export function slotLabel(start: Date, timeZone: string): string {
  const local = new TZDate(start.getTime(), timeZone);
  const time = clockTime(local.getHours() * 60 + local.getMinutes());
  return `${SHORT_DAYS[local.getDay()]}, ${SHORT_MONTHS[local.getMonth()]} ${local.getDate()}, ${time}`;
}

const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The free times of `offer`'s hosts (the team the answers route to), or none when it offers no times. */
export async function demoSlotsAnswer(query: DemoSlotsQuery, at: Date, offer: SlotsOffer): Promise<DemoSlotsAnswer> {
  const settings = getBookingSettings();
  const days = offer.requestOnly
    ? []
    : await availableSlots({ from: query.from, days: query.days, now: at, settings, hosts: offer.hosts });
  return {
    ...(offer.requestOnly ? { requestOnly: true as const } : {}),
    ...(offer.selfServePlan ? { selfServePlan: offer.selfServePlan } : {}),
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
