import { getConnection } from "~/db/connection.server";
import type { HostChoice } from "~/models/demo/booking.server";
import { hostWriteCount, listHosts, type DemoHost, type SeedHosts } from "~/models/demo/host.server";
import { readRoutingSetup, routingWriteCount, type RoutingSetup } from "~/models/demo/routing.server";
import {
  dayBounds,
  freeHostsAt,
  hostFromSettings,
  hostWeeks,
  localParts,
  slotEnd,
  weekOf,
} from "~/services/demo/slots.server";
import { getBookingSettings, getEnv, type BookingSettings } from "~/utils/env.server";
import { remember } from "~/utils/singleton.server";

/** The first hosts of a fresh install: the DEMO_* settings (ADR 0030). */
export function seedFromSettings(): SeedHosts {
  const settings = getBookingSettings();
  const env = getEnv();
  return {
    count: settings.hosts,
    name: env.DEMO_HOST_NAME || `${env.BRAND_NAME} Sales`,
    email: env.DEMO_HOST_EMAIL ?? env.SALES_EMAIL,
    timeZone: settings.timeZone,
    weeklyHours: hostFromSettings(settings).weeklyHours,
  };
}

// ADR 0024, like the availability: a copy lasts until this process writes a host (or, for routing, a team or rule)
// or AVAILABILITY_MAX_AGE_SECONDS pass, and belongs to one connection (tests switch databases). The database still
// decides every booking. The routing setup (ADR 0057) is read with the hosts, so whatever reads the hosts keeps
// both at hand and a demo POST reads neither.
type Copy<T> = { connection: unknown; writes: number; expiresAt: number; value: Promise<T> };

const cache = remember("demo hosts", () => ({
  copy: undefined as Copy<DemoHost[]> | undefined,
  routing: undefined as Copy<RoutingSetup> | undefined,
}));

function isFresh<T>(copy: Copy<T> | undefined, writes: number): copy is Copy<T> {
  return Boolean(copy && copy.connection === getConnection() && copy.writes === writes && Date.now() < copy.expiresAt);
}

function freshCopy<T>(writes: number, value: Promise<T>, forget: (copy: Copy<T>) => void): Copy<T> {
  const copy: Copy<T> = {
    connection: getConnection(),
    writes,
    expiresAt: Date.now() + getEnv().AVAILABILITY_MAX_AGE_SECONDS * 1000,
    value,
  };
  value.catch(() => forget(copy));
  return copy;
}

/** Every host (active or not), in the order they were added. */
export async function currentHosts(): Promise<DemoHost[]> {
  // Awaited, so no read of it is left running into the caller's next statement; a failed one is read next time.
  const routing = currentRoutingSetup().catch(() => undefined);
  const writes = hostWriteCount();
  if (!isFresh(cache.copy, writes)) {
    cache.copy = freshCopy(writes, listHosts(seedFromSettings()), (copy) => {
      if (cache.copy === copy) cache.copy = undefined;
    });
  }
  const [hosts] = await Promise.all([cache.copy.value, routing]);
  return hosts;
}

/** The teams and rules (ADR 0057), read with the hosts. */
export function currentRoutingSetup(): Promise<RoutingSetup> {
  const writes = routingWriteCount();
  if (isFresh(cache.routing, writes)) return cache.routing.value;
  cache.routing = freshCopy(writes, readRoutingSetup(), (copy) => {
    if (cache.routing === copy) cache.routing = undefined;
  });
  return cache.routing.value;
}

/** For tests: forget the hosts and the routing setup read. */
export function forgetHosts() {
  cache.copy = undefined;
  cache.routing = undefined;
}

export async function hostById(id: string | null | undefined): Promise<DemoHost | undefined> {
  if (!id) return undefined;
  return (await currentHosts()).find((host) => host.id === id);
}

/** Who is booked is the database's to see; the week is for the fairness rule (ADR 0030). */
export function hostChoiceAt(
  start: Date,
  hosts: DemoHost[],
  settings: BookingSettings = getBookingSettings(),
): Omit<HostChoice, "keep" | "self"> {
  const date = localParts(start, settings.timeZone).date;
  const weeks = hostWeeks(hosts, settings, date, 1);
  const free = freeHostsAt(weeks, [], start, settings);
  const { dayStart, dayEnd } = dayBounds(date, settings);
  return {
    candidates: free.map((host) => host.id),
    start,
    end: slotEnd(start, settings),
    bufferMinutes: settings.bufferMinutes,
    week: weekOf(start, settings),
    day: { start: dayStart, end: dayEnd },
    ...(free.some((host) => host.dailyMax) ? { capped: true } : {}),
  };
}
