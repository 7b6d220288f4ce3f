import { demoTimeZones } from "~/content/demo-time-zones";
import { bookingWriteCount } from "~/models/demo/booking.server";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { availableSlots, earliestStart } from "~/services/demo/slots.server";
import { currentHosts, forgetHosts } from "~/services/demo/hosts.server";
import { now } from "~/utils/time/clock.server";
import { getBookingSettings, getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { remember } from "~/utils/singleton.server";
import {
  formatDayParts,
  formatLongDay,
  formatTime,
  groupByLocalDate,
  isTimeZone,
  timeZoneOptionLabel,
} from "~/utils/time/zoned-time";
import { timeZoneLabel } from "~/utils/time/time-zone-format";
import { withTimeout } from "~/utils/with-timeout";

type FreeSlotDays = { date: string; starts: string[] }[];

/**
 * ADR 0024: read once per booking write in this process or per AVAILABILITY_MAX_AGE_SECONDS, not per request. A slot
 * taken elsewhere may stay offered that long; the database still decides at booking time.
 */
type FreeSlotSnapshot = { writes: number; readAt: Date; expiresAt: number; days: FreeSlotDays };

const availability = remember("demo availability", () => ({
  snapshot: undefined as FreeSlotSnapshot | undefined,
  /** The read in flight, shared by the requests that arrive meanwhile, and the write count it started at. */
  reading: undefined as { writes: number; snapshot: Promise<FreeSlotSnapshot> } | undefined,
}));

function isCurrent(snapshot: FreeSlotSnapshot, at: Date) {
  // A clock set back (tests move it) is not within the snapshot's period either.
  return (
    availability.snapshot === snapshot &&
    snapshot.writes === bookingWriteCount() &&
    at.getTime() >= snapshot.readAt.getTime() &&
    at.getTime() < snapshot.expiresAt
  );
}

async function readSnapshot(writes: number, readAt: Date): Promise<FreeSlotSnapshot> {
  const settings = getBookingSettings();
  const free = await availableSlots({
    days: settings.horizonDays + 1,
    now: readAt,
    settings,
    hosts: await currentHosts(),
  });
  logger.debug("demo availability read", { writes });
  return {
    writes,
    readAt,
    expiresAt: readAt.getTime() + getEnv().AVAILABILITY_MAX_AGE_SECONDS * 1000,
    days: free.map((day) => ({ date: day.date, starts: day.slots.map((slot) => slot.start) })),
  };
}

function freeSlotSnapshot(at: Date): Promise<FreeSlotSnapshot> {
  const cached = availability.snapshot;
  if (cached && isCurrent(cached, at)) return Promise.resolve(cached);
  const writes = bookingWriteCount();
  if (availability.reading?.writes === writes) return availability.reading.snapshot;
  const reading = {
    writes,
    snapshot: readSnapshot(writes, at).finally(() => {
      if (availability.reading === reading) availability.reading = undefined;
    }),
  };
  availability.reading = reading;
  // Kept only if no booking write started meanwhile: such a read may predate the write's commit.
  void reading.snapshot.then(
    (snapshot) => {
      if (bookingWriteCount() === writes) availability.snapshot = snapshot;
    },
    () => undefined,
  );
  return reading.snapshot;
}

/** For tests: forget the cached availability. */
export function forgetAvailability() {
  availability.snapshot = undefined;
  availability.reading = undefined;
  forgetHosts();
}

function offeredAt(snapshot: FreeSlotSnapshot, at: Date): FreeSlotDays {
  const earliest = earliestStart(at).getTime();
  return snapshot.days
    .map(({ date, starts }) => ({ date, starts: starts.filter((start) => Date.parse(start) >= earliest) }))
    .filter((day) => day.starts.length > 0);
}

/** For visitors without JavaScript, and until the calendar picker loads. */
export async function demoPickerView(
  options: { day?: string; timeZone?: string; requestId?: string } = {},
): Promise<DemoPickerView> {
  let businessDays: FreeSlotDays | undefined;
  // The zone names are written as of the read, so the view changes only with the snapshot and the notice above.
  let at = now();
  try {
    const snapshot = await withTimeout(
      freeSlotSnapshot(at),
      PICKER_TIMEOUT_MS,
      () => new Error(`free demo times not read within ${PICKER_TIMEOUT_MS} ms`),
    );
    businessDays = offeredAt(snapshot, at);
    at = snapshot.readAt;
  } catch (error) {
    // The page, and the request-only choice, must not depend on the database answering: no lead is lost.
    logger.warn("demo picker: free times unavailable; offering 'None of these times work' only", {
      requestId: options.requestId,
      error,
    });
  }
  const settings = getBookingSettings();
  const timeZone = isTimeZone(options.timeZone) ? options.timeZone : settings.timeZone;
  // In the business's zone the days are the availability's own; in another, the times are grouped by its dates.
  const days =
    timeZone === settings.timeZone
      ? (businessDays ?? [])
      : groupByLocalDate(
          (businessDays ?? []).flatMap((day) => day.starts),
          timeZone,
        );
  const shown = days.find((day) => day.date === options.day) ?? days[0];
  return {
    timeZone,
    timeZoneName: timeZoneLabel(timeZone, at),
    businessTimeZone: settings.timeZone,
    timeZones: zoneOptions(settings.timeZone, timeZone, at),
    days: days.map(({ date }) => {
      const [weekday, label] = formatDayParts(date);
      return { date, weekday, label, longLabel: formatLongDay(date) };
    }),
    day: shown?.date,
    times: (shown?.starts ?? []).map((start) => ({ start, label: formatTime(new Date(start), timeZone) })),
    ...(businessDays ? {} : { unavailable: true }),
  };
}

/** The zones offered (every option is in the HTML, so the list stays short), the chosen one included. */
export function zoneOptions(businessZone: string, chosen: string, at: Date): { value: string; label: string }[] {
  return [...new Set([businessZone, ...demoTimeZones, chosen])].map((value) => ({
    value,
    label: timeZoneOptionLabel(value, at),
  }));
}

/** How long the page waits for the free times before rendering without them (the landing page must not stall). */
const PICKER_TIMEOUT_MS = 3_000;
