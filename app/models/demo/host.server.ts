import { asc, eq, sql } from "drizzle-orm";
import { demoBookings, demoHosts, demoHostTimeOff } from "~/db/schema.server";
import type { HoursRange } from "~/schemas/demo-host";
import { getDb, type Database } from "~/db/connection.server";
import { changingBookings } from "~/models/demo/booking.server";

export type DemoHost = {
  id: string;
  name: string;
  email: string;
  timeZone: string;
  weeklyHours: HoursRange[];
  /** Calendar dates in the host's zone, first and last included, soonest first. */
  timeOff: { id: string; firstDay: string; lastDay: string }[];
  active: boolean;
  /** At most this many live demos a day (the business's zone); null: no maximum (ADR 0057). */
  dailyMax?: number | null;
  createdAt: Date;
};

/** The first hosts of an install, from the environment (DEMO_* settings; ADR 0030). */
export type SeedHosts = {
  count: number;
  name: string;
  email: string;
  timeZone: string;
  weeklyHours: HoursRange[];
};

// Invalidates the hosts' cache (services/demo/hosts), counted like bookingWriteCount. A host write is a booking
// write too: the availability depends on both.
let hostWrites = 0;

/** How many writes to hosts this process has started and settled (each counts twice). */
export function hostWriteCount(): number {
  return hostWrites;
}

async function changingHosts<T>(write: () => Promise<T>): Promise<T> {
  hostWrites += 1;
  try {
    return await changingBookings(write);
  } finally {
    hostWrites += 1;
  }
}

/** With no host yet, first seeds them from the environment (see seedHosts). */
export async function listHosts(seed: SeedHosts): Promise<DemoHost[]> {
  let hosts = await readHosts();
  if (hosts.length === 0) {
    await seedHosts(seed);
    hosts = await readHosts();
  }
  return hosts;
}

async function readHosts(): Promise<DemoHost[]> {
  const rows = await getDb()
    .select({ host: demoHosts, timeOff: demoHostTimeOff })
    .from(demoHosts)
    .leftJoin(demoHostTimeOff, eq(demoHostTimeOff.hostId, demoHosts.id))
    .orderBy(asc(demoHosts.createdAt), asc(demoHosts.id), asc(demoHostTimeOff.firstDay));
  const byId = new Map<string, DemoHost>();
  for (const { host, timeOff } of rows) {
    let entry = byId.get(host.id);
    if (!entry) {
      entry = {
        id: host.id,
        name: host.name,
        email: host.email,
        timeZone: host.timeZone,
        weeklyHours: host.weeklyHours,
        timeOff: [],
        active: host.active,
        dailyMax: host.dailyMax,
        createdAt: host.createdAt,
      };
      byId.set(host.id, entry);
    }
    if (timeOff) entry.timeOff.push({ id: timeOff.id, firstDay: timeOff.firstDay, lastDay: timeOff.lastDay });
  }
  return [...byId.values()];
}

// Fixed ids, ON CONFLICT DO NOTHING: concurrent instances seed once. Not counted: no busy time changes.
async function seedHosts(seed: SeedHosts) {
  await getDb().transaction(async (tx) => {
    // Also one per seat of a pre-hosts booking; those beyond the setting are inactive but keep their bookings.
    await tx.execute(sql`
        insert into ${demoHosts} (id, name, email, time_zone, weekly_hours, active, created_at)
        select 'host-' || n,
               case when n = 1 then ${seed.name} else ${seed.name} || ' ' || n end,
               ${seed.email}, ${seed.timeZone}, ${JSON.stringify(seed.weeklyHours)}::jsonb, n <= ${seed.count}::int,
               now() + n * interval '1 microsecond'
        from generate_series(1, greatest(${seed.count}::int, coalesce((select max(seat) from ${demoBookings}), 0))) as n
        where not exists (select 1 from ${demoHosts})
        on conflict do nothing`);
    await tx.execute(sql`
        update ${demoBookings} set host_id = 'host-' || seat
        where host_id is null and seat is not null
          and exists (select 1 from ${demoHosts} h where h.id = 'host-' || seat)`);
  });
}

export async function findHostContact(
  id: string | null | undefined,
  db: Database = getDb(),
): Promise<HostContact | undefined> {
  if (!id) return undefined;
  const [host] = await db
    .select({ name: demoHosts.name, email: demoHosts.email })
    .from(demoHosts)
    .where(eq(demoHosts.id, id));
  return host;
}

export type HostContact = { name: string; email: string };

type HostInput = {
  name: string;
  email: string;
  timeZone: string;
  weeklyHours: HoursRange[];
  active: boolean;
  /** Absent: left as it is (a new host has no maximum). */
  dailyMax?: number | null;
};

export async function createHost(input: HostInput): Promise<string> {
  const id = crypto.randomUUID();
  await changingHosts(() =>
    getDb()
      .insert(demoHosts)
      .values({ id, ...input }),
  );
  return id;
}

export async function updateHost(id: string, input: HostInput): Promise<boolean> {
  const updated = await changingHosts(() =>
    getDb()
      .update(demoHosts)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(demoHosts.id, id))
      .returning({ id: demoHosts.id }),
  );
  return updated.length > 0;
}

/** Adds days off (dates in the host's zone, both included). */
export async function addTimeOff(hostId: string, days: { firstDay: string; lastDay: string }): Promise<void> {
  await changingHosts(() =>
    getDb()
      .insert(demoHostTimeOff)
      .values({ hostId, ...days }),
  );
}

/** Removes one stretch of days off; answers whether it existed for that host. */
export async function removeTimeOff(hostId: string, timeOffId: string): Promise<boolean> {
  const removed = await changingHosts(() =>
    getDb()
      .delete(demoHostTimeOff)
      .where(sql`${demoHostTimeOff.id} = ${timeOffId} and ${demoHostTimeOff.hostId} = ${hostId}`)
      .returning({ id: demoHostTimeOff.id }),
  );
  return removed.length > 0;
}
