// Signed outbound webhooks (issue #25, ADR 0033): events queued with their records, delivered by the outbox worker
// to a local receiver that verifies every signature with its own Standard Webhooks implementation and deduplicates
// by webhook-id. The app's clock is frozen and moved by setClock, the worker is run by calling processOutboxOnce,
// so the retry schedule is checked to the millisecond range it allows, and nothing waits for real time except the
// per-attempt timeout (shortened here). All traffic goes to 127.0.0.1.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookEventTypes } from "~/content/webhook-events";
import { getDb } from "~/db/connection.server";
import { demoRequests, orders, outbox, webhookAttempts, webhookEndpoints } from "~/db/schema.server";
import { cancelBooking, insertBooking, queueInviteAndReminders, rescheduleBooking } from "~/models/demo/booking.server";
import { createDemoRequest, type NewDemoRequest } from "~/models/demo/request.server";
import { createOrderForAttempt, settleOrder } from "~/models/checkout/order.server";
import {
  createEndpoint,
  enableEndpoint,
  ENVIRONMENT_ENDPOINT_ID,
  findEndpoint,
  openSigningSecret,
  replayFailed,
  rotateSecret,
} from "~/models/webhooks/endpoint.server";
import { processOutboxOnce, type OutboxOptions } from "~/services/outbox/worker.server";
import {
  nominalRetryDelayMs,
  SECRET_GRACE_MS,
  WEBHOOK_JITTER,
  WEBHOOK_MAX_ATTEMPTS,
} from "~/services/webhooks/delivery.server";
import { applyWebhookEnvironment, newWebhookSecret } from "~/services/webhooks/endpoints.server";
import { forget } from "~/utils/singleton.server";
import { setClock, now } from "~/utils/time/clock.server";
import { startWebhookReceiver, verifiesWith, type WebhookReceiver } from "../fakes/webhook-receiver";
import { describeWithDatabases } from "../support/database";
import { sampleValue, scrapeThisProcess } from "../support/metrics";
import { registerDatabaseGauges } from "~/server/metrics.server";
import { workerDatabases } from "../support/worker-databases";
import { choiceAt, slotAt } from "../support/demo-hosts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 2027-02-01, 08:00 in Chicago: when things happen. The demo: Wednesday 2027-02-03, 10:00 AM Chicago.
const START = new Date("2027-02-01T14:00:00Z");
const DEMO = new Date("2027-02-03T16:00:00Z");
const MOVED = new Date("2027-02-04T17:00:00Z");
const later = (ms: number) => new Date(now().getTime() + ms);

const attribution = { utmSource: "google", utmMedium: "cpc", utmCampaign: "spring-roofers", landingPath: "/" };
let counter = 0;

function lead(): NewDemoRequest {
  counter += 1;
  return {
    firstName: "Marta",
    lastName: `Lopez${counter}`,
    email: `webhooks-${counter}@lopezlandscaping.com`,
    phone: "+1 (555) 010-2030",
    company: "Lopez Landscaping",
    dealVolume: "26-50",
    challenges: "Scheduling crews",
    submissionId: crypto.randomUUID(),
    attribution,
  };
}

function newOrder() {
  return createOrderForAttempt({
    planIds: ["scale-master"],
    billingPeriod: "monthly",
    subtotalCents: 39700,
    discountCents: 0,
    totalCents: 39700,
    currency: "usd",
    couponCode: null,
    companyName: "Ruiz Roofing",
    fullName: "Ana Ruiz",
    email: `order-${++counter}@ruizroofing.com`,
    phone: "5550102000",
    provider: "test",
    livemode: false,
    attemptId: crypto.randomUUID(),
    ...attribution,
  });
}

/** The endpoint's deliveries, oldest first. */
function deliveries(endpointId?: string) {
  return getDb()
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, "webhook-delivery"),
        endpointId ? sql`${outbox.payload}->>'endpointId' = ${endpointId}` : undefined,
      ),
    )
    .orderBy(outbox.seq);
}

/**
 * Runs the worker until no webhook delivery is due: a round that delivers nothing while some wait for an earlier
 * one of their record moves the clock past that short wait, as real time would.
 */
async function drain(options: OutboxOptions = {}) {
  for (let round = 0; round < 200; round += 1) {
    await processOutboxOnce({ batchSize: 25, ...options });
    const due = await getDb()
      .select({ id: outbox.id, next: outbox.nextAttemptAt })
      .from(outbox)
      .where(and(eq(outbox.kind, "webhook-delivery"), eq(outbox.status, "pending")));
    if (due.length === 0) return;
    const soonest = Math.min(...due.map((row) => row.next.getTime()));
    // Only the short waits for an earlier delivery are skipped; a retry's backoff is the test's to move past.
    if (soonest > now().getTime() + 10_000) return;
    if (soonest > now().getTime()) setClock(new Date(soonest));
  }
  throw new Error("the outbox did not drain");
}

describeWithDatabases(
  "webhooks",
  (kind) => {
    let receiver: WebhookReceiver;
    let secret: string;
    let endpointId: string;
    const options: OutboxOptions = { webhooks: { timeoutMs: 1_500 } };

    beforeAll(async () => {
      receiver = await startWebhookReceiver([]);
    });
    afterAll(async () => {
      setClock(undefined);
      await receiver.stop();
    });
    beforeEach(async () => {
      setClock(START);
      await getDb().delete(outbox);
      await getDb().delete(demoRequests);
      await getDb().delete(orders);
      await getDb().delete(webhookEndpoints);
      secret = newWebhookSecret();
      receiver.secrets = [secret];
      receiver.requests.length = 0;
      receiver.accepted.length = 0;
      receiver.duplicates = 0;
      receiver.plan = [];
      receiver.fallback = { kind: "ok" };
      const endpoint = await createEndpoint({
        url: receiver.url,
        description: "The sales CRM",
        eventTypes: [...webhookEventTypes],
        active: true,
        secret,
      });
      endpointId = endpoint.id;
    });
    afterEach(() => setClock(undefined));

    it("a booking, a reschedule, a cancel and a paid order arrive in that order, signed, with their records", async () => {
      const created = await createDemoRequest(lead(), await slotAt(DEMO));
      const booking = created.booking!;
      await drain(options);
      setClock(later(HOUR));
      expect((await rescheduleBooking(booking.id, await choiceAt(MOVED))).status).toBe("rescheduled");
      await drain(options);
      setClock(later(HOUR));
      expect((await cancelBooking(booking.id)).status).toBe("cancelled");
      await drain(options);
      setClock(later(HOUR));
      const { row: order } = await newOrder();
      expect(await settleOrder(order.id, "paid")).toBe(true);
      await drain(options);

      expect(receiver.requests.every((request) => request.verified)).toBe(true);
      expect(receiver.accepted.map((event) => event.type)).toEqual([
        "lead.created",
        "demo.booked",
        "demo.rescheduled",
        "demo.cancelled",
        "order.created",
        "order.paid",
      ]);
      expect(receiver.duplicates).toBe(0);
      const [leadCreated, booked, rescheduled, cancelled, orderCreated, orderPaid] = receiver.accepted;
      const leadRecord = {
        id: created.row.id,
        createdAt: created.row.createdAt.toISOString(),
        firstName: "Marta",
        lastName: created.row.lastName,
        email: created.row.email,
        phone: "+1 (555) 010-2030",
        company: "Lopez Landscaping",
        dealVolume: "26-50",
        challenges: "Scheduling crews",
        submissionId: created.row.submissionId,
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "spring-roofers",
        utmTerm: null,
        utmContent: null,
        clickId: null,
        referrerHost: null,
        landingPath: "/",
        consentVersion: null,
        consentPage: null,
      };
      expect(leadCreated).toEqual({
        id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
        type: "lead.created",
        version: 1,
        timestamp: START.toISOString(),
        data: leadRecord,
      });
      expect(booked.data).toEqual({
        ...leadRecord,
        booking: {
          id: booking.id,
          status: "booked",
          slotStart: DEMO.toISOString(),
          slotEnd: new Date(DEMO.getTime() + 15 * MINUTE).toISOString(),
          visitorTimeZone: null,
          sequence: 0,
          host: { id: booking.hostId, name: expect.any(String), email: expect.any(String) },
        },
      });
      // Each event carries the booking as it was when it happened.
      expect(rescheduled.data.booking).toMatchObject({ status: "booked", slotStart: MOVED.toISOString(), sequence: 1 });
      expect(cancelled.data.booking).toMatchObject({
        status: "cancelled",
        slotStart: MOVED.toISOString(),
        sequence: 2,
      });
      expect(orderCreated.data).toMatchObject({
        id: order.id,
        status: "pending",
        paidAt: null,
        planIds: ["scale-master"],
        totalCents: 39700,
        utmSource: "google",
        // A test-mode order says so, as Stripe's own events do.
        livemode: false,
      });
      expect(orderPaid.data).toMatchObject({
        id: order.id,
        status: "paid",
        paidAt: expect.any(String),
        livemode: false,
      });
      expect(new Set(receiver.accepted.map((event) => event.id)).size).toBe(6);
      expect(orderPaid.timestamp).toBe(now().toISOString());

      // The log: one attempt each, answered 200, with the first bytes of the answer.
      const attempts = await getDb().select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpointId));
      expect(attempts).toHaveLength(6);
      expect(
        attempts.every((attempt) => attempt.status === 200 && attempt.responseExcerpt === '{"received":true}'),
      ).toBe(true);
    });

    it("queues nothing for a record that was rolled back, and only what an endpoint asked for", async () => {
      await getDb()
        .update(webhookEndpoints)
        .set({ eventTypes: ["order.paid"] });
      const created = await createDemoRequest(lead());
      await expect(
        getDb().transaction(async (tx) => {
          const booking = await insertBooking(tx, { demoRequestId: created.row.id, choice: await choiceAt(DEMO) });
          await queueInviteAndReminders(tx, booking!, "REQUEST");
          throw new Error("rolled back on purpose");
        }),
      ).rejects.toThrow("rolled back on purpose");
      const { row: order } = await newOrder();
      await settleOrder(order.id, "expired");
      expect(await deliveries()).toHaveLength(0);
      const { row: paid } = await newOrder();
      await settleOrder(paid.id, "paid");
      // A second settle changes nothing and queues nothing.
      await settleOrder(paid.id, "paid");
      expect((await deliveries()).map((row) => (row.payload as { event: { type: string } }).event.type)).toEqual([
        "order.paid",
      ]);
    });

    it("two workers on their own connections: each delivery attempted once, each record's events in order", async () => {
      // Everything is queued before any worker runs; the workers then take small batches side by side, each with
      // its own pool on PostgreSQL, as two server instances would (SKIP LOCKED between them).
      const bookings = [];
      for (let index = 0; index < 4; index += 1) {
        const created = await createDemoRequest(lead(), await slotAt(new Date(DEMO.getTime() + index * HOUR)));
        bookings.push(created.booking!);
      }
      for (const booking of bookings) {
        await rescheduleBooking(booking.id, await choiceAt(new Date(booking.slotStart.getTime() + 24 * HOUR)));
        await cancelBooking(booking.id);
      }
      receiver.fallback = { kind: "ok", delayMs: 20 };
      const {
        databases: [first, second],
        close,
      } = workerDatabases(kind);
      try {
        for (let round = 0; round < 50 && receiver.accepted.length < 16; round += 1) {
          await Promise.all([
            drain({ ...options, db: first, batchSize: 3 }),
            drain({ ...options, db: second, batchSize: 2 }),
          ]);
        }
      } finally {
        await close();
      }
      expect(receiver.accepted).toHaveLength(16);
      expect(receiver.requests).toHaveLength(16);
      expect(receiver.duplicates).toBe(0);
      for (const booking of bookings) {
        const events = receiver.accepted.filter((event) => (event.data.id as string) === booking.demoRequestId);
        expect(events.map((event) => event.type)).toEqual([
          "lead.created",
          "demo.booked",
          "demo.rescheduled",
          "demo.cancelled",
        ]);
      }
    });

    it("holds a record's later events while an earlier one is being retried", async () => {
      receiver.plan = [{ kind: "status", status: 500 }];
      await createDemoRequest(lead(), await slotAt(DEMO));
      await processOutboxOnce(options);
      // lead.created failed; demo.booked was not sent ahead of it.
      expect(receiver.requests.map((request) => JSON.parse(request.body).type)).toEqual(["lead.created"]);
      const [leadCreated, booked] = await deliveries(endpointId);
      expect([leadCreated.status, leadCreated.attempts, booked.status, booked.attempts]).toEqual([
        "pending",
        1,
        "pending",
        0,
      ]);
      setClock(leadCreated.nextAttemptAt);
      await drain(options);
      expect(receiver.accepted.map((event) => event.type)).toEqual(["lead.created", "demo.booked"]);
    });

    it("the metrics follow a delivery that fails and then succeeds", async () => {
      registerDatabaseGauges();
      const metric = async (name: string, labels: Record<string, string>) =>
        sampleValue(await scrapeThisProcess(), name, labels);
      const attempts = (outcome: string) =>
        metric("groundwork_webhook_deliveries_total", { endpoint: endpointId, outcome });
      const webhookBacklog = async () => ({
        pending: await metric("groundwork_outbox_pending_messages", { kind: "webhook-delivery" }),
        oldestDue: await metric("groundwork_outbox_oldest_due_seconds", { kind: "webhook-delivery" }),
      });
      const before = { retrying: await attempts("retrying"), delivered: await attempts("delivered") };

      receiver.plan = [{ kind: "status", status: 500 }];
      await createDemoRequest(lead());
      // A second after it was queued (the database's clock has microseconds, the app's milliseconds).
      const [queued] = await deliveries(endpointId);
      setClock(new Date(queued.nextAttemptAt.getTime() + 1_000));
      const queuedBacklog = await webhookBacklog();
      expect(queuedBacklog.pending).toBe(1);
      expect(queuedBacklog.oldestDue).toBeCloseTo(1, 2);
      await processOutboxOnce(options);
      expect(await attempts("retrying")).toBe(before.retrying + 1);
      expect(await attempts("delivered")).toBe(before.delivered);

      // Due for half a minute, as when the worker is behind: the gauge says how long.
      const [delivery] = await deliveries(endpointId);
      setClock(new Date(delivery.nextAttemptAt.getTime() + 30_000));
      expect(await webhookBacklog()).toEqual({ pending: 1, oldestDue: 30 });
      await processOutboxOnce(options);
      expect(await attempts("delivered")).toBe(before.delivered + 1);
      expect(await attempts("retrying")).toBe(before.retrying + 1);
      expect(await webhookBacklog()).toEqual({ pending: 0, oldestDue: 0 });
      // Labelled by the endpoint's id, never its URL.
      expect(JSON.stringify(await scrapeThisProcess())).not.toContain(receiver.url);
    });

    describe("when the receiver misbehaves, every event still arrives exactly once, on the schedule", () => {
      const faults = [
        ["answers 500", { kind: "status", status: 500 }, /^HTTP 500$/],
        ["times out", { kind: "hang" }, /^no answer within 1500 ms$/],
        ["resets the connection", { kind: "reset" }, /^ECONNRESET/],
        [
          "answers a redirect",
          { kind: "redirect", location: "http://127.0.0.1:9/elsewhere" },
          /^HTTP 307: redirect to http:\/\/127\.0\.0\.1:9\/elsewhere not followed$/,
        ],
        ["is down", { kind: "down" }, /^ECONNREFUSED/],
      ] as const;

      for (const [name, fault, error] of faults) {
        it(`${name} three times`, async () => {
          if (fault.kind === "down") await receiver.down();
          else receiver.plan = [fault, fault, fault];
          const created = await createDemoRequest(lead());
          const [delivery] = await deliveries(endpointId);
          for (let attempt = 1; attempt <= 3; attempt += 1) {
            const before = now();
            await processOutboxOnce(options);
            const [row] = await deliveries(endpointId);
            expect(row.status).toBe("pending");
            expect(row.attempts).toBe(attempt);
            expect(row.lastError).toMatch(error);
            const delay = row.nextAttemptAt.getTime() - before.getTime();
            expect(delay).toBeGreaterThanOrEqual(nominalRetryDelayMs(attempt) * (1 - WEBHOOK_JITTER));
            expect(delay).toBeLessThanOrEqual(nominalRetryDelayMs(attempt) * (1 + WEBHOOK_JITTER));
            // Not before its time.
            setClock(new Date(row.nextAttemptAt.getTime() - 1));
            await processOutboxOnce(options);
            expect((await deliveries(endpointId))[0].attempts).toBe(attempt);
            setClock(row.nextAttemptAt);
          }
          if (fault.kind === "down") await receiver.up();
          await processOutboxOnce(options);
          const [done] = await deliveries(endpointId);
          expect(done.status).toBe("delivered");
          expect(receiver.accepted.map((event) => [event.type, event.data.id])).toEqual([
            ["lead.created", created.row.id],
          ]);
          const log = await getDb()
            .select()
            .from(webhookAttempts)
            .where(eq(webhookAttempts.deliveryId, delivery.id))
            .orderBy(webhookAttempts.attemptedAt);
          expect(log.map((attempt) => attempt.status)).toEqual(
            fault.kind === "status"
              ? [500, 500, 500, 200]
              : fault.kind === "redirect"
                ? [307, 307, 307, 200]
                : [null, null, null, 200],
          );
          if (fault.kind === "status") expect(log[0].responseExcerpt).toBe("failing on purpose: 500");
        });
      }

      it("sends a 1 GB answer: read no further than its first bytes, the app's memory stays bounded", async () => {
        receiver.plan = [{ kind: "huge", bytes: 1024 ** 3 }];
        receiver.hugeBytesWritten = 0;
        const heapBefore = process.memoryUsage().heapUsed;
        await createDemoRequest(lead());
        await processOutboxOnce(options);
        const [row] = await deliveries(endpointId);
        expect(row.status).toBe("delivered");
        expect(receiver.accepted).toHaveLength(1);
        // The connection was closed after the first kilobytes: the kernel's buffers took a few MB at most.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(receiver.hugeBytesWritten).toBeLessThan(64 * 1024 ** 2);
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 ** 2);
        const [attempt] = await getDb().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, row.id));
        expect(attempt.responseExcerpt).toBe("x".repeat(512));
      });

      it("a timed-out attempt the receiver did get is deduplicated by its webhook-id", async () => {
        receiver.plan = [{ kind: "ok", delayMs: 2_500 }];
        await createDemoRequest(lead());
        await processOutboxOnce(options);
        let [row] = await deliveries(endpointId);
        expect(row.lastError).toBe("no answer within 1500 ms");
        // The receiver kept the first copy once its slow answer was done.
        await expect.poll(() => receiver.accepted.length, { timeout: 10_000 }).toBe(1);
        setClock(row.nextAttemptAt);
        await processOutboxOnce(options);
        [row] = await deliveries(endpointId);
        expect(row.status).toBe("delivered");
        expect(receiver.requests.map((request) => request.id)).toEqual([
          receiver.accepted[0].id,
          receiver.accepted[0].id,
        ]);
        expect(receiver.duplicates).toBe(1);
        expect(receiver.accepted).toHaveLength(1);
      });
    });

    it("fails a delivery for good after about three days, disables the endpoint with why, and replays once it is back", async () => {
      receiver.fallback = { kind: "status", status: 503 };
      await createDemoRequest(lead());
      const first = now();
      for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
        await processOutboxOnce(options);
        const [row] = await deliveries(endpointId);
        expect(row.attempts).toBe(attempt);
        if (attempt < WEBHOOK_MAX_ATTEMPTS) setClock(row.nextAttemptAt);
      }
      const [failed] = await deliveries(endpointId);
      expect(failed.status).toBe("failed");
      const span = now().getTime() - first.getTime();
      expect(span).toBeGreaterThan(2.5 * 24 * HOUR);
      expect(span).toBeLessThan(4 * 24 * HOUR);
      const endpoint = await findEndpoint(endpointId);
      expect(endpoint?.disabledAt).not.toBeNull();
      expect(endpoint?.disabledReason).toMatch(/^Every delivery since .* failed \(last: HTTP 503\)\.$/);

      // Events keep being queued for the disabled endpoint (nothing lost) but are not sent.
      const requestsSoFar = receiver.requests.length;
      await createDemoRequest(lead());
      await processOutboxOnce(options);
      expect(receiver.requests).toHaveLength(requestsSoFar);
      expect((await deliveries(endpointId)).map((row) => row.status)).toEqual(["failed", "failed"]);
      expect((await deliveries(endpointId))[1].lastError).toMatch(/^not sent, endpoint disabled: Every delivery since/);

      receiver.fallback = { kind: "ok" };
      await enableEndpoint(endpointId);
      expect(await replayFailed(endpointId, new Date(Date.now() - HOUR), new Date(Date.now() + HOUR), now())).toBe(2);
      await drain(options);
      expect(receiver.accepted.map((event) => event.type)).toEqual(["lead.created", "lead.created"]);
      expect((await deliveries(endpointId)).map((row) => row.status)).toEqual(["delivered", "delivered"]);
    });

    it("signs with both secrets during a rotation's grace period, and with the new one alone after it", async () => {
      const oldSecret = secret;
      const newSecret = newWebhookSecret();
      await rotateSecret(endpointId, newSecret, new Date(now().getTime() + SECRET_GRACE_MS));
      receiver.secrets = [oldSecret, newSecret];
      await createDemoRequest(lead());
      await processOutboxOnce(options);
      const during = receiver.requests.at(-1)!;
      expect(during.verifiedBy).toEqual([oldSecret, newSecret]);
      expect(during.signature.split(" ")).toHaveLength(2);

      setClock(new Date(now().getTime() + SECRET_GRACE_MS + MINUTE));
      await createDemoRequest(lead());
      await processOutboxOnce(options);
      const after = receiver.requests.at(-1)!;
      expect(after.verifiedBy).toEqual([newSecret]);
      expect(verifiesWith(oldSecret, after.id, after.timestamp, after.body, after.signature)).toBe(false);
      expect(after.signature.split(" ")).toHaveLength(1);
    });

    it("writes the endpoint WEBHOOK_URL declares at start-up, follows its secret, and switches it off when unset", async () => {
      const saved = { url: process.env.WEBHOOK_URL, secret: process.env.WEBHOOK_SECRET };
      const configure = (url?: string, secret?: string) => {
        for (const [key, value] of [
          ["WEBHOOK_URL", url],
          ["WEBHOOK_SECRET", secret],
        ] as const) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
        forget("env");
      };
      try {
        const [first, second] = [newWebhookSecret(), newWebhookSecret()];
        configure(receiver.url, first);
        await applyWebhookEnvironment();
        // Every instance runs it at start-up: twice changes nothing.
        await applyWebhookEnvironment();
        let endpoint = await findEndpoint(ENVIRONMENT_ENDPOINT_ID);
        expect(openSigningSecret(endpoint!.secret)).toBe(first);
        expect(endpoint).toMatchObject({
          url: receiver.url,
          previousSecret: null,
          eventTypes: [...webhookEventTypes],
          active: true,
          fromEnvironment: true,
        });

        setClock(later(HOUR));
        configure(receiver.url, second);
        await applyWebhookEnvironment();
        endpoint = await findEndpoint(ENVIRONMENT_ENDPOINT_ID);
        expect(openSigningSecret(endpoint!.secret)).toBe(second);
        expect(openSigningSecret(endpoint!.previousSecret!)).toBe(first);
        expect(endpoint?.previousSecretExpiresAt?.toISOString()).toBe(later(SECRET_GRACE_MS).toISOString());
        // It gets every event like any endpoint, signed with both secrets for now.
        receiver.secrets = [first];
        await createDemoRequest(lead());
        await drain(options);
        const toEnvironment = receiver.requests.filter((request) => request.verifiedBy.includes(first));
        expect(toEnvironment).toHaveLength(1);

        configure(undefined, undefined);
        await applyWebhookEnvironment();
        endpoint = await findEndpoint(ENVIRONMENT_ENDPOINT_ID);
        expect(endpoint?.active).toBe(false);
        expect(endpoint?.url).toBe(receiver.url);
      } finally {
        configure(saved.url, saved.secret);
      }
    });

    it("1,000 leads in a burst with a slow receiver: every one delivered once, none in the request", async () => {
      // The leads are all stored before any delivery is tried: the write only queues (ADR 0033). What this costs
      // the POST's latency is measured by `npm run bench` (webhooks scenario), not asserted here.
      receiver.fallback = { kind: "ok", delayMs: 200 };
      const leads = Array.from({ length: 1000 }, () => lead());
      const stored = [];
      for (let index = 0; index < leads.length; index += 50) {
        stored.push(...(await Promise.all(leads.slice(index, index + 50).map((input) => createDemoRequest(input)))));
      }
      expect(stored.every((result) => result.created)).toBe(true);
      expect(receiver.requests).toHaveLength(0);
      expect(await deliveries(endpointId)).toHaveLength(1000);
      for (let round = 0; round < 100 && receiver.accepted.length < 1000; round += 1) {
        await processOutboxOnce({ ...options, batchSize: 100 });
      }
      expect(receiver.accepted).toHaveLength(1000);
      expect(new Set(receiver.accepted.map((event) => event.data.id))).toEqual(
        new Set(stored.map((result) => result.row.id)),
      );
      expect(receiver.duplicates).toBe(0);
      // A workload, not a budget: a machine also running the browser tests takes several times longer.
    }, 300_000);
  },
  { WEBHOOK_ALLOW_PRIVATE: "true", OUTBOX_WORKER: "off" },
);
