import { describe, expect, it } from "vitest";
import {
  demoHostSchema,
  formatDayHours,
  hostTimeOffSchema,
  hoursFormValues,
  parseDayHours,
  summariseWeek,
} from "~/schemas/demo-host";

const monday = { weekday: 1, label: "Monday" };

const host = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  timeZone: "Europe/Berlin",
  hoursMon: "09:00-12:00, 13:00-17:00",
  hoursTue: "",
  hoursWed: "",
  hoursThu: "",
  hoursFri: "10:00-14:00",
  hoursSat: "",
  hoursSun: "",
  active: "on",
};

const hostErrors = (fields: Record<string, unknown>) => {
  const result = demoHostSchema.safeParse({ ...host, ...fields });
  return result.success ? {} : result.error.flatten().fieldErrors;
};

const timeOffErrors = (fields: Record<string, unknown>) => {
  const result = hostTimeOffSchema.safeParse({ firstDay: "2027-03-15", lastDay: "2027-03-19", ...fields });
  return result.success ? {} : result.error.flatten().fieldErrors;
};

const FORMAT = "Monday: write hours like 09:00-17:00, several separated by commas";

describe("a day's hours", () => {
  it("reads ranges as minutes after midnight, sorted", () => {
    expect(parseDayHours("13:00-17:00, 09:00-12:00", monday)).toEqual({
      ranges: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 780, endMinute: 1020 },
      ],
    });
  });

  it("takes an empty day as a day off, and tolerates spaces, single-digit hours, dashes and a trailing comma", () => {
    expect(parseDayHours("", monday)).toEqual({ ranges: [] });
    expect(parseDayHours("   ", monday)).toEqual({ ranges: [] });
    expect(parseDayHours(" 9:00 – 12:30 ;13:00 to 17:00, ", monday)).toEqual({
      ranges: [
        { weekday: 1, startMinute: 540, endMinute: 750 },
        { weekday: 1, startMinute: 780, endMinute: 1020 },
      ],
    });
  });

  it("allows the whole day, 00:00-24:00", () => {
    expect(parseDayHours("00:00-24:00", monday)).toEqual({ ranges: [{ weekday: 1, startMinute: 0, endMinute: 1440 }] });
  });

  it("joins ranges that touch, so a demo across the join can be offered", () => {
    expect(parseDayHours("09:00-12:00, 12:00-13:00", monday)).toEqual({
      ranges: [{ weekday: 1, startMinute: 540, endMinute: 780 }],
    });
  });

  it.each([
    ["9-17", FORMAT],
    ["09:00", FORMAT],
    ["09:00-17:00 13:00-14:00", FORMAT],
    ["nine to five", FORMAT],
    ["09:00-17:00, x", FORMAT],
    ["0900-1700", FORMAT],
    ["25:00-26:00", "Monday: 25:00 is not a time between 00:00 and 24:00"],
    ["09:00-24:30", "Monday: 24:30 is not a time between 00:00 and 24:00"],
    ["09:60-10:00", "Monday: 09:60 is not a time between 00:00 and 24:00"],
    [
      "17:00-09:00",
      "Monday: 17:00-09:00 must end after it starts (for hours past midnight, write the rest on the next day)",
    ],
    [
      "09:00-09:00",
      "Monday: 09:00-09:00 must end after it starts (for hours past midnight, write the rest on the next day)",
    ],
    ["09:00-12:00, 11:00-13:00", "Monday: 09:00-12:00 and 11:00-13:00 overlap"],
    ["09:00-17:00, 10:00-11:00", "Monday: 09:00-17:00 and 10:00-11:00 overlap"],
    [
      Array.from({ length: 13 }, (_, hour) => `${hour + 1}:00-${hour + 1}:30`).join(", "),
      "Monday: at most 12 ranges a day",
    ],
    ["09:00-10:00, ".repeat(20), "Monday: use at most 200 characters"],
  ])("refuses %j", (text, message) => {
    expect(parseDayHours(text, monday)).toEqual({ error: message });
  });

  it("writes ranges back the way the input takes them, and summarises a week", () => {
    const week = [
      { weekday: 1, startMinute: 780, endMinute: 1020 },
      { weekday: 1, startMinute: 540, endMinute: 720 },
      { weekday: 2, startMinute: 540, endMinute: 1440 },
    ];
    expect(formatDayHours(week, 1)).toBe("09:00-12:00, 13:00-17:00");
    expect(hoursFormValues(week)).toMatchObject({ hoursMon: "09:00-12:00, 13:00-17:00", hoursTue: "09:00-24:00" });
    expect(hoursFormValues(week).hoursSun).toBe("");

    const workweek = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 }));
    expect(summariseWeek([...workweek, { weekday: 0, startMinute: 600, endMinute: 720 }])).toEqual([
      "Mon–Fri 09:00–17:00",
      "Sun 10:00–12:00",
    ]);
    expect(summariseWeek([])).toEqual([]);
  });
});

describe("the host form", () => {
  it("turns a good form into the stored host", () => {
    expect(demoHostSchema.parse(host)).toEqual({
      name: "Ana Ruiz",
      email: "ana@example.com",
      timeZone: "Europe/Berlin",
      weeklyHours: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 780, endMinute: 1020 },
        { weekday: 5, startMinute: 600, endMinute: 840 },
      ],
      active: true,
      dailyMax: null,
    });
  });

  it("reads the daily maximum as a whole number of demos, empty as none, anything else as a problem", () => {
    expect(demoHostSchema.parse({ ...host, dailyMax: " 6 " }).dailyMax).toBe(6);
    expect(demoHostSchema.parse({ ...host, dailyMax: "" }).dailyMax).toBeNull();
    for (const bad of ["0", "1000", "2.5", "six"]) {
      expect(hostErrors({ ...host, dailyMax: bad }).dailyMax, bad).toEqual([
        "The daily maximum is a whole number of demos from 1 to 999, or empty for no maximum",
      ]);
    }
  });

  it("reads an absent checkbox as inactive and absent days as days off", () => {
    const { active: _active, hoursFri: _friday, ...rest } = host;
    expect(demoHostSchema.parse({ ...rest, name: "  Bo  ", email: " bo@example.com " })).toMatchObject({
      name: "Bo",
      email: "bo@example.com",
      active: false,
      weeklyHours: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 780, endMinute: 1020 },
      ],
    });
  });

  it("names every bad field with its own message", () => {
    expect(
      hostErrors({
        name: " ",
        email: "not-an-address",
        timeZone: "Mars/Olympus",
        hoursMon: "9 to 5",
        hoursSun: "20:00-02:00",
      }),
    ).toEqual({
      name: ["Name is required"],
      email: ["Enter a valid e-mail address"],
      timeZone: ["Pick a time zone from the list"],
      hoursMon: [FORMAT],
      hoursSun: [
        "Sunday: 20:00-02:00 must end after it starts (for hours past midnight, write the rest on the next day)",
      ],
    });
  });

  it.each([
    [{ name: "x".repeat(81) }, "name", "Name must be at most 80 characters"],
    [{ name: "Ana\u202ERuiz" }, "name", "Name contains invisible characters"],
    [{ name: undefined }, "name", "Name is required"],
    [{ email: "" }, "email", "Enter a valid e-mail address"],
    [{ email: undefined }, "email", "Enter a valid e-mail address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", "The e-mail address must be at most 254 characters"],
    [{ timeZone: "" }, "timeZone", "Pick a time zone from the list"],
    [{ timeZone: undefined }, "timeZone", "Pick a time zone from the list"],
    [{ timeZone: "x".repeat(100) }, "timeZone", "Pick a time zone from the list"],
    [{ hoursTue: "10:00-11:00, 10:30-12:00" }, "hoursTue", "Tuesday: 10:00-11:00 and 10:30-12:00 overlap"],
    [{ hoursWed: 42 }, "hoursWed", "Wednesday: write hours like 09:00-17:00"],
  ])("refuses %j", (fields, field, message) => {
    const errors = hostErrors(fields) as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field][0]).toContain(message);
  });
});

describe("the time-off form", () => {
  it("takes a first and a last day, the same day included", () => {
    expect(hostTimeOffSchema.parse({ firstDay: "2027-03-15", lastDay: "2027-03-19" })).toEqual({
      firstDay: "2027-03-15",
      lastDay: "2027-03-19",
    });
    expect(timeOffErrors({ lastDay: "2027-03-15" })).toEqual({});
  });

  it("refuses a last day before the first", () => {
    expect(timeOffErrors({ lastDay: "2027-03-14" })).toEqual({
      lastDay: ["The last day must be the first day or after it"],
    });
  });

  it.each([
    [{ firstDay: "" }, "firstDay", "Enter the first day as a date, e.g. 2027-03-15"],
    [{ firstDay: undefined }, "firstDay", "Enter the first day as a date, e.g. 2027-03-15"],
    [{ firstDay: "2027-02-30" }, "firstDay", "Enter the first day as a date, e.g. 2027-03-15"],
    [{ firstDay: "15/03/2027" }, "firstDay", "Enter the first day as a date, e.g. 2027-03-15"],
    [{ lastDay: "0202-03-19" }, "lastDay", "Enter the last day as a date, e.g. 2027-03-15"],
    [{ lastDay: "tomorrow" }, "lastDay", "Enter the last day as a date, e.g. 2027-03-15"],
  ])("refuses %j", (fields, field, message) => {
    expect(timeOffErrors(fields)).toEqual({ [field]: [message] });
  });
});
