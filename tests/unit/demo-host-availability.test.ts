// Issue #24: named demo hosts, each with their own zone, weekly hours and time off. The slots the grid offers must
// be exactly the union of the hosts' free times. The expected sets here are computed independently of the app:
// the grid instants by walking UTC quarter-hours and reading each one's wall clock in the business's zone, and
// whether a host works one by reading its wall clock in the host's zone, both through Intl.DateTimeFormat (not
// through @date-fns/tz or the app's helpers), across the US and EU daylight-saving changes of spring and autumn 2027.
import { describe, expect, it } from "vitest";
import type { DemoHost } from "~/models/demo/host.server";
import { checkSlotStart, slotGrid } from "~/services/demo/slots.server";
import type { BookingSettings } from "~/utils/env.server";

const MINUTE = 60_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// --- an independent reading of wall clocks --------------------------------------------------------------------

type Wall = { date: string; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `instant` (ms), read by Intl: local date, minute after midnight, weekday. */
function wall(instant: number, timeZone: string): Wall {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** YYYY-MM-DD plus `days` (calendar arithmetic on UTC midnights). */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * 60 * MINUTE).toISOString().slice(0, 10);
}

/**
 * The team's grid of one business date, independently: every UTC quarter-hour whose wall clock in the business's
 * zone shows `date` and a minute on the step from startMinute; a wall time the clocks show twice (autumn) counts
 * once, at its first occurrence; one they skip (spring) does not exist. Every zone used here is a whole number of
 * quarter-hours from UTC, so walking UTC quarter-hours meets every local grid time.
 */
function expectedGridOfDate(settings: BookingSettings, date: string): number[] {
  const step = settings.slotMinutes + settings.bufferMinutes;
  const seen = new Set<number>();
  const starts: number[] = [];
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  for (let at = midnightUtc - 16 * 60 * MINUTE; at <= midnightUtc + 40 * 60 * MINUTE; at += 15 * MINUTE) {
    const local = wall(at, settings.timeZone);
    if (local.date !== date) continue;
    if ((((local.minute - settings.startMinute) % step) + step) % step !== 0) continue;
    if (local.minute + settings.slotMinutes > 24 * 60) continue;
    if (seen.has(local.minute)) continue;
    seen.add(local.minute);
    starts.push(at);
  }
  return starts;
}

/**
 * Whether the host works the whole slot [start, start + slotMinutes), independently: active; the start's wall clock
 * in the host's zone falls on a weekday range at or after its start; the end's wall clock shows the same local date
 * and not later than the range's end; that local date is not in the host's time off.
 */
function expectedWorks(host: DemoHost, start: number, settings: BookingSettings): boolean {
  if (!host.active) return false;
  const from = wall(start, host.timeZone);
  const to = wall(start + settings.slotMinutes * MINUTE, host.timeZone);
  if (to.date !== from.date) return false;
  if (host.timeOff.some((off) => off.firstDay <= from.date && from.date <= off.lastDay)) return false;
  return host.weeklyHours.some(
    (range) => range.weekday === from.weekday && range.startMinute <= from.minute && to.minute <= range.endMinute,
  );
}

/** The independently expected offer: business date → ISO starts, dates with none left out. */
function expectedOffer(settings: BookingSettings, fromDate: string, days: number, hosts: DemoHost[]) {
  const offer: { date: string; slots: string[] }[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = plusDays(fromDate, offset);
    if (settings.blackoutDates.has(date)) continue;
    const slots = expectedGridOfDate(settings, date)
      .filter((start) => hosts.some((host) => expectedWorks(host, start, settings)))
      .map((start) => new Date(start).toISOString());
    if (slots.length > 0) offer.push({ date, slots });
  }
  return offer;
}

function offered(settings: BookingSettings, fromDate: string, days: number, hosts: DemoHost[]) {
  return slotGrid(settings, fromDate, days, hosts).map((day) => ({
    date: day.date,
    slots: day.slots.map((slot) => slot.toISOString()),
  }));
}

// --- the hosts and the business ----------------------------------------------------------------------------------

const hours = (weekdays: number[], from: string, to: string) => {
  const minute = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
  return weekdays.map((weekday) => ({ weekday, startMinute: minute(from), endMinute: minute(to) }));
};

function host(id: string, timeZone: string, weeklyHours: DemoHost["weeklyHours"], timeOff: [string, string][] = []) {
  return {
    id,
    name: id,
    email: `${id}@example.com`,
    timeZone,
    weeklyHours,
    timeOff: timeOff.map(([firstDay, lastDay], index) => ({ id: `${id}-off-${index}`, firstDay, lastDay })),
    active: true,
    createdAt: new Date("2027-01-01T00:00:00Z"),
  } satisfies DemoHost;
}

// New York: Mon–Fri 09:00–12:00 and 13:00–17:00 (a lunch break).
const newYork = host("new-york", "America/New_York", [
  ...hours([1, 2, 3, 4, 5], "09:00", "12:00"),
  ...hours([1, 2, 3, 4, 5], "13:00", "17:00"),
]);
// Berlin: Mon–Thu 08:00–16:00, and a Sunday night shift across the EU changes (01:00 UTC on 2027-03-28 and
// 2027-10-31); off Tue–Wed 2027-03-16/17 and Tue 2027-11-02 (Berlin dates).
const berlin = host(
  "berlin",
  "Europe/Berlin",
  [...hours([1, 2, 3, 4], "08:00", "16:00"), ...hours([0], "00:00", "06:00")],
  [
    ["2027-03-16", "2027-03-17"],
    ["2027-11-02", "2027-11-02"],
  ],
);
// Los Angeles: Tue–Sat 10:00–18:00, and Sunday 00:00–04:00 across the US changes (02:00 local on 2027-03-14 and
// 2027-11-07).
const losAngeles = host("los-angeles", "America/Los_Angeles", [
  ...hours([2, 3, 4, 5, 6], "10:00", "18:00"),
  ...hours([0], "00:00", "04:00"),
]);
// Kolkata (UTC+5:30, no daylight saving): Fri–Sat 09:00–13:00, which in Chicago is the evening before until past
// midnight, so a Kolkata day off lands on two business dates; off Friday 2027-03-26 (Kolkata).
const kolkata = host("kolkata", "Asia/Kolkata", hours([5, 6], "09:00", "13:00"), [["2027-03-26", "2027-03-26"]]);

const hosts = [newYork, berlin, losAngeles, kolkata];

/** A business in Chicago, 15-minute slots on the quarter-hours, a blackout Friday in each period. */
function chicago(overrides: Partial<BookingSettings> = {}): BookingSettings {
  return {
    timeZone: "America/Chicago",
    workingDays: [1, 2, 3, 4, 5],
    startMinute: 9 * 60,
    endMinute: 17 * 60,
    slotMinutes: 15,
    bufferMinutes: 0,
    minNoticeMinutes: 120,
    horizonDays: 300,
    hosts: 4,
    blackoutDates: new Set(["2027-03-19", "2027-11-12"]),
    reminderMinutes: [],
    pacePercent: 25,
    ...overrides,
  };
}

const periods = [
  { name: "spring: the US change (2027-03-14) and the EU change (2027-03-28)", from: "2027-03-08", days: 28 },
  { name: "autumn: the EU change (2027-10-31) and the US change (2027-11-07)", from: "2027-10-25", days: 21 },
];

const variants = [
  { name: "15-minute slots on the quarter-hours", settings: chicago() },
  // Starts every 30 minutes from 09:15 (slot 15 + buffer 15): the grid is :15 and :45 in Chicago, :45 and :15 in Kolkata.
  {
    name: "15-minute slots + 15-minute buffer from 09:15",
    settings: chicago({ startMinute: 9 * 60 + 15, bufferMinutes: 15 }),
  },
];

// Before the periods; the horizon (300 days) covers both.
const NOW = new Date("2027-03-01T12:00:00Z");

// --- the tests ---------------------------------------------------------------------------------------------------

describe.each(variants)("slotGrid with four hosts in four zones ($name)", ({ settings }) => {
  it.each(periods)("offers exactly the union of the hosts' own working times — $name", ({ from, days }) => {
    const expected = expectedOffer(settings, from, days, hosts);
    expect(offered(settings, from, days, hosts)).toEqual(expected);
    // Not vacuous: most dates offer something, and not every grid time is offered.
    expect(expected.length).toBeGreaterThan(days / 2);
    const gridSize = expected.reduce((sum, day) => sum + expectedGridOfDate(settings, day.date).length, 0);
    const offerSize = expected.reduce((sum, day) => sum + day.slots.length, 0);
    expect(offerSize).toBeGreaterThan(0);
    expect(offerSize).toBeLessThan(gridSize);
  });

  it.each(periods)("each host alone offers exactly their own working times — $name", ({ from, days }) => {
    for (const one of hosts) {
      expect(offered(settings, from, days, [one]), one.id).toEqual(expectedOffer(settings, from, days, [one]));
    }
  });

  it.each(periods)(
    "checkSlotStart accepts every grid time some host works and refuses every other as outside-hours — $name",
    ({ from, days }) => {
      const counts = { ok: 0, outside: 0, blackout: 0 };
      for (let offset = 0; offset < days; offset += 1) {
        const date = plusDays(from, offset);
        for (const start of expectedGridOfDate(settings, date)) {
          const result = checkSlotStart(new Date(start), NOW, settings, hosts);
          const at = new Date(start).toISOString();
          if (settings.blackoutDates.has(date)) {
            expect(result, at).toMatchObject({ ok: false, reason: "blackout" });
            counts.blackout += 1;
          } else if (hosts.some((one) => expectedWorks(one, start, settings))) {
            expect(result, at).toEqual({ ok: true });
            counts.ok += 1;
          } else {
            // The hosts keep different weeks: no single week to describe.
            expect(result, at).toEqual({
              ok: false,
              reason: "outside-hours",
              message: "None of our demo hosts is working at that time. Please pick one of the offered times.",
            });
            counts.outside += 1;
          }
        }
      }
      expect(counts.ok).toBeGreaterThan(100);
      expect(counts.outside).toBeGreaterThan(100);
      expect(counts.blackout).toBeGreaterThan(0);
    },
  );
});

describe("hand-written rows (business America/Chicago, 15-minute slots)", () => {
  const settings = chicago();
  const offeredOn = (date: string, who: DemoHost[] = hosts) =>
    offered(settings, date, 1, who).flatMap((day) => day.slots);

  // [business date, UTC start, offered?, why]
  const rows: [string, string, boolean, string][] = [
    // Before the US change: Chicago CST (−6), Berlin CET (+1).
    ["2027-03-11", "2027-03-11T07:00:00.000Z", true, "01:00 CST = 08:00 Berlin (CET): Berlin starts"],
    ["2027-03-11", "2027-03-11T06:45:00.000Z", false, "00:45 CST = 07:45 Berlin: nobody yet"],
    ["2027-03-11", "2027-03-11T17:00:00.000Z", false, "11:00 CST: New York at lunch, Berlin done, LA not yet"],
    ["2027-03-11", "2027-03-11T18:00:00.000Z", true, "12:00 CST = 13:00 New York = 10:00 Los Angeles"],
    ["2027-03-08", "2027-03-08T18:00:00.000Z", true, "Monday 12:00 CST = 13:00 New York (LA does not work Mondays)"],
    // Between the changes: Chicago CDT (−5), Berlin still CET (+1).
    ["2027-03-15", "2027-03-15T08:00:00.000Z", true, "03:00 CDT = 09:00 Berlin: Berlin works (the brief's row)"],
    ["2027-03-15", "2027-03-15T07:00:00.000Z", true, "02:00 CDT = 08:00 Berlin: Berlin's first slot"],
    ["2027-03-15", "2027-03-15T06:45:00.000Z", false, "01:45 CDT = 07:45 Berlin"],
    ["2027-03-22", "2027-03-22T06:00:00.000Z", false, "01:00 CDT = 07:00 Berlin (CET): too early"],
    ["2027-03-15", "2027-03-15T16:00:00.000Z", false, "11:00 CDT = 12:00 New York (EDT) lunch; Berlin done"],
    // Berlin's time off (Berlin dates 2027-03-16/17): New York's 09:00 EDT is the first slot.
    ["2027-03-16", "2027-03-16T07:00:00.000Z", false, "02:00 CDT = 08:00 Berlin, who is off"],
    ["2027-03-16", "2027-03-16T13:00:00.000Z", true, "08:00 CDT = 09:00 New York (EDT)"],
    ["2027-03-18", "2027-03-18T07:00:00.000Z", true, "02:00 CDT = 08:00 Berlin, back"],
    // After the EU change: Berlin CEST (+2), six hours ahead of Chicago again.
    ["2027-03-29", "2027-03-29T06:00:00.000Z", true, "01:00 CDT = 08:00 Berlin (CEST): Berlin works"],
    ["2027-03-29", "2027-03-29T05:45:00.000Z", false, "00:45 CDT = 07:45 Berlin"],
    // Kolkata's Friday 2027-03-26 off (a Kolkata date) removes Thursday evening and Friday night in Chicago.
    ["2027-03-11", "2027-03-12T03:30:00.000Z", true, "Thursday 21:30 CST = Friday 09:00 Kolkata"],
    ["2027-03-11", "2027-03-12T03:15:00.000Z", false, "Thursday 21:15 CST = Friday 08:45 Kolkata"],
    ["2027-03-18", "2027-03-19T03:30:00.000Z", true, "Thursday 22:30 CDT = Friday 09:00 Kolkata"],
    ["2027-03-25", "2027-03-26T03:30:00.000Z", false, "Thursday 22:30 CDT = Friday 09:00 Kolkata, who is off"],
    ["2027-03-26", "2027-03-26T07:00:00.000Z", false, "Friday 02:00 CDT = 12:30 Kolkata, who is off"],
    ["2027-04-02", "2027-04-02T07:00:00.000Z", true, "Friday 02:00 CDT = 12:30 Kolkata, at work"],
    // The US change night: LA works Sunday 00:00–04:00 local, 3 hours of instants (08:00Z–11:00Z).
    ["2027-03-14", "2027-03-14T08:00:00.000Z", true, "03:00 CDT (the first time after the gap) = 00:00 PST"],
    ["2027-03-14", "2027-03-14T10:45:00.000Z", true, "05:45 CDT = 03:45 PDT, LA's last slot"],
    ["2027-03-14", "2027-03-14T11:00:00.000Z", false, "06:00 CDT = 04:00 PDT: LA has stopped"],
    // The EU spring change night: Berlin works Sunday 00:00–06:00 local = 23:00Z Saturday to 04:00Z.
    ["2027-03-27", "2027-03-28T01:00:00.000Z", true, "Saturday 20:00 CDT = 03:00 CEST, the first time after the gap"],
    ["2027-03-27", "2027-03-28T03:45:00.000Z", true, "22:45 CDT = 05:45 CEST, Berlin's last slot"],
    ["2027-03-27", "2027-03-28T04:00:00.000Z", false, "23:00 CDT = 06:00 CEST"],
    // Autumn, between the EU change (Oct 31) and the US change (Nov 7): Berlin CET (+1), Chicago CDT (−5).
    ["2027-10-25", "2027-10-25T06:00:00.000Z", true, "01:00 CDT = 08:00 Berlin (CEST)"],
    ["2027-11-01", "2027-11-01T06:00:00.000Z", false, "01:00 CDT = 07:00 Berlin (CET)"],
    ["2027-11-01", "2027-11-01T07:00:00.000Z", true, "02:00 CDT = 08:00 Berlin (CET)"],
    ["2027-11-02", "2027-11-02T07:00:00.000Z", false, "02:00 CDT = 08:00 Berlin, who is off"],
    ["2027-11-08", "2027-11-08T07:00:00.000Z", true, "01:00 CST = 08:00 Berlin (CET): after the US change"],
    // The EU autumn change night: Berlin's Sunday 00:00–06:00 is 7 hours of instants (22:00Z to 05:00Z).
    ["2027-10-30", "2027-10-31T01:00:00.000Z", true, "Saturday 20:00 CDT = the second 02:00 in Berlin (CET)"],
    ["2027-10-30", "2027-10-31T04:45:00.000Z", true, "23:45 CDT = 05:45 CET, Berlin's last slot"],
    ["2027-10-31", "2027-10-31T05:00:00.000Z", false, "00:00 CDT = 06:00 CET: Berlin has stopped"],
    // The US autumn change night: LA's Sunday 00:00–04:00 local is 5 hours of instants (07:00Z to 12:00Z); in
    // Chicago 07:00Z–07:45Z is the second 01:00–01:45 (CST), a wall time the grid takes at its first occurrence only.
    ["2027-11-07", "2027-11-07T06:45:00.000Z", false, "01:45 CDT = Saturday 23:45 PDT"],
    ["2027-11-07", "2027-11-07T07:00:00.000Z", false, "the repeated 01:00 CST is not on the grid"],
    ["2027-11-07", "2027-11-07T08:00:00.000Z", true, "02:00 CST = 01:00 PDT (LA changes an hour later)"],
    ["2027-11-07", "2027-11-07T11:45:00.000Z", true, "05:45 CST = 03:45 PST, LA's last slot"],
    ["2027-11-07", "2027-11-07T12:00:00.000Z", false, "06:00 CST = 04:00 PST"],
    // LA on Saturdays: 10:00–18:00 local is 12:00–20:00 in Chicago all year (both in the US rules).
    ["2027-11-06", "2027-11-06T17:00:00.000Z", true, "12:00 CDT = 10:00 PDT"],
    ["2027-11-13", "2027-11-13T18:00:00.000Z", true, "12:00 CST = 10:00 PST"],
    ["2027-11-13", "2027-11-14T01:45:00.000Z", true, "19:45 CST = 17:45 PST, LA's last Saturday slot"],
    ["2027-11-13", "2027-11-14T02:00:00.000Z", true, "20:00 CST = 18:00 PST: LA stops, Berlin's Sunday 03:00 CET"],
    ["2027-11-13", "2027-11-14T04:45:00.000Z", true, "22:45 CST = 05:45 CET, Berlin's last Sunday-night slot"],
    ["2027-11-13", "2027-11-14T05:00:00.000Z", false, "23:00 CST = 06:00 CET"],
    ["2027-11-13", "2027-11-13T17:45:00.000Z", false, "11:45 CST = 09:45 PST: LA not yet"],
    // Business blackout dates are no one's.
    ["2027-03-19", "2027-03-19T14:00:00.000Z", false, "a blackout Friday: New York would work"],
  ];

  it.each(rows)("%s: %s offered = %s (%s)", (date, start, expected) => {
    expect(offeredOn(date).includes(start)).toBe(expected);
    if (!expected) return;
    expect(checkSlotStart(new Date(start), NOW, settings, hosts)).toEqual({ ok: true });
  });

  it("the first slots of Mondays follow Berlin across both spring changes: 01:00 CST, 02:00 CDT, 01:00 CDT", () => {
    expect(offeredOn("2027-03-08")[0]).toBe("2027-03-08T07:00:00.000Z");
    expect(offeredOn("2027-03-22")[0]).toBe("2027-03-22T07:00:00.000Z");
    expect(offeredOn("2027-03-29")[0]).toBe("2027-03-29T06:00:00.000Z");
  });
});

describe("checkSlotStart with hosts", () => {
  const settings = chicago();

  it("refuses a grid time no host works as outside-hours, accepts one any single host works", () => {
    const nobody = new Date("2027-03-11T17:00:00Z"); // Thu 11:00 CST: New York at lunch, Berlin done, LA not yet
    expect(checkSlotStart(nobody, NOW, settings, hosts)).toMatchObject({ ok: false, reason: "outside-hours" });
    const cases: [string, DemoHost][] = [
      ["2027-03-11T07:00:00Z", berlin],
      ["2027-03-11T15:00:00Z", newYork],
      ["2027-03-13T18:00:00Z", losAngeles],
      ["2027-03-12T03:30:00Z", kolkata],
    ];
    for (const [start, only] of cases) {
      // Only this host works then: accepted with all four and with that host alone, refused without them.
      expect(hosts.filter((one) => expectedWorks(one, Date.parse(start), settings))).toEqual([only]);
      expect(checkSlotStart(new Date(start), NOW, settings, hosts), start).toEqual({ ok: true });
      expect(checkSlotStart(new Date(start), NOW, settings, [only]), start).toEqual({ ok: true });
      const others = hosts.filter((one) => one !== only);
      expect(checkSlotStart(new Date(start), NOW, settings, others), start).toMatchObject({
        ok: false,
        reason: "outside-hours",
      });
    }
  });

  it("a single host's week is described in their own zone when refused", () => {
    const result = checkSlotStart(new Date("2027-03-11T17:00:00Z"), NOW, settings, [
      host("solo", "America/New_York", hours([1, 2, 3, 4, 5], "13:00", "17:00")),
    ]);
    expect(result).toMatchObject({ ok: false, reason: "outside-hours" });
    if (!result.ok) expect(result.message).toMatch(/^Demos run Monday–Friday, 1:00 PM–5:00 PM Eastern Time\./);
  });

  it("an off-grid start some host works is refused as off-grid, not accepted", () => {
    expect(checkSlotStart(new Date("2027-03-11T15:05:00Z"), NOW, settings, hosts)).toMatchObject({
      ok: false,
      reason: "off-grid",
    });
  });
});

describe("time off and inactive hosts", () => {
  const settings = chicago();
  const spring = periods[0];

  it("time off removes exactly that host's slots on those dates of the host's zone, and nothing else", () => {
    const without = (one: DemoHost): DemoHost => ({ ...one, timeOff: [] });
    const cases: [DemoHost, string[]][] = [
      [berlin, ["2027-03-16", "2027-03-17"]],
      [kolkata, ["2027-03-26"]],
    ];
    for (const [onLeave, offDates] of cases) {
      // That host alone: what disappears is every slot whose start is on a day off in the host's own zone.
      const all = offered(settings, spring.from, spring.days, [without(onLeave)]).flatMap((day) => day.slots);
      const kept = offered(settings, spring.from, spring.days, [onLeave]).flatMap((day) => day.slots);
      const removed = all.filter((slot) => !kept.includes(slot));
      expect(kept.every((slot) => all.includes(slot))).toBe(true);
      expect(removed.length).toBeGreaterThan(0);
      expect(removed).toEqual(all.filter((slot) => offDates.includes(wall(Date.parse(slot), onLeave.timeZone).date)));

      // With everyone: removed are the slots of those dates no other host covers.
      const others = hosts.filter((one) => one.id !== onLeave.id);
      const team = [...others, without(onLeave)];
      const before = offered(settings, spring.from, spring.days, team).flatMap((day) => day.slots);
      const after = offered(settings, spring.from, spring.days, [...others, onLeave]).flatMap((day) => day.slots);
      expect(before.filter((slot) => !after.includes(slot))).toEqual(
        removed.filter((slot) => !others.some((one) => expectedWorks(one, Date.parse(slot), settings))),
      );
    }
    // Kolkata's one Kolkata date off spans two business dates: Sunday evening and Monday night in Chicago.
    const kolkataOff = offered(settings, "2027-03-25", 2, [without(kolkata)])
      .flatMap((day) => day.slots)
      .filter((slot) => !offered(settings, "2027-03-25", 2, [kolkata]).some((day) => day.slots.includes(slot)));
    expect(new Set(kolkataOff.map((slot) => wall(Date.parse(slot), "America/Chicago").date))).toEqual(
      new Set(["2027-03-25", "2027-03-26"]),
    );
    expect(kolkataOff).toHaveLength(16); // 09:00–13:00 Kolkata
  });

  it("an inactive host offers nothing: alone no slot at all, with others exactly the others' union", () => {
    const inactive = { ...losAngeles, active: false };
    expect(slotGrid(settings, spring.from, spring.days, [inactive])).toEqual([]);
    expect(checkSlotStart(new Date("2027-03-13T18:00:00Z"), NOW, settings, [inactive])).toMatchObject({
      ok: false,
      reason: "outside-hours",
    });
    const team = [newYork, berlin, inactive, kolkata];
    const expected = expectedOffer(settings, spring.from, spring.days, [newYork, berlin, kolkata]);
    expect(offered(settings, spring.from, spring.days, team)).toEqual(expected);
    // Saturday 12:00–17:00 CST (18:00Z–23:00Z) was Los Angeles's alone (Berlin's Sunday starts at 23:00Z): it goes.
    const saturday = (offer: { date: string; slots: string[] }[]) =>
      offer.find((day) => day.date === "2027-03-13")?.slots ?? [];
    const withLosAngeles = saturday(offered(settings, spring.from, spring.days, hosts));
    const gone = withLosAngeles.filter((slot) => !saturday(expected).includes(slot));
    expect(gone).toHaveLength(20);
    expect([gone[0], gone[gone.length - 1]]).toEqual(["2027-03-13T18:00:00.000Z", "2027-03-13T22:45:00.000Z"]);
    expect(saturday(expected).length).toBeGreaterThan(0);
    expect(checkSlotStart(new Date("2027-03-13T18:00:00Z"), NOW, settings, team)).toMatchObject({
      ok: false,
      reason: "outside-hours",
    });
  });

  it("no hosts at all: no slots, every time refused as outside hours", () => {
    expect(slotGrid(settings, spring.from, spring.days, [])).toEqual([]);
    expect(checkSlotStart(new Date("2027-03-11T15:00:00Z"), NOW, settings, [])).toMatchObject({
      ok: false,
      reason: "outside-hours",
    });
  });
});

// Edge cases found while writing the tests above (issue #24): a range boundary inside a skipped hour, and a host
// zone more than a day ahead of the business's.
describe("edge cases: range boundaries in a skipped hour, zones more than a day apart", () => {
  // A Chicago host on the US change night (2027-03-14: 02:00 CST is followed by 03:00 CDT, at 08:00Z). workingWindows
  // documents: "A range whose start a spring-forward change skips starts when the clocks do; one whose end is
  // skipped ends when they do."
  const settings = chicago({ startMinute: 0 });

  it("a range that starts inside the skipped hour (02:30) starts when the clocks jump, 03:00 CDT", () => {
    const late = host("late", "America/Chicago", [{ weekday: 0, startMinute: 150, endMinute: 300 }]);
    // At 03:00 and 03:15 CDT the host's clock is within 02:30–05:00 (02:30 + 60 minutes, 03:30 CDT, would be late).
    expect(offered(settings, "2027-03-14", 1, [late])[0].slots.slice(0, 2)).toEqual([
      "2027-03-14T08:00:00.000Z",
      "2027-03-14T08:15:00.000Z",
    ]);
  });

  it("a range that ends inside the skipped hour (02:30) ends when the clocks jump, after 01:45 CST's slot", () => {
    const early = host("early", "America/Chicago", [{ weekday: 0, startMinute: 60, endMinute: 150 }]);
    // Not to 03:30 CDT (02:30 + 60 minutes): at 03:00 and 03:15 CDT their own clock is past their 02:30 end.
    expect(offered(settings, "2027-03-14", 1, [early])[0].slots).toEqual([
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:15:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T07:45:00.000Z",
    ]);
  });

  it("a host whose zone is more than 24 hours ahead of the business's still offers every time they work", () => {
    // Business Pago Pago (UTC−11), host Kiritimati (UTC+14), 25 hours apart: the host works 00:00–02:00 every day
    // (10:00Z–12:00Z). The business's 2027-03-10 (11:00Z to 11:00Z next day) holds 00:00–00:45 (the host's 03-11) and
    // 23:00–23:45 (the host's 03-12): the host's dates to read reach two days past the business's.
    const pagoPago = chicago({ timeZone: "Pacific/Pago_Pago", startMinute: 0, blackoutDates: new Set() });
    const everyDay = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => hours([weekday], "00:00", "02:00"));
    const kiritimati = host("kiritimati", "Pacific/Kiritimati", everyDay);
    const expected = expectedOffer(pagoPago, "2027-03-10", 1, [kiritimati]);
    expect(expected[0].slots).toHaveLength(8);
    expect(offered(pagoPago, "2027-03-10", 1, [kiritimati])).toEqual(expected);
    expect(checkSlotStart(new Date("2027-03-11T10:00:00Z"), NOW, pagoPago, [kiritimati])).toEqual({ ok: true });
  });
});
