import { describe, expect, it } from "vitest";
import * as client from "~/components/demo/demo-form-client";
import {
  formatDayParts,
  formatTime,
  groupByLocalDate,
  isTimeZone,
  localDate,
  timeZoneOptionLabel,
} from "~/utils/time/zoned-time";

describe("the demo picker's time-zone view", () => {
  it("names zones and refuses what Intl does not know", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
    expect(timeZoneOptionLabel("America/Chicago")).toBe("Central Time (Chicago)");
    expect(timeZoneOptionLabel("America/St_Johns")).toBe("Newfoundland Time (St Johns)");
    expect(timeZoneOptionLabel("UTC")).toBe("UTC");
  });

  it("shows a New York business's 9:00 slots to a Berlin visitor right across both 2027 daylight-saving changes", () => {
    // 9:00 in New York: 14:00 UTC in winter, 13:00 UTC from 2027-03-14 (US change); Berlin moves on 2027-03-28.
    const starts = [
      "2027-03-12T14:00:00.000Z", // Fri: NY EST, Berlin CET → 15:00
      "2027-03-15T13:00:00.000Z", // Mon: NY EDT, Berlin CET → 14:00
      "2027-03-26T13:00:00.000Z", // Fri: NY EDT, Berlin CET → 14:00
      "2027-03-29T13:00:00.000Z", // Mon: NY EDT, Berlin CEST → 15:00
    ];
    expect(starts.map((start) => formatTime(new Date(start), "America/New_York"))).toEqual([
      "9:00 AM",
      "9:00 AM",
      "9:00 AM",
      "9:00 AM",
    ]);
    expect(starts.map((start) => formatTime(new Date(start), "Europe/Berlin"))).toEqual([
      "3:00 PM",
      "2:00 PM",
      "2:00 PM",
      "3:00 PM",
    ]);
  });

  it("groups slot starts by the visitor's calendar date, which can differ from the business's", () => {
    // 4:30 PM in Chicago on Nov 25 is already Nov 26 in Tokyo.
    const starts = ["2026-11-25T22:45:00.000Z", "2026-11-25T15:00:00.000Z", "2026-11-26T15:00:00.000Z"];
    expect(groupByLocalDate(starts, "America/Chicago")).toEqual([
      { date: "2026-11-25", starts: ["2026-11-25T15:00:00.000Z", "2026-11-25T22:45:00.000Z"] },
      { date: "2026-11-26", starts: ["2026-11-26T15:00:00.000Z"] },
    ]);
    expect(groupByLocalDate(starts, "Asia/Tokyo")).toEqual([
      { date: "2026-11-26", starts: ["2026-11-25T15:00:00.000Z", "2026-11-25T22:45:00.000Z"] },
      { date: "2026-11-27", starts: ["2026-11-26T15:00:00.000Z"] },
    ]);
    expect(localDate(new Date("2026-11-26T05:59:00Z"), "America/Chicago")).toBe("2026-11-25");
    expect(formatDayParts("2026-11-25")).toEqual(["Wed", "Nov 25"]);
  });

  it("the form in the browser takes the spec's fields alone: no time, 'none' and a picked time are all valid (ADR 23)", async () => {
    const base = {
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@ruizroofing.com",
      phone: "+1 555 010 2000",
      company: "Ruiz Roofing",
    };
    const missing = await client.lazyDemoRequestValidator.validate(base);
    expect(missing.error).toBeUndefined();
    expect(missing.data?.slotStart).toBeUndefined();
    expect((await client.lazyDemoRequestValidator.validate({ ...base, slotStart: "" })).error).toBeUndefined();
    const picked = await client.lazyDemoRequestValidator.validate({ ...base, slotStart: "2026-11-25T15:00:00Z" });
    expect(picked.error).toBeUndefined();
  });
});
