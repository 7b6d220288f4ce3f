import ical, { type VEvent } from "node-ical";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeMailer, demoInviteMail, sendMail } from "~/services/outbox/mailer.server";
import { startSmtpServer } from "../fakes/smtp-server";
import { freePort } from "../support/app-server.mjs";
import { forget } from "~/utils/singleton.server";
import { capturedLogLines } from "../support/log-lines";

const saved = { ...process.env };
// The outbox message a mail is sent for, as the worker passes it.
const origin = { kind: "demo-invite-email", outboxId: "00000000-0000-4000-8000-000000000001" };

/** The MIME parts of a message (one level of multipart nesting is enough for nodemailer's layout, two here). */
function mimeParts(raw: string): { headers: string; body: string }[] {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const boundary = /^Content-Type: multipart\/[^;]+;.*boundary="?([^";\r\n]+)"?/im.exec(headers)?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => mimeParts(part.replace(/^\r\n/, "")));
}

function decode(part: { headers: string; body: string }): string {
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(part.headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    return Buffer.from(
      part.body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return part.body;
}

describe("the demo invite e-mail over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    const port = (await freePort()) as number;
    smtp = await startSmtpServer(port);
    Object.assign(process.env, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      APP_URL: "https://www.groundwork.test",
      SALES_EMAIL: "sales@groundwork.test",
      MAIL_FROM: "Groundwork <no-reply@groundwork.test>",
    });
    forget("env");
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    closeMailer();
    await smtp.stop();
    process.env = saved;
    forget("env");
  });

  const booking = {
    id: "0b6f9a52-3c1d-4e8f-9a7b-1c2d3e4f5a6b",
    slotStart: new Date("2026-11-24T16:00:00.000Z"),
    slotEnd: new Date("2026-11-24T16:15:00.000Z"),
    sequence: 0,
    status: "booked" as const,
  };
  const lead = {
    firstName: "Dana",
    lastName: "Whitfield",
    email: "dana@whitfieldpest.com",
    company: "Whitfield Pest Control",
    phone: "+1 (555) 010-2030",
  };
  const manageUrl = "https://www.groundwork.test/demo/manage/0b6f9a52.signature";

  for (const method of ["REQUEST", "CANCEL"] as const) {
    it(`arrives with a text/calendar part (method=${method}) that parses back to the booking`, async () => {
      const current = method === "CANCEL" ? { ...booking, sequence: 1, status: "cancelled" as const } : booking;
      const mail = demoInviteMail({
        booking: current,
        lead,
        method,
        manageUrl,
        businessTimeZone: "America/Chicago",
        visitorTimeZone: "Europe/Berlin",
      });
      expect(await sendMail(mail, origin)).toEqual({ delivery: "smtp" });

      expect(smtp.messages).toHaveLength(1);
      const [received] = smtp.messages;
      expect(received.to).toEqual(["dana@whitfieldpest.com"]);
      expect(received.from).toBe("no-reply@groundwork.test");
      expect(received.raw).toMatch(/^Reply-To: sales@groundwork\.test/im);

      const parts = mimeParts(received.raw);
      const text = parts.find((part) => /^Content-Type: text\/plain/im.test(part.headers));
      expect(decode(text!)).toContain("Tuesday, November 24, 2026, 10:00 – 10:15 AM Central Time");
      expect(decode(text!)).toContain("Tuesday, November 24, 2026, 5:00 – 5:15 PM Central European Time");

      const calendars = parts.filter((part) =>
        new RegExp(`^Content-Type: text/calendar;.*method=${method}`, "im").test(part.headers),
      );
      expect(calendars).toHaveLength(1);
      const parsed = ical.sync.parseICS(decode(calendars[0]));
      expect((parsed.vcalendar as unknown as { method: string }).method).toBe(method);
      const events = Object.values(parsed).filter((component): component is VEvent => component?.type === "VEVENT");
      expect(events).toHaveLength(1);
      expect(events[0].uid).toBe(`${booking.id}@www.groundwork.test`);
      expect(Number(events[0].sequence)).toBe(current.sequence);
      expect(events[0].start.toISOString()).toBe("2026-11-24T16:00:00.000Z");
      expect(events[0].end!.getTime() - events[0].start.getTime()).toBe(15 * 60_000);
      if (method === "CANCEL") expect(events[0].status).toBe("CANCELLED");

      // The same invite as a file too, for clients that do not read the calendar alternative.
      const attachment = parts.find((part) => /^Content-Disposition: attachment/im.test(part.headers));
      expect(attachment?.headers).toMatch(/filename="?(invite|cancel)\.ics/i);
    });
  }

  it("names the host: the invite's organizer, the mail's Reply-To and its text (issue #24)", async () => {
    const host = { name: "Priya Raman", email: "priya@groundwork.test" };
    const mail = demoInviteMail({
      booking,
      lead,
      method: "REQUEST",
      manageUrl,
      businessTimeZone: "America/Chicago",
      host,
    });
    expect(await sendMail(mail, origin)).toEqual({ delivery: "smtp" });
    const [received] = smtp.messages;
    expect(received.raw).toMatch(/^Reply-To: priya@groundwork\.test/im);
    const parts = mimeParts(received.raw);
    const text = parts.find((part) => /^Content-Type: text\/plain/im.test(part.headers));
    expect(decode(text!)).toContain("Your host: Priya Raman");
    const calendar = parts.find((part) => /^Content-Type: text\/calendar/im.test(part.headers));
    const [event] = Object.values(ical.sync.parseICS(decode(calendar!))).filter(
      (component): component is VEvent => component?.type === "VEVENT",
    );
    const organizer = event.organizer as unknown as { params: { CN: string }; val: string };
    expect(organizer.params.CN).toBe("Priya Raman");
    expect(organizer.val).toBe("mailto:priya@groundwork.test");
  });

  it("without SMTP_URL logs the e-mail's outbox message and the invite's method, never its subject, recipient or text", async () => {
    const env = { SMTP_URL: process.env.SMTP_URL, LOG_LEVEL: process.env.LOG_LEVEL };
    try {
      delete process.env.SMTP_URL;
      process.env.LOG_LEVEL = "info";
      forget("env");
      const mail = demoInviteMail({ booking, lead, method: "REQUEST", manageUrl, businessTimeZone: "America/Chicago" });
      const lines = await capturedLogLines(async () =>
        expect(await sendMail(mail, origin)).toEqual({ delivery: "log" }),
      );
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]) as Record<string, unknown>;
      expect(entry).toMatchObject({
        ...origin,
        recipient: "visitor",
        to: "[redacted]",
        icalEvent: { method: "REQUEST" },
      });
      expect(entry.subject).toBeUndefined();
      for (const secret of ["dana@whitfieldpest.com", manageUrl, "BEGIN:VCALENDAR", mail.subject])
        expect(lines[0]).not.toContain(secret);
      expect(smtp.messages).toHaveLength(0);
    } finally {
      Object.assign(process.env, env);
      forget("env");
    }
  });
});
