// DEMO_REMINDERS (issue #24, ADR 0031): parsed at start-up, a bad value stops it with a message naming the variable;
// which reminders a booking gets; what the reminder e-mail says.
import { afterEach, describe, expect, it } from "vitest";
import { remindersOf } from "~/models/demo/booking.server";
import { demoReminderMail } from "~/services/outbox/mailer.server";
import { getBookingSettings, getEnv } from "~/utils/env.server";
import { forget } from "~/utils/singleton.server";

const saved = { ...process.env };

function remindersFrom(value: string | undefined) {
  if (value === undefined) delete process.env.DEMO_REMINDERS;
  else process.env.DEMO_REMINDERS = value;
  forget("env");
  return getBookingSettings().reminderMinutes;
}

afterEach(() => {
  process.env = { ...saved };
  forget("env");
});

describe("DEMO_REMINDERS", () => {
  it("defaults to 24 hours and 1 hour before the demo", () => {
    expect(remindersFrom(undefined)).toEqual([1440, 60]);
  });

  it.each([
    ["24h,1h", [1440, 60]],
    ["1h, 24h", [1440, 60]],
    ["2H,30m", [120, 30]],
    ["1h,60m", [60]],
    ["90m", [90]],
    ["720h", [43_200]],
    ["off", []],
    [" OFF ", []],
  ])("reads %j as minutes before the start, largest first", (value, minutes) => {
    expect(remindersFrom(value)).toEqual(minutes);
  });

  it.each(["", "24", "1d", "0h", "0m", "-1h", "1.5h", "24h;1h", "24h,,1h", "721h", "none", "24 hours"])(
    "a bad value (%j) stops start-up with a message naming DEMO_REMINDERS",
    (value) => {
      expect(() => remindersFrom(value)).toThrow(
        /Invalid environment configuration:\n {2}- DEMO_REMINDERS: .*not a reminder time; use "off"/,
      );
      forget("env");
      expect(() => getEnv()).toThrow(/DEMO_REMINDERS/);
    },
  );
});

describe("which reminders a booking gets", () => {
  const booking = { id: "b1", sequence: 2, status: "booked" as const, slotStart: new Date("2027-02-03T16:00:00Z") };

  it("the ones still ahead at the time of the write, each due its time before the start", () => {
    const dueTimes = (now: string) =>
      remindersOf(booking, new Date(now), [1440, 60]).map((reminder) => [
        reminder.payload,
        reminder.dueAt.toISOString(),
      ]);
    expect(dueTimes("2027-02-01T14:00:00Z")).toEqual([
      [{ bookingId: "b1", sequence: 2, minutesBefore: 1440 }, "2027-02-02T16:00:00.000Z"],
      [{ bookingId: "b1", sequence: 2, minutesBefore: 60 }, "2027-02-03T15:00:00.000Z"],
    ]);
    // Booked three hours ahead: only the 1-hour reminder.
    expect(dueTimes("2027-02-03T13:00:00Z")).toEqual([
      [{ bookingId: "b1", sequence: 2, minutesBefore: 60 }, "2027-02-03T15:00:00.000Z"],
    ]);
    // A moment exactly now has passed.
    expect(dueTimes("2027-02-03T15:00:00Z")).toEqual([]);
  });

  it("none for a cancelled booking or with reminders off", () => {
    expect(remindersOf({ ...booking, status: "cancelled" }, new Date("2027-02-01T00:00:00Z"), [1440, 60])).toEqual([]);
    expect(remindersOf(booking, new Date("2027-02-01T00:00:00Z"), [])).toEqual([]);
  });
});

describe("the reminder e-mail", () => {
  const booking = {
    id: "b1",
    sequence: 0,
    status: "booked" as const,
    slotStart: new Date("2027-02-03T16:00:00Z"),
    slotEnd: new Date("2027-02-03T16:15:00Z"),
  };
  const lead = {
    firstName: "Marta",
    lastName: "Lopez",
    email: "marta@lopezlandscaping.com",
    phone: "+1 555 010 2030",
    company: "Lopez Landscaping",
  };
  const mail = (minutesBefore: number, host?: { name: string; email: string }) =>
    demoReminderMail({
      booking,
      lead,
      minutesBefore,
      manageUrl: "https://example.com/demo/manage/b1.sig",
      businessTimeZone: "America/Chicago",
      host,
    });

  it("says when, in the business's zone and UTC, who calls which number, and where to change it; replies go to the host", () => {
    const dayBefore = mail(1440, { name: "Alex Morgan", email: "alex@example.com" });
    expect(dayBefore).toMatchObject({
      to: "marta@lopezlandscaping.com",
      replyTo: "alex@example.com",
      subject: "Reminder: your Groundwork demo is tomorrow at 10:00 AM Central Time",
    });
    expect(dayBefore.icalEvent).toBeUndefined();
    expect(dayBefore.text.split("\n")).toEqual([
      "Hello,",
      "",
      "A reminder: your 15-minute Groundwork demo is tomorrow.",
      "",
      "  Wednesday, February 3, 2027, 10:00 – 10:15 AM Central Time",
      "  (Wednesday, February 3, 2027, 4:00 – 4:15 PM UTC)",
      "",
      "Your host, Alex Morgan, will call you at +1 555 010 2030 (the number you gave us) at that time.",
      "Wrong number, or a question before the demo? Just reply to this e-mail.",
      "",
      "Need another time, or can't make it? Reschedule or cancel here:",
      "https://example.com/demo/manage/b1.sig",
      "",
      "The Groundwork team",
      "",
    ]);
  });

  it("names the moment: in hours and minutes up to three hours ahead, else today, tomorrow or the day", () => {
    expect(mail(60).subject).toBe("Reminder: your Groundwork demo starts in 1 hour");
    expect(mail(90).subject).toBe("Reminder: your Groundwork demo starts in 1 hour 30 minutes");
    expect(mail(15).subject).toBe("Reminder: your Groundwork demo starts in 15 minutes");
    expect(mail(180).subject).toBe("Reminder: your Groundwork demo starts in 3 hours");
    expect(mail(4 * 60).subject).toBe("Reminder: your Groundwork demo is today at 10:00 AM Central Time");
    expect(mail(48 * 60).subject).toBe("Reminder: your Groundwork demo is on Wed, Feb 3 at 10:00 AM Central Time");
  });

  it("without a host, the team calls and replies go to sales", () => {
    const plain = mail(60);
    expect(plain.replyTo).toBe(getEnv().SALES_EMAIL);
    expect(plain.text).toContain("We will call you at +1 555 010 2030 (the number you gave us) at that time.");
  });
});
