import { demoTimeZones } from "~/content/demo-time-zones";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { availableSlots } from "~/services/demo-slots.server";
import { now } from "~/utils/clock.server";
import { getBookingSettings } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import {
  formatDayParts,
  formatLongDay,
  formatTime,
  groupByLocalDate,
  isTimeZone,
  timeZoneName,
  timeZoneOptionLabel,
} from "~/utils/zoned-time";

/** Every free slot start (ISO UTC) from now to the booking horizon, by date in the business's zone. */
async function freeSlotDays(): Promise<{ date: string; starts: string[] }[]> {
  const settings = getBookingSettings();
  const free = await availableSlots({ days: settings.horizonDays + 1, now: now(), settings });
  return free.map((day) => ({ date: day.date, starts: day.slots.map((slot) => slot.start) }));
}

/**
 * "Pick a time" as the server renders it (without JavaScript, and until the calendar picker loads): the free times
 * grouped by their date in `timeZone` (default: the business's), the times of `day` (default: the first bookable
 * day, also when `day` has no free time any more), every label already written.
 */
export async function demoPickerView(options: { day?: string; timeZone?: string } = {}): Promise<DemoPickerView> {
  let businessDays: { date: string; starts: string[] }[] | undefined;
  try {
    businessDays = await withTimeout(freeSlotDays(), PICKER_TIMEOUT_MS);
  } catch (error) {
    // The page, and the request-only choice, must not depend on the database answering: no lead is lost.
    logger.warn("demo picker: free times unavailable; offering 'None of these times work' only", { error });
  }
  const settings = getBookingSettings();
  const timeZone = isTimeZone(options.timeZone) ? options.timeZone : settings.timeZone;
  const at = now();
  // In the business's zone the days are the availability's own; in another, the times are grouped by its dates.
  const days =
    timeZone === settings.timeZone
      ? (businessDays ?? [])
      : groupByLocalDate(
          (businessDays ?? []).flatMap((day) => day.starts),
          timeZone,
        );
  const shown = days.find((day) => day.date === options.day) ?? days[0];
  const zones = [...new Set([settings.timeZone, ...demoTimeZones, timeZone])];
  return {
    timeZone,
    timeZoneName: timeZoneName(timeZone, at),
    businessTimeZone: settings.timeZone,
    timeZones: zones.map((value) => ({ value, label: timeZoneOptionLabel(value, at) })),
    days: days.map(({ date }) => {
      const [weekday, label] = formatDayParts(date);
      return { date, weekday, label, longLabel: formatLongDay(date) };
    }),
    day: shown?.date,
    times: (shown?.starts ?? []).map((start) => ({ start, label: formatTime(new Date(start), timeZone) })),
    ...(businessDays ? {} : { unavailable: true }),
  };
}

/** How long the page waits for the free times before rendering without them (the landing page must not stall). */
const PICKER_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`free demo times not read within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
