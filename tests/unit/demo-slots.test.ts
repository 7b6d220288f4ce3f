import { afterEach, describe, expect, it } from "vitest";
import {
  checkSlotStart,
  dayPace,
  horizonEnd,
  slotGrid,
  slotLabel,
  type SlotRefusal,
} from "~/services/demo/slots.server";
import { timeZoneLabel } from "~/utils/time/time-zone-format";
import { getBookingSettings, getEnv, type BookingSettings } from "~/utils/env.server";
import { forget } from "~/utils/singleton.server";

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

/** A business in New York, the issue's daylight-saving case; the defaults otherwise. */
function newYork(overrides: Partial<BookingSettings> = {}): BookingSettings {
  return {
    timeZone: "America/New_York",
    workingDays: [1, 2, 3, 4, 5],
    startMinute: 9 * 60,
    endMinute: 17 * 60,
    slotMinutes: 15,
    bufferMinutes: 0,
    minNoticeMinutes: 120,
    horizonDays: 14,
    hosts: 2,
    blackoutDates: new Set(),
    reminderMinutes: [],
    pacePercent: 25,
    ...overrides,
  };
}

function expectRefused(result: ReturnType<typeof checkSlotStart>, reason: SlotRefusal, message?: RegExp) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.reason).toBe(reason);
  if (message) expect(result.message).toMatch(message);
}

describe("slot grid across daylight-saving changes (business New York, visitor Berlin)", () => {
  const settings = newYork();

  it("09:00 New York is 14:00Z before the US change (2027-03-14) and 13:00Z after it", () => {
    const grid = slotGrid(settings, "2027-03-12", 4);
    // Friday and Monday: the weekend (with the change itself, on Sunday) has no slots.
    expect(grid.map((day) => day.date)).toEqual(["2027-03-12", "2027-03-15"]);
    const [friday, monday] = grid;
    expect(friday.slots).toHaveLength(32);
    expect(friday.slots[0].toISOString()).toBe("2027-03-12T14:00:00.000Z");
    expect(friday.slots[31].toISOString()).toBe("2027-03-12T21:45:00.000Z");
    expect(monday.slots[0].toISOString()).toBe("2027-03-15T13:00:00.000Z");
    expect(monday.slots[31].toISOString()).toBe("2027-03-15T20:45:00.000Z");
  });

  it("the Berlin visitor sees 3:00 PM before the US change, 2:00 PM between the changes, 3:00 PM after the EU change", () => {
    const grid = slotGrid(settings, "2027-03-12", 18);
    const first = (date: string) => grid.find((day) => day.date === date)!.slots[0];
    expect(slotLabel(first("2027-03-12"), "Europe/Berlin")).toBe("Fri, Mar 12, 3:00 PM");
    expect(slotLabel(first("2027-03-15"), "Europe/Berlin")).toBe("Mon, Mar 15, 2:00 PM");
    expect(slotLabel(first("2027-03-26"), "Europe/Berlin")).toBe("Fri, Mar 26, 2:00 PM");
    // After 2027-03-28 both are on summer time again: six hours apart.
    expect(first("2027-03-29").toISOString()).toBe("2027-03-29T13:00:00.000Z");
    expect(slotLabel(first("2027-03-29"), "Europe/Berlin")).toBe("Mon, Mar 29, 3:00 PM");
    expect(slotLabel(first("2027-03-29"), "America/New_York")).toBe("Mon, Mar 29, 9:00 AM");
    expect(timeZoneLabel("Europe/Berlin", first("2027-03-29"))).toBe("Central European Time");
    expect(timeZoneLabel("America/New_York", first("2027-03-29"))).toBe("Eastern Time");
  });

  it("on the change night itself, local times that do not exist are no slots (02:00-02:59 on 2027-03-14)", () => {
    const night = newYork({ workingDays: [0], startMinute: 0, endMinute: 4 * 60 });
    const [sunday] = slotGrid(night, "2027-03-14", 1);
    expect(sunday.date).toBe("2027-03-14");
    expect(sunday.slots).toHaveLength(12);
    expect(iso(sunday.slots.slice(6, 10))).toEqual([
      "2027-03-14T06:30:00.000Z", // 01:30 EST
      "2027-03-14T06:45:00.000Z", // 01:45 EST
      "2027-03-14T07:00:00.000Z", // 03:00 EDT: the next instant
      "2027-03-14T07:15:00.000Z",
    ]);
    expect(new Set(iso(sunday.slots)).size).toBe(12);
  });

  it("a buffer spaces the starts (slot + buffer); the last slot ends by the end of the hours", () => {
    const [day] = slotGrid(newYork({ bufferMinutes: 15 }), "2027-03-12", 1);
    expect(day.slots).toHaveLength(16);
    expect(slotLabel(day.slots[1], "America/New_York")).toBe("Fri, Mar 12, 9:30 AM");
    expect(slotLabel(day.slots[15], "America/New_York")).toBe("Fri, Mar 12, 4:30 PM");
    const [short] = slotGrid(newYork({ slotMinutes: 45, startMinute: 9 * 60, endMinute: 10 * 60 }), "2027-03-12", 1);
    expect(iso(short.slots)).toEqual(["2027-03-12T14:00:00.000Z"]);
  });

  it("working days and blackout dates are calendar dates in the business's zone", () => {
    const grid = slotGrid(newYork({ workingDays: [1, 2, 4], blackoutDates: new Set(["2027-03-16"]) }), "2027-03-14", 7);
    // Sun 14 … Sat 20: Monday 15 and Thursday 18 (Tuesday 16 is a blackout date, Wednesday not a working day).
    expect(grid.map((day) => day.date)).toEqual(["2027-03-15", "2027-03-18"]);
  });
});

describe("checkSlotStart", () => {
  const settings = newYork({ blackoutDates: new Set(["2027-03-18"]) });
  // Thursday 2027-03-11, 09:00 in New York (EST).
  const now = new Date("2027-03-11T14:00:00Z");
  const check = (start: string, at = now) => checkSlotStart(new Date(start), at, settings);

  it("accepts a slot on the grid inside the hours, after the notice and before the horizon", () => {
    expect(check("2027-03-12T14:00:00Z")).toEqual({ ok: true });
    expect(check("2027-03-15T13:00:00Z")).toEqual({ ok: true }); // 09:00 EDT, after the US change
    expect(check("2027-03-11T16:00:00Z")).toEqual({ ok: true }); // exactly the two hours' notice
  });

  it("refuses a time that has passed, then one inside the minimum notice", () => {
    expectRefused(check("2027-03-11T13:45:00Z"), "past", /already passed/);
    expectRefused(check("2027-03-11T14:00:00Z"), "past");
    expectRefused(check("2027-03-11T15:45:00Z"), "notice", /at least 2 hours' notice/);
  });

  it("the horizon is 14 calendar days in the business's zone, across the DST change", () => {
    // 09:00 EST + 14 days = 09:00 EDT on the 25th = 13:00Z (not 14:00Z, 14 × 24 h would say).
    expect(horizonEnd(now, settings).toISOString()).toBe("2027-03-25T13:00:00.000Z");
    expect(check("2027-03-24T20:45:00Z")).toEqual({ ok: true });
    expectRefused(check("2027-03-25T13:00:00Z"), "horizon", /up to 14 days ahead/);
  });

  it("refuses weekends, times outside the hours and a slot that would end after them", () => {
    expectRefused(
      check("2027-03-13T15:00:00Z"),
      "outside-hours",
      /^Demos run Monday–Friday, 9:00 AM–5:00 PM Eastern Time\./,
    );
    expectRefused(check("2027-03-12T13:45:00Z"), "outside-hours"); // 08:45 EST
    expectRefused(check("2027-03-12T22:00:00Z"), "outside-hours"); // 17:00 EST
    expectRefused(check("2027-03-12T21:50:00Z"), "outside-hours"); // 16:50 would end at 17:05
    expectRefused(check("2027-03-15T21:00:00Z"), "outside-hours"); // 17:00 EDT (16:00 EST would be fine)
  });

  it("refuses blackout dates", () => {
    expectRefused(check("2027-03-18T13:00:00Z"), "blackout", /not running demos/);
  });

  it("refuses starts off the grid: between slots, with seconds, or between slot + buffer steps", () => {
    expectRefused(check("2027-03-12T14:05:00Z"), "off-grid", /every 15 minutes from 9:00 AM/);
    expectRefused(check("2027-03-12T14:00:30Z"), "off-grid");
    expectRefused(check("2027-03-12T14:00:00.001Z"), "off-grid");
    const buffered = newYork({ bufferMinutes: 15 });
    expect(checkSlotStart(new Date("2027-03-12T14:30:00Z"), now, buffered)).toEqual({ ok: true });
    expectRefused(checkSlotStart(new Date("2027-03-12T14:15:00Z"), now, buffered), "off-grid", /every 30 minutes/);
  });

  it("notice in minutes or a single hour reads naturally", () => {
    expectRefused(
      checkSlotStart(new Date("2027-03-11T14:15:00Z"), now, newYork({ minNoticeMinutes: 60 })),
      "notice",
      /at least an hour's notice/,
    );
    expectRefused(
      checkSlotStart(new Date("2027-03-11T14:15:00Z"), now, newYork({ minNoticeMinutes: 45 })),
      "notice",
      /at least 45 minutes' notice/,
    );
  });
});

describe("booking settings from the environment", () => {
  const saved = { ...process.env };

  function settingsFrom(env: Record<string, string>) {
    for (const key of Object.keys(process.env)) if (key.startsWith("DEMO_")) delete process.env[key];
    Object.assign(process.env, env);
    forget("env");
    return getBookingSettings();
  }

  afterEach(() => {
    process.env = { ...saved };
    forget("env");
  });

  it("defaults: Chicago, Mon-Fri 09:00-17:00, 15-minute slots, no buffer, 2 h notice, 14 days, 2 hosts", () => {
    const settings = settingsFrom({});
    expect({ ...settings, blackoutDates: [...settings.blackoutDates] }).toEqual({
      timeZone: "America/Chicago",
      workingDays: [1, 2, 3, 4, 5],
      startMinute: 540,
      endMinute: 1020,
      slotMinutes: 15,
      bufferMinutes: 0,
      minNoticeMinutes: 120,
      horizonDays: 14,
      hosts: 2,
      blackoutDates: [],
      reminderMinutes: [24 * 60, 60],
      pacePercent: 25,
    });
  });

  it("reads days as ranges (wrapping) or lists, hours, and blackout dates", () => {
    const settings = settingsFrom({
      DEMO_TIME_ZONE: "Europe/Berlin",
      DEMO_WORKING_DAYS: "Fri-Mon",
      DEMO_WORKING_HOURS: "08:30-24:00",
      DEMO_BLACKOUT_DATES: "2027-12-24, 2027-12-31",
      DEMO_HOSTS: "3",
    });
    expect(settings.workingDays).toEqual([0, 1, 5, 6]);
    expect([settings.startMinute, settings.endMinute]).toEqual([510, 1440]);
    expect([...settings.blackoutDates]).toEqual(["2027-12-24", "2027-12-31"]);
    expect(settings.hosts).toBe(3);
    expect(settingsFrom({ DEMO_WORKING_DAYS: "Mon,Tue,Thu" }).workingDays).toEqual([1, 2, 4]);
  });

  it.each([
    ["DEMO_TIME_ZONE", "Mars/Olympus_Mons", /DEMO_TIME_ZONE: must be an IANA time zone/],
    ["DEMO_WORKING_DAYS", "Funday", /DEMO_WORKING_DAYS: must be days like Mon-Fri/],
    ["DEMO_WORKING_HOURS", "17:00-09:00", /DEMO_WORKING_HOURS: must be a start and end time/],
    ["DEMO_WORKING_HOURS", "9-5", /DEMO_WORKING_HOURS/],
    ["DEMO_BLACKOUT_DATES", "2027-02-30", /DEMO_BLACKOUT_DATES: "2027-02-30" is not a date/],
    ["DEMO_HOSTS", "0", /DEMO_HOSTS/],
    ["DEMO_SLOT_MINUTES", "600", /DEMO_SLOT_MINUTES: a 600-minute demo does not fit/],
  ])("a bad %s (%s) stops start-up with a message naming it", (name, value, message) => {
    expect(() => settingsFrom({ [name]: value })).toThrow(message);
    forget("env");
    expect(() => getEnv()).toThrow(/Invalid environment configuration/);
  });
});

describe("dayPace (ADR 0056)", () => {
  // Monday 2027-03-15, 06:00 in New York: the whole working day is bookable.
  const at = new Date("2027-03-15T10:00:00Z");
  const start = new Date("2027-03-15T14:00:00Z");

  it("lets bookings within the window take a share of the day's bookable seats, up to the end of the local day", () => {
    const pace = dayPace(start, at, newYork());
    // One host, 9:00–17:00 in 15-minute slots: 32 seats, a quarter of them.
    expect(pace).toMatchObject({ date: "2027-03-15", limit: 8 });
    // Counted from the earliest start now (two hours' notice), to the end of the local day.
    expect(pace.from.toISOString()).toBe("2027-03-15T12:00:00.000Z");
    expect(pace.dayEnd.toISOString()).toBe("2027-03-16T04:00:00.000Z");
    expect(dayPace(start, at, newYork({ pacePercent: 100 })).limit).toBe(32);
  });

  it("counts only the seats still bookable, and always lets one booking through", () => {
    // 15:30 in New York: with two hours' notice, 17:30 is past the day's hours.
    const late = new Date("2027-03-15T19:30:00Z");
    expect(dayPace(new Date("2027-03-15T20:45:00Z"), late, newYork()).limit).toBe(1);
    // 11:00: from 13:00 on, 16 seats are left, so four may be booked, counted from 13:00 (the morning's demos are
    // not counted against the afternoon's seats).
    const afternoon = dayPace(new Date("2027-03-15T18:00:00Z"), new Date("2027-03-15T15:00:00Z"), newYork());
    expect(afternoon.limit).toBe(4);
    expect(afternoon.from.toISOString()).toBe("2027-03-15T17:00:00.000Z");
    expect(afternoon.dayEnd.toISOString()).toBe("2027-03-16T04:00:00.000Z");
  });
});
