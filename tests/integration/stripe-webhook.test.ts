import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect, it } from "vitest";
import { funnelDailyCounts, orders, stripeEvents } from "~/db/schema.server";
import { funnelTotals } from "~/models/insight/funnel.server";
import { funnelDay } from "~/services/insight/funnel.server";
import { createOrderForAttempt, setOrderSession } from "~/models/checkout/order.server";
import { action } from "~/routes/api.stripe.webhook";
import { getDb } from "~/db/connection.server";
import { describeWithDatabases } from "../support/database";

const secret = "whsec_test_secret_for_webhooks";

async function makeOrder() {
  const { row: order } = await createOrderForAttempt({
    planIds: ["scale-master"],
    billingPeriod: "monthly",
    subtotalCents: 39700,
    discountCents: 0,
    totalCents: 39700,
    currency: "usd",
    couponCode: null,
    companyName: "Ruiz Roofing",
    fullName: "Ana Ruiz",
    email: "ana@ruizroofing.com",
    phone: "5550102000",
    provider: "stripe",
    livemode: false,
    attemptId: crypto.randomUUID(),
  });
  const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await setOrderSession(order.id, sessionId);
  return { orderId: order.id, sessionId };
}

function eventPayload(
  type: string,
  orderId: string,
  sessionId: string,
  eventId = `evt_${crypto.randomUUID().replaceAll("-", "")}`,
) {
  return JSON.stringify(
    {
      id: eventId,
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          client_reference_id: orderId,
          payment_status: type.endsWith("completed") ? "paid" : "unpaid",
          metadata: { orderId },
        },
      },
    },
    null,
    2,
  );
}

function deliver(payload: string, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  const request = new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: options.body ?? payload,
  });
  return action({ request, params: {}, context: {} });
}

async function statusOf(orderId: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
  return order.status;
}

describeWithDatabases(
  "POST /api/stripe/webhook",
  () => {
    it("marks the order paid on a signed checkout.session.completed", async () => {
      const { orderId, sessionId } = await makeOrder();
      const response = await deliver(eventPayload("checkout.session.completed", orderId, sessionId));
      expect(response.status).toBe(200);
      expect(await statusOf(orderId)).toBe("paid");
    });

    it("counts a payment once in the funnel, when it settles the order, and stamps paid_at", async () => {
      await getDb().delete(funnelDailyCounts);
      const { orderId, sessionId } = await makeOrder();
      const eventId = `evt_${crypto.randomUUID().replaceAll("-", "")}`;
      const payload = eventPayload("checkout.session.completed", orderId, sessionId, eventId);
      expect((await deliver(payload)).status).toBe(200);
      // A retried delivery, and another event for the same session, change nothing.
      expect((await deliver(payload)).status).toBe(200);
      expect((await deliver(eventPayload("checkout.session.completed", orderId, sessionId))).status).toBe(200);
      const day = funnelDay();
      expect(await funnelTotals(day, day)).toMatchObject({ order_paid: 1, order_created: 0 });
      const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
      expect(order.paidAt).toBeInstanceOf(Date);
      // An expired session is no payment.
      const expiring = await makeOrder();
      await deliver(eventPayload("checkout.session.expired", expiring.orderId, expiring.sessionId));
      expect((await funnelTotals(day, day)).order_paid).toBe(1);
    });

    it("marks the order expired on checkout.session.expired", async () => {
      const { orderId, sessionId } = await makeOrder();
      expect((await deliver(eventPayload("checkout.session.expired", orderId, sessionId))).status).toBe(200);
      expect(await statusOf(orderId)).toBe("expired");
    });

    it("refuses a wrong secret, a stale timestamp and a re-serialised body with 400 and changes nothing", async () => {
      const { orderId, sessionId } = await makeOrder();
      const payload = eventPayload("checkout.session.completed", orderId, sessionId);
      const wrong = await deliver(payload, { secret: "whsec_someone_else" });
      expect(wrong.status).toBe(400);
      const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 60 * 60 });
      expect(stale.status).toBe(400);
      // Same JSON, different bytes: the signature covers the bytes, so this must fail.
      const reserialised = await deliver(payload, { body: JSON.stringify(JSON.parse(payload)) });
      expect(reserialised.status).toBe(400);
      const unsigned = await action({
        request: new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", body: payload }),
        params: {},
        context: {},
      });
      expect(unsigned.status).toBe(400);
      expect(await statusOf(orderId)).toBe("pending");
      const eventId = JSON.parse(payload).id;
      expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(0);
    });

    it("processes the same event once however often it is delivered", async () => {
      const { orderId, sessionId } = await makeOrder();
      const eventId = `evt_${crypto.randomUUID().replaceAll("-", "")}`;
      const payload = eventPayload("checkout.session.expired", orderId, sessionId, eventId);
      const first = await deliver(payload);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      // The order is set back to pending by hand: a second application of the event would expire it again.
      await getDb().update(orders).set({ status: "pending" }).where(eq(orders.id, orderId));
      const second = await deliver(payload);
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({ received: true, duplicate: true });
      expect(await statusOf(orderId)).toBe("pending");
      expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
    });

    it("never moves a paid order back", async () => {
      const { orderId, sessionId } = await makeOrder();
      await deliver(eventPayload("checkout.session.completed", orderId, sessionId));
      await deliver(eventPayload("checkout.session.expired", orderId, sessionId));
      expect(await statusOf(orderId)).toBe("paid");
    });
  },
  { STRIPE_WEBHOOK_SECRET: secret },
);
