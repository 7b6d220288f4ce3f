// Reminders before a booked demo (issue #24, ADR 0031): queued with the booking as outbox rows due their time before
// the start, sent by the outbox worker at that moment on the app's clock, once, never for a cancelled or moved booking,
// and skipped (with a log line) when their moment passed while the service was down. The clock is frozen and moved
// by setClock; the worker is run by calling processOutboxOnce, so nothing here depends on how fast the machine is.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { demoRequests, outbox } from "~/db/schema.server";
import { getDb, type Database } from "~/db/connection.server";
import { cancelBooking, rescheduleBooking } from "~/models/demo/booking.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { manageToken } from "~/services/demo/booking-token.server";
import { REMINDER_SKIPPED_MESSAGE } from "~/services/demo/reminder-delivery.server";
import { closeMailer } from "~/services/outbox/mailer.server";
import { processOutboxOnce } from "~/services/outbox/worker.server";
import { setClock } from "~/utils/time/clock.server";
import { logger } from "~/utils/logger.server";
import { forget } from "~/utils/singleton.server";
import { startSmtpServer, type ReceivedMail } from "../fakes/smtp-server";
import { freePort } from "../support/app-server.mjs";
import { describeWithDatabases } from "../support/database";
import { workerDatabases } from "../support/worker-databases";
import { choiceAt, slotAt } from "../support/demo-hosts";
import { mailParts } from "../support/mail-parts";
import { origin } from "../support/route-calls";

const smtpPort = (await freePort()) as number;
const HOSTS = 4;
const HOST_EMAIL = "demo-hosts@example.com";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 2027-02-01, 08:00 in Chicago (the default DEMO_TIME_ZONE): when most bookings below are made.
const BOOKED_AT = new Date("2027-02-01T14:00:00Z");
// Wednesday 2027-02-03, 10:00 AM Chicago (CST): the demo.
const T = new Date("2027-02-03T16:00:00Z");
const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);

let counter = 0;

/** Books a demo at `start` through the model the form and the API use, with the clock at `now`. */
async function book(start: Date, now = BOOKED_AT, visitorTimeZone?: string) {
  setClock(now);
  counter += 1;
  const email = `reminder-${counter}@lopezlandscaping.com`;
  const created = await createDemoRequest(
    {
      firstName: "Marta",
      lastName: `Lopez${counter}`,
      email,
      phone: "+1 (555) 010-2030",
      company: "Lopez Landscaping",
      dealVolume: "26-50",
      challenges: "",
      submissionId: crypto.randomUUID(),
    },
    { ...(await slotAt(start)), visitorTimeZone },
  );
  expect(created.booking, `no host free at ${start.toISOString()}`).toBeDefined();
  return { booking: created.booking!, email };
}

async function reminderRows(bookingId: string) {
  return getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "demo-reminder-email"), sql`${outbox.payload}->>'bookingId' = ${bookingId}`))
    .orderBy(outbox.nextAttemptAt);
}

/** Runs the worker with the clock at `now` until a round delivers nothing (the invites and lead mails go too). */
async function runWorkerAt(now: Date, db?: Database) {
  setClock(now);
  while ((await processOutboxOnce({ db })) > 0);
}

describeWithDatabases(
  "demo reminders",
  (kind) => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    const remindersTo = (email: string): ReceivedMail[] =>
      smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.startsWith("Reminder:"));
    const textOf = (mail: ReceivedMail) => mailParts(mail, "text/plain")[0] ?? mail.body;

    beforeAll(async () => {
      smtp = await startSmtpServer(smtpPort);
    });
    afterAll(async () => {
      setClock(undefined);
      await smtp.stop();
      closeMailer();
    });
    beforeEach(async () => {
      setClock(BOOKED_AT);
      await getDb().delete(outbox);
      await getDb().delete(demoRequests);
      smtp.messages.length = 0;
    });
    afterEach(() => vi.restoreAllMocks());

    it("sends the 24-hour and the 1-hour reminder at their moments, each exactly once", async () => {
      const { booking, email } = await book(T);
      const queued = await reminderRows(booking.id);
      expect(queued.map((row) => [row.payload, row.nextAttemptAt.toISOString(), row.status])).toEqual([
        [{ bookingId: booking.id, sequence: 0, minutesBefore: 1440 }, at(T, -24 * HOUR).toISOString(), "pending"],
        [{ bookingId: booking.id, sequence: 0, minutesBefore: 60 }, at(T, -HOUR).toISOString(), "pending"],
      ]);

      await runWorkerAt(BOOKED_AT);
      // The invite went at once; no reminder yet.
      expect(smtp.messages.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Your demo is booked:/),
      ]);

      await runWorkerAt(at(T, -24 * HOUR - MINUTE));
      expect(remindersTo(email)).toHaveLength(0);

      await runWorkerAt(at(T, -24 * HOUR + 30_000));
      expect(remindersTo(email)).toHaveLength(1);
      const [dayBefore] = remindersTo(email);
      expect(dayBefore.subject).toBe("Reminder: your Groundwork demo is tomorrow at 10:00 AM Central Time");
      expect(dayBefore.raw).toMatch(new RegExp(`^Reply-To: ${HOST_EMAIL}`, "im"));
      const text = textOf(dayBefore);
      expect(text).toMatch(/^Hello,\r?$/m);
      expect(text).not.toContain("Marta");
      expect(text).toContain("A reminder: your 15-minute Groundwork demo is tomorrow.");
      expect(text).toContain("Wednesday, February 3, 2027, 10:00 – 10:15 AM Central Time");
      expect(text).toContain("(Wednesday, February 3, 2027, 4:00 – 4:15 PM UTC)");
      expect(text).toMatch(
        /Your host, Alex Morgan( \d)?, will call you at \+1 \(555\) 010-2030 \(the number you gave us\)/,
      );
      expect(text).toContain(`${origin}/demo/manage/${manageToken(booking.id)}`);

      // Again at the same moment, and later that day: nothing more.
      await runWorkerAt(at(T, -24 * HOUR + 30_000));
      await runWorkerAt(at(T, -3 * HOUR));
      expect(remindersTo(email)).toHaveLength(1);

      await runWorkerAt(at(T, -HOUR + 30_000));
      expect(remindersTo(email).map((mail) => mail.subject)).toEqual([
        "Reminder: your Groundwork demo is tomorrow at 10:00 AM Central Time",
        "Reminder: your Groundwork demo starts in 1 hour",
      ]);
      expect(textOf(remindersTo(email)[1])).toContain("A reminder: your 15-minute Groundwork demo starts in 1 hour.");

      await runWorkerAt(at(T, -HOUR + 30_000));
      await runWorkerAt(at(T, 2 * HOUR));
      expect(remindersTo(email)).toHaveLength(2);
      expect((await reminderRows(booking.id)).map((row) => [row.status, row.attempts])).toEqual([
        ["delivered", 1],
        ["delivered", 1],
      ]);
    });

    it("the visitor's zone, when the form gave one, is in the invite and the reminders beside the business's", async () => {
      const { booking, email } = await book(T, BOOKED_AT, "Europe/Berlin");
      expect(booking.visitorTimeZone).toBe("Europe/Berlin");
      await runWorkerAt(BOOKED_AT);
      await runWorkerAt(at(T, -HOUR + 30_000));
      const mails = smtp.messages.filter((mail) => mail.to.includes(email));
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Your demo is booked:/),
        expect.stringMatching(/^Reminder:/),
      ]);
      for (const mail of mails) {
        const text = textOf(mail);
        expect(text).toContain("Wednesday, February 3, 2027, 10:00 – 10:15 AM Central Time");
        expect(text).toContain("(Wednesday, February 3, 2027, 5:00 – 5:15 PM Central European Time)");
      }
    });

    it("a cancelled booking gets neither reminder", async () => {
      const { booking, email } = await book(T);
      expect(await reminderRows(booking.id)).toHaveLength(2);
      expect((await cancelBooking(booking.id)).status).toBe("cancelled");
      // The cancellation's own statement removed them.
      expect(await reminderRows(booking.id)).toEqual([]);

      for (const moment of [at(T, -24 * HOUR + 30_000), at(T, -HOUR + 30_000), at(T, HOUR)]) await runWorkerAt(moment);
      expect(remindersTo(email)).toEqual([]);
      expect(smtp.messages.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Your demo is booked:/),
        expect.stringMatching(/^Cancelled:/),
      ]);
    });

    it("a rescheduled booking is reminded of its new time only, at the new time's moments", async () => {
      const { booking, email } = await book(T);
      // Thursday, same time: its day-before reminder falls on the old demo's start.
      const moved = at(T, 24 * HOUR);
      const result = await rescheduleBooking(booking.id, await choiceAt(moved));
      expect(result.status).toBe("rescheduled");
      expect((await reminderRows(booking.id)).map((row) => [row.payload, row.nextAttemptAt.toISOString()])).toEqual([
        [{ bookingId: booking.id, sequence: 1, minutesBefore: 1440 }, T.toISOString()],
        [{ bookingId: booking.id, sequence: 1, minutesBefore: 60 }, at(moved, -HOUR).toISOString()],
      ]);

      // The old time's moments pass: nothing.
      await runWorkerAt(at(T, -24 * HOUR + 30_000));
      await runWorkerAt(at(T, -HOUR + 30_000));
      expect(remindersTo(email)).toEqual([]);

      await runWorkerAt(at(moved, -24 * HOUR + 30_000));
      await runWorkerAt(at(moved, -HOUR + 30_000));
      const sent = remindersTo(email);
      expect(sent.map((mail) => mail.subject)).toEqual([
        "Reminder: your Groundwork demo is tomorrow at 10:00 AM Central Time",
        "Reminder: your Groundwork demo starts in 1 hour",
      ]);
      for (const mail of sent)
        expect(textOf(mail)).toContain("Thursday, February 4, 2027, 10:00 – 10:15 AM Central Time");
    });

    it("a reminder of an earlier version, or of a booking that is gone, is dropped without a mail or an error", async () => {
      const error = vi.spyOn(logger, "error");
      const { booking, email } = await book(T);
      await rescheduleBooking(booking.id, await choiceAt(at(T, 30 * MINUTE)));
      // Rows as a worker may still meet them: written before the change was committed, or for a lead deleted since.
      await getDb()
        .insert(outbox)
        .values([
          {
            kind: "demo-reminder-email",
            payload: { bookingId: booking.id, sequence: 0, minutesBefore: 60 },
            nextAttemptAt: at(T, -HOUR),
          },
          {
            kind: "demo-reminder-email",
            payload: { bookingId: crypto.randomUUID(), sequence: 0, minutesBefore: 60 },
            nextAttemptAt: at(T, -HOUR),
          },
        ]);
      await runWorkerAt(at(T, -HOUR + 30_000));
      expect(remindersTo(email)).toEqual([]);
      // Both stale rows are gone; the current version's two reminders are all that is left.
      const left = await getDb().select().from(outbox).where(eq(outbox.kind, "demo-reminder-email"));
      expect(
        left.map((row) => row.payload as { minutesBefore: number }).sort((x, y) => y.minutesBefore - x.minutesBefore),
      ).toEqual([
        { bookingId: booking.id, sequence: 1, minutesBefore: 1440 },
        { bookingId: booking.id, sequence: 1, minutesBefore: 60 },
      ]);
      expect(error).not.toHaveBeenCalled();
    });

    it("two workers on their own connections, at the due moment, send each reminder once", async () => {
      const booked = [];
      for (let index = 0; index < HOSTS; index += 1) booked.push(await book(T));
      await runWorkerAt(BOOKED_AT);
      smtp.messages.length = 0;

      // On PostgreSQL each worker has its own pool, as two server instances would (SKIP LOCKED between them).
      const { databases, close } = workerDatabases(kind);
      try {
        setClock(at(T, -24 * HOUR + 30_000));
        const drain = async (db: Database) => {
          let delivered = 0;
          for (let round = 0; round < 6; round += 1) delivered += await processOutboxOnce({ db, batchSize: 1 });
          return delivered;
        };
        const counts = await Promise.all(databases.map(drain));
        expect(counts[0] + counts[1]).toBe(HOSTS);
      } finally {
        await close();
      }
      for (const { email } of booked) expect(remindersTo(email), email).toHaveLength(1);
      expect(smtp.messages).toHaveLength(HOSTS);
    });

    it("a reminder whose moment passed while the service was down is skipped and logged, never sent late", async () => {
      const warn = vi.spyOn(logger, "warn");
      // Booked 3 hours ahead: the day-before reminder's moment has passed, only the 1-hour one is queued.
      const { booking, email } = await book(T, at(T, -3 * HOUR));
      expect((await reminderRows(booking.id)).map((row) => row.payload)).toEqual([
        { bookingId: booking.id, sequence: 0, minutesBefore: 60 },
      ]);
      await runWorkerAt(at(T, -2 * HOUR));
      // Down from T − 2 h to T − 30 min: the worker first runs half an hour after the reminder's moment.
      await runWorkerAt(at(T, -30 * MINUTE));
      await runWorkerAt(at(T, 5 * MINUTE));
      expect(remindersTo(email)).toEqual([]);

      const skipped = warn.mock.calls.filter(([message]) => message === REMINDER_SKIPPED_MESSAGE);
      expect(skipped).toHaveLength(1);
      expect(skipped[0][1]).toMatchObject({
        bookingId: booking.id,
        sequence: 0,
        minutesBefore: 60,
        dueAt: at(T, -HOUR).toISOString(),
        lateMs: 30 * MINUTE,
        late: "30 minutes",
      });
      expect(skipped[0][1]?.outboxId).toEqual(expect.any(String));
      const [row] = await reminderRows(booking.id);
      expect(row).toMatchObject({ status: "failed" });
      expect(row.lastError).toMatch(/^skipped: /);
    });

    it("a reminder up to the grace late still goes; one due shortly before the demo never goes after its start", async () => {
      const { booking, email } = await book(T, at(T, -3 * HOUR));
      // Nine minutes late (an instance restarting): within the grace, sent.
      await runWorkerAt(at(T, -HOUR + 9 * MINUTE));
      expect(remindersTo(email).map((mail) => mail.subject)).toEqual([
        "Reminder: your Groundwork demo starts in 1 hour",
      ]);

      // A 5-minute reminder first seen a minute after the start: within the grace, but the demo has begun.
      const warn = vi.spyOn(logger, "warn");
      await getDb()
        .insert(outbox)
        .values({
          kind: "demo-reminder-email",
          payload: { bookingId: booking.id, sequence: 0, minutesBefore: 5 },
          nextAttemptAt: at(T, -5 * MINUTE),
        });
      await runWorkerAt(at(T, MINUTE));
      expect(remindersTo(email)).toHaveLength(1);
      expect(warn.mock.calls.filter(([message]) => message === REMINDER_SKIPPED_MESSAGE)).toHaveLength(1);
    });

    it("a reminder made due early (a lease or a retry moved it) waits for its moment", async () => {
      const { booking, email } = await book(T);
      await getDb()
        .update(outbox)
        .set({ nextAttemptAt: at(BOOKED_AT, -MINUTE) })
        .where(eq(outbox.kind, "demo-reminder-email"));
      await runWorkerAt(BOOKED_AT);
      expect(remindersTo(email)).toEqual([]);
      const rows = await reminderRows(booking.id);
      expect(rows.map((row) => [row.status, row.attempts, row.nextAttemptAt.toISOString()])).toEqual([
        ["pending", 0, at(T, -24 * HOUR).toISOString()],
        ["pending", 0, at(T, -HOUR).toISOString()],
      ]);
    });

    it("DEMO_REMINDERS=off queues no reminder; 2h,30m queues those", async () => {
      const saved = process.env.DEMO_REMINDERS;
      try {
        process.env.DEMO_REMINDERS = "off";
        forget("env");
        const { booking } = await book(T);
        expect(await reminderRows(booking.id)).toEqual([]);
        expect(
          await getDb()
            .select()
            .from(outbox)
            .where(sql`${outbox.payload}->>'bookingId' = ${booking.id}`),
        ).toHaveLength(1);

        process.env.DEMO_REMINDERS = "2h, 30m";
        forget("env");
        const { booking: other, email } = await book(at(T, HOUR));
        expect(
          (await reminderRows(other.id)).map((row) => (row.payload as { minutesBefore: number }).minutesBefore),
        ).toEqual([120, 30]);
        await runWorkerAt(at(T, HOUR - 2 * HOUR + 30_000));
        await runWorkerAt(at(T, HOUR - 30 * MINUTE + 30_000));
        expect(remindersTo(email).map((mail) => mail.subject)).toEqual([
          "Reminder: your Groundwork demo starts in 2 hours",
          "Reminder: your Groundwork demo starts in 30 minutes",
        ]);
      } finally {
        if (saved === undefined) delete process.env.DEMO_REMINDERS;
        else process.env.DEMO_REMINDERS = saved;
        forget("env");
      }
    });
  },
  {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SALES_EMAIL: "sales-reminders@example.com",
    MAIL_FROM: "Groundwork <no-reply@example.com>",
    APP_URL: origin,
    OUTBOX_WORKER: "off",
    DEMO_HOSTS: String(HOSTS),
    DEMO_HOST_NAME: "Alex Morgan",
    DEMO_HOST_EMAIL: HOST_EMAIL,
  },
);
