import { demoTimeZones } from "~/content/demo-time-zones";
import { bookingWriteCount } from "~/models/demo/booking.server";
import type { DemoHost } from "~/models/demo/host.server";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { availableSlots, earliestStart, type SlotsOffer } from "~/services/demo/slots.server";
import { currentHosts, currentRoutingSetup, forgetHosts } from "~/services/demo/hosts.server";
import {
  isConfigured,
  offerOf,
  routeLead,
  routingAnswersOf,
  slotsOffer,
  type RoutingAnswers,
} from "~/services/demo/routing.server";
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

/** A snapshot and the read in flight (shared by the requests that arrive meanwhile, with its write count). */
type SnapshotSlot = {
  snapshot: FreeSlotSnapshot | undefined;
  reading: { writes: number; snapshot: Promise<FreeSlotSnapshot> } | undefined;
};

/**
 * One per set of hosts on offer: "" for every host (no routing set up, as before ADR 0057), else a routed team's
 * hosts. Teams are few; a set no longer asked for is dropped with the rest when too many gather.
 */
const availability = remember("demo availability", () => new Map<string, SnapshotSlot>());
const MAX_HOST_SETS = 32;

function slotFor(key: string): SnapshotSlot {
  let slot = availability.get(key);
  if (!slot) {
    if (availability.size >= MAX_HOST_SETS) availability.clear();
    slot = { snapshot: undefined, reading: undefined };
    availability.set(key, slot);
  }
  return slot;
}

function isCurrent(slot: SnapshotSlot, snapshot: FreeSlotSnapshot, at: Date) {
  // A clock set back (tests move it) is not within the snapshot's period either.
  return (
    slot.snapshot === snapshot &&
    snapshot.writes === bookingWriteCount() &&
    at.getTime() >= snapshot.readAt.getTime() &&
    at.getTime() < snapshot.expiresAt
  );
}

async function readSnapshot(writes: number, readAt: Date, hosts?: DemoHost[]): Promise<FreeSlotSnapshot> {
  const settings = getBookingSettings();
  const free = await availableSlots({
    days: settings.horizonDays + 1,
    now: readAt,
    settings,
    hosts: hosts ?? (await currentHosts()),
  });
  logger.debug("demo availability read", { writes });
  return {
    writes,
    readAt,
    expiresAt: readAt.getTime() + getEnv().AVAILABILITY_MAX_AGE_SECONDS * 1000,
    days: free.map((day) => ({ date: day.date, starts: day.slots.map((slot) => slot.start) })),
  };
}

/** `hosts` absent: every host's times. */
function freeSlotSnapshot(at: Date, hosts?: DemoHost[]): Promise<FreeSlotSnapshot> {
  const slot = slotFor(hosts ? hosts.map((host) => host.id).join(",") : "");
  const cached = slot.snapshot;
  if (cached && isCurrent(slot, cached, at)) return Promise.resolve(cached);
  const writes = bookingWriteCount();
  if (slot.reading?.writes === writes) return slot.reading.snapshot;
  const reading = {
    writes,
    snapshot: readSnapshot(writes, at, hosts).finally(() => {
      if (slot.reading === reading) slot.reading = undefined;
    }),
  };
  slot.reading = reading;
  // Kept only if no booking write started meanwhile: such a read may predate the write's commit.
  void reading.snapshot.then(
    (snapshot) => {
      if (bookingWriteCount() === writes) slot.snapshot = snapshot;
    },
    () => undefined,
  );
  return reading.snapshot;
}

/**
 * What the answers are offered (ADR 0057), as `GET /api/demo-slots` offers it; given the posted e-mail (a form post,
 * never a URL), as the booking will route it, so a known lead is shown its owner's or team's times. Routing not set
 * up: every host's times, as before it, from the setup this process holds (read with the hosts).
 */
async function pickerOffer(
  answers: Omit<RoutingAnswers, "knownEmail">,
  email?: string,
  submissionId?: string,
): Promise<Omit<SlotsOffer, "hosts"> & { hosts?: DemoHost[] }> {
  const [hosts, setup] = await Promise.all([currentHosts(), currentRoutingSetup()]);
  if (!isConfigured(setup)) return { requestOnly: false };
  if (!email) return slotsOffer(answers, hosts, setup);
  return offerOf(await routeLead(answers, email, setup, hosts, submissionId), hosts);
}

/** For tests: forget the cached availability. */
export function forgetAvailability() {
  availability.clear();
  forgetHosts();
}

function offeredAt(snapshot: FreeSlotSnapshot, at: Date): FreeSlotDays {
  const earliest = earliestStart(at).getTime();
  return snapshot.days
    .map(({ date, starts }) => ({ date, starts: starts.filter((start) => Date.parse(start) >= earliest) }))
    .filter((day) => day.starts.length > 0);
}

/**
 * For visitors without JavaScript, and until the calendar picker loads: the times the answers are offered (the
 * routed team's, ADR 0057), none for a request-only route.
 */
export async function demoPickerView(
  options: {
    day?: string;
    timeZone?: string;
    requestId?: string;
    answers?: { dealVolume?: string; trade?: string };
    /** The e-mail of a posted form, to route a known lead as its booking will. */
    email?: string;
    /** The posted form's submission, whose own stored lead does not make its e-mail known. */
    submissionId?: string;
  } = {},
): Promise<DemoPickerView> {
  let businessDays: FreeSlotDays | undefined;
  let offer: Awaited<ReturnType<typeof pickerOffer>> | undefined;
  const settings = getBookingSettings();
  const timeZone = isTimeZone(options.timeZone) ? options.timeZone : settings.timeZone;
  // The zone names are written as of the read, so the view changes only with the snapshot and the notice above.
  let at = now();
  try {
    const read = async () => {
      offer = await pickerOffer(
        routingAnswersOf({ ...options.answers, timeZone }),
        options.email,
        options.submissionId,
      );
      return offer.requestOnly ? undefined : freeSlotSnapshot(at, offer.hosts);
    };
    const snapshot = await withTimeout(
      read(),
      PICKER_TIMEOUT_MS,
      () => new Error(`free demo times not read within ${PICKER_TIMEOUT_MS} ms`),
    );
    businessDays = snapshot ? offeredAt(snapshot, at) : [];
    if (snapshot) at = snapshot.readAt;
  } catch (error) {
    // The page, and the request-only choice, must not depend on the database answering: no lead is lost.
    logger.warn("demo picker: free times unavailable; offering 'None of these times work' only", {
      requestId: options.requestId,
      error,
    });
  }
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
    ...(businessDays && offer?.requestOnly ? { requestOnly: true } : {}),
    ...(businessDays && offer?.selfServePlan ? { selfServePlan: offer.selfServePlan } : {}),
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
