import { getConnection } from "~/db/connection.server";
import type { HostChoice } from "~/models/demo/booking.server";
import { hostWriteCount, listHosts, type DemoHost, type SeedHosts } from "~/models/demo/host.server";
import { freeHostsAt, hostFromSettings, hostWeeks, localParts, slotEnd, weekOf } from "~/services/demo/slots.server";
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

// ADR 0024, like the availability: a copy lasts until this process writes a host or AVAILABILITY_MAX_AGE_SECONDS
// pass, and belongs to one connection (tests switch databases). The database still decides every booking.
type HostsCopy = { connection: unknown; writes: number; expiresAt: number; hosts: Promise<DemoHost[]> };

const cache = remember("demo hosts", () => ({ copy: undefined as HostsCopy | undefined }));

/** Every host (active or not), in the order they were added. */
export function currentHosts(): Promise<DemoHost[]> {
  const connection = getConnection();
  const writes = hostWriteCount();
  const copy = cache.copy;
  if (copy && copy.connection === connection && copy.writes === writes && Date.now() < copy.expiresAt) {
    return copy.hosts;
  }
  const hosts = listHosts(seedFromSettings());
  const fresh: HostsCopy = {
    connection,
    writes,
    expiresAt: Date.now() + getEnv().AVAILABILITY_MAX_AGE_SECONDS * 1000,
    hosts,
  };
  cache.copy = fresh;
  hosts.catch(() => {
    if (cache.copy === fresh) cache.copy = undefined;
  });
  return hosts;
}

/** For tests: forget the hosts read. */
export function forgetHosts() {
  cache.copy = undefined;
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
  return {
    candidates: freeHostsAt(weeks, [], start, settings).map((host) => host.id),
    start,
    end: slotEnd(start, settings),
    bufferMinutes: settings.bufferMinutes,
    week: weekOf(start, settings),
  };
}
