// Formatting and grouping only: booking time-zone arithmetic uses @date-fns/tz on the server.
import { formatter, isKnownTimeZone, plainSpaces, timeZoneLabel } from "./time-zone-format";

export function isTimeZone(value: unknown): value is string {
  return typeof value === "string" && value !== "" && value.length <= 64 && isKnownTimeZone(value);
}

/** The browser's own zone, when it is one this code can name. */
export function visitorTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : undefined;
}

export function localDate(instant: Date, timeZone: string): string {
  const parts = formatter(timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Plain spaces, as the e-mails write times. */
export function formatTime(instant: Date, timeZone: string): string {
  return plainSpaces(formatter(timeZone, { hour: "numeric", minute: "2-digit" }).format(instant));
}

const dateOnly = (date: string) => new Date(`${date}T12:00:00Z`);

export function formatDayParts(date: string): [weekday: string, day: string] {
  const day = dateOnly(date);
  return [
    formatter("UTC", { weekday: "short" }).format(day),
    formatter("UTC", { month: "short", day: "numeric" }).format(day),
  ];
}

export function formatLongDay(date: string): string {
  return formatter("UTC", { weekday: "long", month: "long", day: "numeric" }).format(dateOnly(date));
}

export function groupByLocalDate(starts: string[], timeZone: string): { date: string; starts: string[] }[] {
  const days = new Map<string, string[]>();
  for (const start of [...starts].sort()) {
    const date = localDate(new Date(start), timeZone);
    const list = days.get(date);
    if (list) list.push(start);
    else days.set(date, [start]);
  }
  return [...days].map(([date, list]) => ({ date, starts: list }));
}

export function timeZoneOptionLabel(timeZone: string, at: Date = new Date()): string {
  const city = timeZone.includes("/") ? timeZone.slice(timeZone.lastIndexOf("/") + 1).replace(/_/g, " ") : timeZone;
  const name = timeZoneLabel(timeZone, at);
  return name === city ? name : `${name} (${city})`;
}
