import type { StrandedDemo } from "~/schemas/demo-views";
import { z } from "zod";
import { dayField, lastDayNotBefore } from "./day-range";
import { isTimeZone } from "~/utils/time/zoned-time";
import { textField } from "./text-rules";

// The /admin/hosts forms work without JavaScript, so these run on the server; the component reads names from here.

// Where a host's card and its edit form are on /admin/hosts: the page's links and the action's redirects.
export const hostHref = (id: string) => `/admin/hosts#host-${encodeURIComponent(id)}`;
export const editHostHref = (id: string) => `/admin/hosts?edit=${encodeURIComponent(id)}#edit-host`;

/** In the host's own zone, minutes after local midnight. */
export type HoursRange = { weekday: number; startMinute: number; endMinute: number };

/** Monday first, as people write a working week; `weekday` 0 is Sunday. */
export const hostWeekdays = [
  { field: "hoursMon", weekday: 1, label: "Monday", short: "Mon" },
  { field: "hoursTue", weekday: 2, label: "Tuesday", short: "Tue" },
  { field: "hoursWed", weekday: 3, label: "Wednesday", short: "Wed" },
  { field: "hoursThu", weekday: 4, label: "Thursday", short: "Thu" },
  { field: "hoursFri", weekday: 5, label: "Friday", short: "Fri" },
  { field: "hoursSat", weekday: 6, label: "Saturday", short: "Sat" },
  { field: "hoursSun", weekday: 0, label: "Sunday", short: "Sun" },
] as const;

export type HoursField = (typeof hostWeekdays)[number]["field"];

export const HOST_NAME_MAX_LENGTH = 80;
export const HOST_EMAIL_MAX_LENGTH = 254;
export const HOURS_TEXT_MAX_LENGTH = 200;
export const MAX_RANGES_PER_DAY = 12;

/** 1440 is "24:00": the end of a day worked to midnight. */
export function formatMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

const formatRange = (range: { startMinute: number; endMinute: number }) =>
  `${formatMinute(range.startMinute)}-${formatMinute(range.endMinute)}`;

export function formatDayHours(weeklyHours: readonly HoursRange[], weekday: number): string {
  return weeklyHours
    .filter((range) => range.weekday === weekday)
    .sort((a, b) => a.startMinute - b.startMinute)
    .map(formatRange)
    .join(", ");
}

export function hoursFormValues(weeklyHours: readonly HoursRange[]): Record<HoursField, string> {
  return Object.fromEntries(
    hostWeekdays.map(({ field, weekday }) => [field, formatDayHours(weeklyHours, weekday)]),
  ) as Record<HoursField, string>;
}

/** Consecutive days with the same hours share one line ("Mon–Fri 09:00–17:00"); days off are left out. */
export function summariseWeek(weeklyHours: readonly HoursRange[]): string[] {
  const days = hostWeekdays.map((day) => ({ ...day, hours: formatDayHours(weeklyHours, day.weekday) }));
  const lines: string[] = [];
  let index = 0;
  while (index < days.length) {
    const first = days[index];
    let last = index;
    while (last + 1 < days.length && days[last + 1].hours === first.hours) last += 1;
    if (first.hours) {
      const span = last === index ? first.short : `${first.short}–${days[last].short}`;
      lines.push(`${span} ${first.hours.replace(/-/g, "–")}`);
    }
    index = last + 1;
  }
  return lines;
}

const clock = String.raw`(\d{1,2}):(\d{2})`;
const rangePattern = new RegExp(String.raw`^${clock}\s*(?:-|–|—|to)\s*${clock}$`, "i");

function minuteOf(hours: string, minutes: string): number | undefined {
  const h = Number(hours);
  const m = Number(minutes);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return undefined;
  return h * 60 + m;
}

/** Touching ranges are merged: a demo must fit inside one range, so one across the join would never be offered. */
export function parseDayHours(
  text: string,
  day: { weekday: number; label: string },
): { ranges: HoursRange[] } | { error: string } {
  const fail = (problem: string) => ({ error: `${day.label}: ${problem}` });
  const formatHint = "write hours like 09:00-17:00, several separated by commas";
  const trimmed = text.trim();
  if (trimmed.length > HOURS_TEXT_MAX_LENGTH) return fail(`use at most ${HOURS_TEXT_MAX_LENGTH} characters`);
  const pieces = trimmed
    .split(/[,;]/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  if (pieces.length > MAX_RANGES_PER_DAY) return fail(`at most ${MAX_RANGES_PER_DAY} ranges a day`);
  const ranges: HoursRange[] = [];
  for (const piece of pieces) {
    const match = rangePattern.exec(piece);
    if (!match) return fail(formatHint);
    const startMinute = minuteOf(match[1], match[2]);
    const endMinute = minuteOf(match[3], match[4]);
    if (startMinute === undefined || endMinute === undefined) {
      const bad = startMinute === undefined ? `${match[1]}:${match[2]}` : `${match[3]}:${match[4]}`;
      return fail(`${bad} is not a time between 00:00 and 24:00`);
    }
    if (endMinute <= startMinute) {
      // Overnight work is written as two days: the week is stored day by day.
      return fail(
        `${formatRange({ startMinute, endMinute })} must end after it starts (for hours past midnight, write the rest on the next day)`,
      );
    }
    ranges.push({ weekday: day.weekday, startMinute, endMinute });
  }
  ranges.sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
  const merged: HoursRange[] = [];
  for (const range of ranges) {
    const previous = merged[merged.length - 1];
    if (previous && range.startMinute < previous.endMinute) {
      return fail(`${formatRange(previous)} and ${formatRange(range)} overlap`);
    }
    if (previous && range.startMinute === previous.endMinute) previous.endMinute = range.endMinute;
    else merged.push({ ...range });
  }
  return { ranges: merged };
}

function hoursField(day: (typeof hostWeekdays)[number]) {
  return z
    .string({ invalid_type_error: `${day.label}: write hours like 09:00-17:00, several separated by commas` })
    .optional()
    .transform((value, ctx) => {
      const parsed = parseDayHours(value ?? "", day);
      if ("error" in parsed) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
        return z.NEVER;
      }
      return parsed.ranges;
    });
}

const invalidEmail = "Enter a valid e-mail address";
const dailyMaxProblem = "The daily maximum is a whole number of demos from 1 to 999, or empty for no maximum";

/** The active checkbox is sent only when ticked. */
export const demoHostSchema = z
  .object({
    name: textField("Name", { min: 1, max: HOST_NAME_MAX_LENGTH }),
    email: z
      .string({ required_error: invalidEmail, invalid_type_error: invalidEmail })
      .trim()
      .max(HOST_EMAIL_MAX_LENGTH, `The e-mail address must be at most ${HOST_EMAIL_MAX_LENGTH} characters`)
      .email(invalidEmail),
    timeZone: z
      .string({
        required_error: "Pick a time zone from the list",
        invalid_type_error: "Pick a time zone from the list",
      })
      .refine(isTimeZone, "Pick a time zone from the list"),
    hoursMon: hoursField(hostWeekdays[0]),
    hoursTue: hoursField(hostWeekdays[1]),
    hoursWed: hoursField(hostWeekdays[2]),
    hoursThu: hoursField(hostWeekdays[3]),
    hoursFri: hoursField(hostWeekdays[4]),
    hoursSat: hoursField(hostWeekdays[5]),
    hoursSun: hoursField(hostWeekdays[6]),
    active: z
      .string({ invalid_type_error: "Active must be a checkbox" })
      .optional()
      .transform((value) => value !== undefined),
    dailyMax: z
      .string({ invalid_type_error: dailyMaxProblem })
      .trim()
      .optional()
      .refine((value) => !value || (/^\d{1,3}$/.test(value) && Number(value) >= 1), dailyMaxProblem)
      .transform((value) => (value ? Number(value) : null)),
  })
  .transform(({ name, email, timeZone, active, dailyMax, ...week }) => ({
    name,
    email,
    timeZone,
    weeklyHours: hostWeekdays.flatMap(({ field }) => week[field]),
    active,
    dailyMax,
  }));

/** In the form's order, which the error summary follows. */
export const hostFormFields = [
  "name",
  "email",
  "timeZone",
  ...hostWeekdays.map((day) => day.field),
  "dailyMax",
  "active",
] as const;
export type HostFormField = (typeof hostFormFields)[number];

/** Calendar dates in the host's zone, both included. */
export const hostTimeOffSchema = z
  .object({ firstDay: dayField("first day"), lastDay: dayField("last day") })
  .superRefine(lastDayNotBefore("firstDay", "lastDay"));

export const timeOffFormFields = ["firstDay", "lastDay"] as const;
export type TimeOffFormField = (typeof timeOffFormFields)[number];

export type HostView = {
  id: string;
  name: string;
  email: string;
  timeZone: string;
  timeZoneLabel: string;
  weeklyHours: HoursRange[];
  timeOff: { id: string; firstDay: string; lastDay: string; label: string }[];
  active: boolean;
  /** At most this many demos a day (ADR 0057); null: no maximum. */
  dailyMax: number | null;
  /** When the host's own calendar feed link (their demos only) was made (ISO), or null when it has none. */
  feedSince: string | null;
  stranded: StrandedDemo[];
};

/** A time-zone choice, labelled on the server (browsers' zone names can differ by ICU version). */
export type ZoneOption = { value: string; label: string };

/** A calendar feed link just made: shown once, since only its hash is kept. */
export type FeedLinkAnswer = { form: "feed-link"; hostId: string | null; feedUrl: string };

/** A refused form, with the values as typed so they can be shown again; or a feed link just made. */
export type HostFormAnswer =
  | {
      form: "host";
      hostId?: string;
      values: Partial<Record<HostFormField, string>>;
      errors: Partial<Record<HostFormField, string>>;
    }
  | {
      form: "time-off";
      hostId: string;
      values: Partial<Record<TimeOffFormField, string>>;
      errors: Partial<Record<TimeOffFormField, string>>;
    }
  | { form: "not-found" }
  | FeedLinkAnswer;
