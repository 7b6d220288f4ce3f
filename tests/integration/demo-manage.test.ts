import { eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { demoBookings, demoRequests, outbox } from "~/db/schema.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { action, loader } from "~/routes/demo.manage.$token";
import { manageToken } from "~/services/demo/booking-token.server";
import { CANCELLED_CANNOT_MOVE } from "~/services/demo/manage.server";
import { slotTakenMessage as SLOT_TAKEN_MESSAGE } from "~/schemas/demo-request-fields";
import { availableSlots } from "~/services/demo/slots.server";
import { currentHosts } from "~/services/demo/hosts.server";
import { closeMailer } from "~/services/outbox/mailer.server";
import { processOutboxOnce } from "~/services/outbox/worker.server";
import { setClock } from "~/utils/time/clock.server";
import { forgetAttempts, limitRules, recordAttempt } from "~/services/rate-limit.server";
import { CROSS_SITE_MESSAGE } from "~/utils/http/request.server";
import { getToast } from "~/utils/http/toast.server";
import { startSmtpServer, type ReceivedMail } from "../fakes/smtp-server";
import { freePort } from "../support/app-server.mjs";
import { describeWithDatabases } from "../support/database";
import { slotAt } from "../support/demo-hosts";
import { mailParts } from "../support/mail-parts";
import { cookiesOf, origin } from "../support/route-calls";

const smtpPort = (await freePort()) as number;
// A Monday, 08:00 in Chicago (the default DEMO_TIME_ZONE): the whole week's slots lie ahead.
const NOW = new Date("2027-02-01T14:00:00Z");
const HOSTS = 2;

type ManagePageJson = {
  kind: string;
  booking?: { start: string; end: string; whenText: string };
  picker?: { slots: string[]; zone: string };
  confirmCancel?: boolean;
};

let counter = 0;

/** Books a slot through the model the demo form and API use (lead, booking and outbox in one transaction). */
async function book(slotStart: string, email = `manage-${++counter}@kowalskiplumbing.com`): Promise<string> {
  const start = new Date(slotStart);
  const created = await createDemoRequest(
    {
      firstName: "Jana",
      lastName: `Kowalski${counter}`,
      email,
      phone: "+1 (555) 010-4400",
      company: "Kowalski Plumbing",
      dealVolume: "11-25",
      challenges: "",
      submissionId: crypto.randomUUID(),
    },
    await slotAt(start),
  );
  expect(created.booking, `no host free at ${slotStart}`).toBeDefined();
  return created.booking!.id;
}

async function bookingRow(id: string) {
  const [row] = await getDb().select().from(demoBookings).where(eq(demoBookings.id, id));
  return row;
}

async function freeStarts(): Promise<string[]> {
  const days = await availableSlots({ from: "2027-02-01", days: 7, now: NOW, hosts: await currentHosts() });
  return days.flatMap((day) => day.slots).map((slot) => slot.start);
}

async function freeCount(start: string): Promise<number> {
  const days = await availableSlots({ from: "2027-02-01", days: 7, now: NOW, hosts: await currentHosts() });
  const slot = days.flatMap((day) => day.slots).find((item) => item.start === start);
  return slot?.free ?? 0;
}

async function invitesOf(bookingId: string) {
  const rows = await getDb()
    .select()
    .from(outbox)
    .where(sql`${outbox.kind} = 'demo-invite-email' and ${outbox.payload}->>'bookingId' = ${bookingId}`);
  return rows
    .map((row) => row.payload as { bookingId: string; sequence: number; method: string })
    .sort((a, b) => a.sequence - b.sequence);
}

async function getPage(token: string, search = "") {
  const request = new Request(`${origin}/demo/manage/${token}${search}`);
  const response = (await loader({ request, params: { token }, context: {} })) as unknown as Response;
  return { response, data: (await response.json()) as ManagePageJson };
}

async function post(token: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`${origin}/demo/manage/${token}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: origin, ...headers },
  });
  return (await action({ request, params: { token }, context: {} })) as unknown as Response;
}

async function toastOf(response: Response) {
  return (await getToast(new Request(origin, { headers: { Cookie: cookiesOf(response) } }))).toast;
}

type Invite = { uid: string; sequence: number; method: string; start: Date; end: Date; status?: string };

/** The invite a mail carries, parsed back with node-ical. */
function inviteIn(mail: ReceivedMail): Invite {
  const [text] = mailParts(mail, "text/calendar");
  expect(text, `no text/calendar part in "${mail.subject}"`).toBeDefined();
  const parsed = ical.sync.parseICS(text);
  const event = Object.values(parsed).find((item) => item?.type === "VEVENT") as VEvent;
  const calendar = Object.values(parsed).find((item) => item?.type === "VCALENDAR") as { method?: string } | undefined;
  return {
    uid: event.uid,
    sequence: Number(event.sequence),
    method: calendar?.method ?? /^METHOD:(\w+)/m.exec(text)?.[1] ?? "",
    start: new Date(event.start as Date),
    end: new Date(event.end as Date),
    status: event.status,
  };
}

describeWithDatabases(
  "demo booking manage page",
  (kind) => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

    beforeAll(() => setClock(() => NOW));
    afterAll(() => setClock(undefined));
    beforeEach(async () => {
      await getDb().delete(outbox);
      await getDb().delete(demoRequests);
      await forgetAttempts(limitRules.demoManageGlobal, "all");
    });
    afterEach(async () => {
      await smtp?.stop();
      smtp = undefined;
      closeMailer();
    });

    it("shows the booking privately: its time named in the business's zone, the free times without its own", async () => {
      const [first] = await freeStarts();
      const id = await book(first);
      const { response, data } = await getPage(manageToken(id));
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
      expect(response.headers.get("X-Robots-Tag")).toMatch(/noindex/);
      expect(data.kind).toBe("booked");
      expect(data.booking?.start).toBe(first);
      expect(data.booking?.whenText).toBe("Monday, February 1, 2027, 10:00 – 10:15 AM Central Time");
      expect(data.picker?.zone).toBe("America/Chicago");
      expect(data.picker?.slots).not.toContain(first);
      expect(data.picker?.slots.length).toBeGreaterThan(100);
      // One host is still free at the booked time, but it is the visitor's own: not offered as a new one.
      expect(await freeCount(first)).toBe(HOSTS - 1);
    });

    it("reschedules through the action: the old slot is free again, the invite is queued with a higher SEQUENCE", async () => {
      const [first, , third] = await freeStarts();
      const id = await book(first);
      const token = manageToken(id);
      const response = await post(token, { intent: "reschedule", slotStart: third, tz: "Europe/Berlin" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/demo/manage/${token}?tz=Europe%2FBerlin`);
      expect(await toastOf(response)).toMatchObject({
        type: "success",
        message: "Your demo has been moved",
        description: expect.stringContaining("10:30 – 10:45 AM Central Time"),
      });
      expect(await bookingRow(id)).toMatchObject({ status: "booked", sequence: 1 });
      expect((await bookingRow(id)).slotStart.toISOString()).toBe(third);
      expect(await freeCount(first)).toBe(HOSTS);
      expect(await freeCount(third)).toBe(HOSTS - 1);
      expect(await invitesOf(id)).toEqual([
        { bookingId: id, sequence: 0, method: "REQUEST" },
        { bookingId: id, sequence: 1, method: "REQUEST" },
      ]);
      const { data } = await getPage(token, "?tz=Europe%2FBerlin");
      expect(data.booking?.start).toBe(third);
      expect(data.picker?.zone).toBe("Europe/Berlin");
    });

    it("a slot taken in between keeps the booking and says so; the picked time is refused with a clear message", async () => {
      const [first, second] = await freeStarts();
      const id = await book(first);
      for (let host = 0; host < HOSTS; host += 1) await book(second);
      const response = await post(manageToken(id), { intent: "reschedule", slotStart: second });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ fieldError: SLOT_TAKEN_MESSAGE });
      expect(SLOT_TAKEN_MESSAGE).toBe("That time was just booked — please pick another");
      expect(await bookingRow(id)).toMatchObject({ status: "booked", sequence: 0 });
      expect((await bookingRow(id)).slotStart.toISOString()).toBe(first);
      expect(await invitesOf(id)).toHaveLength(1);
    });

    it("refuses times outside availability and a missing choice with a message, changing nothing", async () => {
      const [first] = await freeStarts();
      const id = await book(first);
      const token = manageToken(id);
      for (const slotStart of [
        "",
        "tomorrow",
        "2027-02-01T13:00:00Z",
        "2027-02-06T16:00:00Z",
        "2027-02-01T16:07:00Z",
      ]) {
        const response = await post(token, { intent: "reschedule", slotStart });
        expect(response.status, slotStart).toBeGreaterThanOrEqual(400);
        expect(response.status, slotStart).toBeLessThan(500);
        expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(10);
      }
      expect(await bookingRow(id)).toMatchObject({ sequence: 0 });
    });

    it("cancels after a confirmation step; a cancelled booking cannot be moved and shows a clear page", async () => {
      const [first, second] = await freeStarts();
      const id = await book(first);
      const token = manageToken(id);
      const confirm = await getPage(token, "?confirm=cancel");
      expect(confirm.data.confirmCancel).toBe(true);
      expect(await bookingRow(id)).toMatchObject({ status: "booked" });

      const response = await post(token, { intent: "cancel" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/demo/manage/${token}`);
      expect(await toastOf(response)).toMatchObject({ type: "success", message: "Your demo is cancelled" });
      expect(await bookingRow(id)).toMatchObject({ status: "cancelled", sequence: 1 });
      expect(await freeCount(first)).toBe(HOSTS);
      expect((await invitesOf(id)).map((item) => item.method)).toEqual(["REQUEST", "CANCEL"]);

      const page = await getPage(token);
      expect(page.response.status).toBe(200);
      expect(page.data.kind).toBe("cancelled");

      const move = await post(token, { intent: "reschedule", slotStart: second });
      expect(move.status).toBe(409);
      expect(await move.json()).toMatchObject({ error: CANCELLED_CANNOT_MOVE });
      expect(await bookingRow(id)).toMatchObject({ status: "cancelled", sequence: 1 });
      // Cancelling again changes nothing and sends nothing.
      expect((await post(token, { intent: "cancel" })).status).toBe(302);
      expect(await invitesOf(id)).toHaveLength(2);
    });

    it("answers unknown, forged and passed links with clear pages, never a 500", async () => {
      const [first] = await freeStarts();
      const id = await book(first);
      const token = manageToken(id);
      const forged = `${id}.${"A".repeat(43)}`;
      const otherId = crypto.randomUUID();
      for (const bad of [forged, `${otherId}.${token.split(".")[1]}`, "nonsense", "%00", "a".repeat(5000), `${id}`]) {
        const { response, data } = await getPage(encodeURIComponent(bad));
        expect(response.status, bad).toBe(404);
        expect(data.kind).toBe("unknown");
        const posted = await post(encodeURIComponent(bad), { intent: "cancel" });
        expect(posted.status, bad).toBe(404);
      }
      expect(await bookingRow(id)).toMatchObject({ status: "booked", sequence: 0 });

      setClock(() => new Date(new Date(first).getTime() + 15 * 60_000));
      try {
        const { response, data } = await getPage(token);
        expect(response.status).toBe(410);
        expect(data.kind).toBe("passed");
        expect((await post(token, { intent: "cancel" })).status).toBe(410);
      } finally {
        setClock(() => NOW);
      }
    });

    it("refuses a cross-site post and a body that is not a form, showing the reason", async () => {
      const [first] = await freeStarts();
      const id = await book(first);
      const token = manageToken(id);
      const crossSite = await post(token, { intent: "cancel" }, { Origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toMatchObject({ error: CROSS_SITE_MESSAGE });
      const notForm = await action({
        request: new Request(`${origin}/demo/manage/${token}`, {
          method: "POST",
          body: "{}",
          headers: { Origin: origin, "Content-Type": "application/json" },
        }),
        params: { token },
        context: {},
      });
      expect((notForm as unknown as Response).status).toBe(415);
      expect(await bookingRow(id)).toMatchObject({ status: "booked" });
    });

    it("limits changes per booking (each one e-mails the visitor) with a 429 and Retry-After", async () => {
      const [first, second] = await freeStarts();
      const id = await book(first);
      // This suite allows 1,000 changes per booking: use them all up at once.
      await recordAttempt(limitRules.demoManageBooking, id, { attempts: 1000 });
      const response = await post(manageToken(id), { intent: "reschedule", slotStart: second });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await response.json()) as { error: string }).error).toMatch(/Too many requests/);
      expect(await bookingRow(id)).toMatchObject({ status: "booked", sequence: 0 });
    });

    it("day tabs and the zone button only show other times (POST, then back to the page)", async () => {
      const [first] = await freeStarts();
      const token = manageToken(await book(first));
      const day = await post(token, { showDay: "2027-02-03", tz: "America/New_York", slotStart: "" });
      expect(day.status).toBe(302);
      expect(day.headers.get("Location")).toBe(`/demo/manage/${token}?tz=America%2FNew_York&day=2027-02-03#reschedule`);
      const zone = await post(token, { intent: "show-zone", tz: "Not/AZone" });
      expect(zone.headers.get("Location")).toBe(`/demo/manage/${token}#reschedule`);
    });

    it("delivers the invites over SMTP: one UID, rising SEQUENCE, METHOD:CANCEL last; sales hear of each change", async () => {
      smtp = await startSmtpServer(smtpPort);
      const [first, second, third] = await freeStarts();
      const email = "jana.invites@kowalskiplumbing.com";
      const id = await book(first, email);
      const token = manageToken(id);
      expect((await post(token, { intent: "reschedule", slotStart: second })).status).toBe(302);
      expect((await post(token, { intent: "reschedule", slotStart: third })).status).toBe(302);
      expect((await post(token, { intent: "cancel" })).status).toBe(302);

      // Two rounds: the sales notes are queued as each change's invite is delivered.
      await processOutboxOnce();
      await processOutboxOnce();
      const toVisitor = smtp.messages.filter((mail) => mail.to.includes(email));
      const invites = toVisitor.map(inviteIn);
      expect(invites.map((item) => [item.method, item.sequence])).toEqual([
        ["REQUEST", 0],
        ["REQUEST", 1],
        ["REQUEST", 2],
        ["CANCEL", 3],
      ]);
      expect(new Set(invites.map((item) => item.uid))).toEqual(new Set([`${id}@localhost`]));
      expect(invites[3].start.toISOString()).toBe(third);
      expect(invites[3].end.getTime() - invites[3].start.getTime()).toBe(15 * 60_000);
      for (const mail of toVisitor.slice(0, 3))
        expect(mailParts(mail, "text/plain")[0]).toContain(`${origin}/demo/manage/${token}`);

      const toSales = smtp.messages.filter((mail) => mail.to.includes("sales-test@example.com"));
      const changes = toSales.filter((mail) => /^Demo (moved|cancelled):/.test(mail.subject));
      expect(changes.map((mail) => mail.subject.split(":")[0])).toEqual(["Demo moved", "Demo moved", "Demo cancelled"]);
      for (const mail of changes) expect(mailParts(mail, "text/plain")[0]).toContain(email);
      // The lead's own e-mail went out after the cancellation and says so.
      expect(toSales.map((mail) => mail.subject)).toContainEqual(
        expect.stringMatching(/^New demo request \(booking since cancelled\): Jana Kowalski/),
      );
      expect((await getDb().select().from(outbox)).every((row) => row.status === "delivered")).toBe(true);
      console.info(`manage: ${toVisitor.length} invites and ${toSales.length} sales mails over SMTP on ${kind}`);
    });

    it("an invite whose payload is malformed or whose booking is gone fails for good, without blocking others", async () => {
      smtp = await startSmtpServer(smtpPort);
      await getDb()
        .insert(outbox)
        .values([
          { kind: "demo-invite-email", payload: { bookingId: 42, sequence: "0", method: "PUBLISH" } },
          { kind: "demo-invite-email", payload: { bookingId: crypto.randomUUID(), sequence: 0, method: "REQUEST" } },
        ]);
      await processOutboxOnce();
      const rows = await getDb().select().from(outbox);
      expect(rows.map((row) => row.status)).toEqual(["failed", "failed"]);
      expect(rows.map((row) => row.lastError).sort()).toEqual([
        expect.stringMatching(/^booking .* no longer exists$/),
        "malformed demo-invite-email payload",
      ]);
      expect(smtp.messages).toHaveLength(0);
    });

    it("an update waits for an earlier version still pending, so the calendar gets them in order", async () => {
      const [first, second] = await freeStarts();
      const email = "jana.order@kowalskiplumbing.com";
      const id = await book(first, email);
      // The mail server is down: the confirmation (SEQUENCE 0) fails and waits for its retry.
      await processOutboxOnce({ baseDelayMs: 60_000 });
      expect((await post(manageToken(id), { intent: "reschedule", slotStart: second })).status).toBe(302);

      smtp = await startSmtpServer(smtpPort);
      // The update (SEQUENCE 1) is due, but its earlier version is not sent yet: it waits, not counted as an attempt.
      await processOutboxOnce();
      expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(0);
      const waiting = (await getDb().select().from(outbox)).find(
        (row) => (row.payload as { sequence?: number }).sequence === 1,
      );
      expect(waiting).toMatchObject({ status: "pending", attempts: 0 });

      // Both come due (the retry's backoff and the short wait pass): sent in order.
      await getDb()
        .update(outbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outbox.status, "pending"));
      await processOutboxOnce();
      const invites = smtp.messages.filter((mail) => mail.to.includes(email)).map(inviteIn);
      expect(invites.map((item) => item.sequence)).toEqual([0, 1]);
      expect(invites[1].start.toISOString()).toBe(second);
      // Sales' e-mail about the lead names its booking, at its current time, in the business's zone.
      const [leadMail] = smtp.messages.filter((mail) => /^New demo booked: Jana Kowalski/.test(mail.subject));
      expect(mailParts(leadMail, "text/plain")[0]).toContain("Monday, February 1, 2027, 10:15 – 10:30 AM Central Time");
    });
  },
  {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SALES_EMAIL: "sales-test@example.com",
    MAIL_FROM: "Groundwork <no-reply@example.com>",
    APP_URL: origin,
    OUTBOX_WORKER: "off",
    DEMO_HOSTS: String(HOSTS),
    RATE_LIMIT_PER_CLIENT: "1000",
    RATE_LIMIT_PER_EMAIL: "1000",
    RATE_LIMIT_GLOBAL: "1000",
  },
);
