import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { demoRequests, outbox } from "~/db/schema.server";
import { action as demoRequestsApi } from "~/routes/api.demo-requests";
import { getDb, type Database } from "~/db/connection.server";
import { processOutboxOnce, retryDelayMs, startOutboxWorker } from "~/services/outbox/worker.server";
import { closeMailer } from "~/services/outbox/mailer.server";
import { startSmtpServer } from "../fakes/smtp-server";
import { freePort } from "../support/app-server.mjs";
import { describeWithDatabases } from "../support/database";
import { workerDatabases } from "../support/worker-databases";
import type { Lead } from "../support/lead";
import { forget } from "~/utils/singleton.server";
import { capturedLogLines } from "../support/log-lines";

const smtpPort = (await freePort()) as number;

let counter = 0;
function lead(overrides: Partial<Lead> = {}): Lead {
  counter += 1;
  return {
    firstName: "Marta",
    lastName: `Lopez${counter}`,
    email: `marta${counter}@lopezlandscaping.com`,
    phone: "+1 (555) 010-2030",
    company: "Lopez Landscaping",
    dealVolume: "26-50",
    challenges: "Quotes get lost between the truck and the office.",
    ...overrides,
  };
}

/** Submits a lead the way a client does: POST /api/demo-requests through the route's action. */
async function submitLead(values: Lead) {
  const request = new Request("http://localhost:3000/api/demo-requests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(values),
  });
  const response = await demoRequestsApi({ request, params: {}, context: {} });
  expect(response.status).toBe(201);
  const [row] = await getDb().select().from(demoRequests).where(eq(demoRequests.email, values.email));
  return row;
}

async function outboxRows() {
  return getDb().select().from(outbox);
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithDatabases(
  "outbox e-mail delivery",
  (kind) => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

    beforeEach(async () => {
      await getDb().delete(outbox);
      await getDb().delete(demoRequests);
    });
    afterEach(async () => {
      await smtp?.stop();
      smtp = undefined;
      closeMailer();
    });

    it("delivers exactly one e-mail with the lead's details to SALES_EMAIL", async () => {
      smtp = await startSmtpServer(smtpPort);
      const row = await submitLead(
        lead({
          firstName: "Dana",
          lastName: "Whitfield",
          company: "Whitfield Pest Control",
          dealVolume: "11-25",
          challenges: "Dispatch runs on a whiteboard.",
        }),
      );

      expect(await processOutboxOnce()).toBe(1);
      expect(await processOutboxOnce()).toBe(0);

      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail.to).toEqual(["sales-test@example.com"]);
      expect(mail.from).toBe("no-reply@example.com");
      expect(mail.subject).toBe("New demo request: Dana Whitfield (Whitfield Pest Control)");
      for (const detail of [
        "Dana Whitfield",
        row.email,
        row.phone,
        "Whitfield Pest Control",
        "11-25 deals",
        "Dispatch runs on a whiteboard.",
      ]) {
        expect(mail.body).toContain(detail);
      }
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${row.email}`, "im"));

      const [message] = await outboxRows();
      expect(message).toMatchObject({ status: "delivered", attempts: 1, lastError: null });
      expect(message.deliveredAt).toBeInstanceOf(Date);
      console.info(`outbox delivered one mail over SMTP on ${kind}`);
    });

    it("keeps the lead when the SMTP server is down and delivers once it is back", async () => {
      const row = await submitLead(lead());
      expect((await getDb().select().from(demoRequests).where(eq(demoRequests.id, row.id))).length).toBe(1);

      // Nothing listens on the port: the attempt fails, is recorded, and is scheduled again.
      expect(await processOutboxOnce({ baseDelayMs: 200 })).toBe(0);
      const [failed] = await outboxRows();
      expect(failed.status).toBe("pending");
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Not due again before its backoff has passed.
      expect(await processOutboxOnce({ baseDelayMs: 200 })).toBe(0);
      expect((await outboxRows())[0].attempts).toBe(1);

      smtp = await startSmtpServer(smtpPort);
      const worker = startOutboxWorker({ pollIntervalMs: 50, baseDelayMs: 200 });
      try {
        await waitFor(async () => (await outboxRows())[0].status === "delivered", "the retried delivery");
      } finally {
        await worker.stop();
      }
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0].body).toContain(row.email);
      expect((await outboxRows())[0].attempts).toBe(2);
    });

    it("backs off exponentially with a cap and gives up after the maximum attempts", async () => {
      expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt))).toEqual([5_000, 10_000, 20_000, 40_000]);
      expect(retryDelayMs(30)).toBe(60 * 60 * 1000);

      await submitLead(lead());
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await processOutboxOnce({ baseDelayMs: 1, maxAttempts: 3 });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const [message] = await outboxRows();
      expect(message.status).toBe("failed");
      expect(message.attempts).toBe(3);
      // A failed message is not retried.
      smtp = await startSmtpServer(smtpPort);
      expect(await processOutboxOnce({ baseDelayMs: 1 })).toBe(0);
      expect(smtp.messages).toHaveLength(0);
    });

    it("picks up messages left pending by an earlier process (restart, or a crash mid-send)", async () => {
      smtp = await startSmtpServer(smtpPort);
      const row = await submitLead(lead());
      // A worker that claimed the row and died: attempt counted, lease already expired.
      await getDb()
        .update(outbox)
        .set({ attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.status, "pending"));
      const worker = startOutboxWorker({ pollIntervalMs: 50 });
      try {
        await waitFor(async () => (await outboxRows())[0].status === "delivered", "delivery after restart");
      } finally {
        await worker.stop();
      }
      expect(smtp.messages.map((mail) => mail.body.includes(row.email))).toEqual([true]);
    });

    it("without SMTP_URL logs which outbox message went to whom, with no name, company, address or phone, and marks it delivered", async () => {
      const saved = { SMTP_URL: process.env.SMTP_URL, LOG_LEVEL: process.env.LOG_LEVEL };
      try {
        delete process.env.SMTP_URL;
        process.env.LOG_LEVEL = "info";
        forget("env");
        const typed = lead({
          firstName: "Loretta",
          lastName: "Quill",
          company: "Logged Roofing",
          phone: "+1 555 010 7788",
        });
        const row = await submitLead(typed);
        const [message] = await outboxRows();
        const logged = await capturedLogLines(async () => expect(await processOutboxOnce()).toBe(1));
        const lines = logged.filter((line) => line.includes("SMTP_URL not set"));
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0])).toMatchObject({
          kind: "new-lead-email",
          outboxId: message.id,
          recipient: "sales",
          to: "[redacted]",
        });
        for (const personal of [
          "Loretta",
          "Quill",
          "Logged Roofing",
          row.email,
          typed.phone,
          "5550107788",
          "sales-test@example.com",
          "lopezlandscaping",
        ]) {
          expect(logged.join("\n"), personal).not.toContain(personal);
        }
        expect((await outboxRows())[0].status).toBe("delivered");
      } finally {
        Object.assign(process.env, saved);
        forget("env");
      }
    });

    it("two workers on one database deliver each message once", async () => {
      smtp = await startSmtpServer(smtpPort, { delayMs: 20 });
      const leads = [];
      for (let index = 0; index < 12; index += 1) leads.push(await submitLead(lead()));

      // On PostgreSQL each worker has its own pool, as two server instances would (SKIP LOCKED between them).
      const { databases, close } = workerDatabases(kind);
      try {
        const drain = async (db: Database) => {
          let delivered = 0;
          for (let round = 0; round < 20; round += 1) delivered += await processOutboxOnce({ db, batchSize: 2 });
          return delivered;
        };
        const counts = await Promise.all(databases.map(drain));
        expect(counts[0] + counts[1]).toBe(12);
        if (kind === "postgres") {
          // Both really worked: SKIP LOCKED let them share the queue instead of queueing behind each other.
          expect(counts[0]).toBeGreaterThan(0);
          expect(counts[1]).toBeGreaterThan(0);
        }
      } finally {
        await close();
      }
      expect(smtp.messages).toHaveLength(12);
      for (const row of leads) expect(smtp.messages.filter((mail) => mail.body.includes(row.email))).toHaveLength(1);
      expect((await outboxRows()).every((row) => row.status === "delivered" && row.attempts === 1)).toBe(true);
    });
  },
  {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SALES_EMAIL: "sales-test@example.com",
    MAIL_FROM: "Groundwork <no-reply@example.com>",
    OUTBOX_WORKER: "off",
    RATE_LIMIT_PER_EMAIL: "1000",
    RATE_LIMIT_GLOBAL: "1000",
  },
);
