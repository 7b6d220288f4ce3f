// Issue #53: a Checkout Session paid after its order was erased (or expired, or canceled) is never silently applied.
// Through the real webhook route with signed events: the payment is recorded in payments_without_order, raises
// groundwork_payments_without_order_total, is logged at error level and shows on the admin's orders page; Stripe
// still gets its 200 (retrying would not bring the order back), and a redelivery records it once. The admin marks
// one resolved with a plain form post: it leaves the notice (retention then deletes it; tests/integration/retention).
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { orders, paymentsWithoutOrder } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { createOrderForAttempt, setOrderSession } from "~/models/checkout/order.server";
import { erasePerson } from "~/models/privacy/person.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin._index";
import { getToast } from "~/utils/http/toast.server";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { describeWithDatabases } from "../support/database";
import { capturedLogLines } from "../support/log-lines";
import { parseExposition, sampleValue, scrapeThisProcess } from "../support/metrics";
import { adminSessionCookie } from "../support/admin-sign-in.mjs";
import { freePort, startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { args, origin, respond, signIn } from "../support/route-calls";

const secret = "whsec_test_secret_for_unmatched_payments";
const metric = "groundwork_payments_without_order_total";

async function makeOrder(email: string) {
  const { row: order } = await createOrderForAttempt({
    planIds: ["scale-master"],
    billingPeriod: "monthly",
    subtotalCents: 39700,
    discountCents: 0,
    totalCents: 39700,
    currency: "usd",
    couponCode: null,
    companyName: "Erased Roofing",
    fullName: "Eve Erased",
    email,
    phone: "5550109999",
    provider: "stripe",
    livemode: false,
    attemptId: crypto.randomUUID(),
  });
  const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await setOrderSession(order.id, sessionId);
  return { orderId: order.id, sessionId };
}

function paidEvent(orderId: string, sessionId: string, eventId = `evt_${crypto.randomUUID().replaceAll("-", "")}`) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: orderId,
        payment_status: "paid",
        amount_total: 39700,
        currency: "usd",
        metadata: { orderId },
      },
    },
  });
}

async function deliver(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(Date.now() / 1000),
  });
  const request = new Request(`${origin}/api/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return (await webhook(args(request))) as Response;
}

const metricValue = async () => sampleValue(await scrapeThisProcess(), metric);

describeWithDatabases(
  "a payment whose order is gone (issue #53)",
  (kind) => {
    it("is recorded, counted, logged and shown to admins, once however often Stripe delivers it", async () => {
      const email = `eve.${kind}@erased.example`;
      const { orderId, sessionId } = await makeOrder(email);
      // The customer asks to be forgotten while the order is still pending; then the payment goes through.
      expect(await erasePerson(email, { by: "admin", at: new Date() })).toMatchObject({ ordersErased: 1 });
      const before = await metricValue();

      const payload = paidEvent(orderId, sessionId);
      const lines = await capturedLogLines(async () => {
        const response = await deliver(payload);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ received: true, duplicate: false });
      });
      const recorded = await getDb()
        .select()
        .from(paymentsWithoutOrder)
        .where(eq(paymentsWithoutOrder.providerSessionId, sessionId));
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        orderRef: orderId,
        reason: "order-missing",
        amountTotalCents: 39700,
        currency: "usd",
        livemode: false,
      });
      // The erased customer is not written back by it.
      expect(JSON.stringify(recorded)).not.toContain("erased.example");
      expect(await getDb().select().from(orders).where(eq(orders.id, orderId))).toHaveLength(0);
      expect(await metricValue()).toBe(before + 1);
      const alert = lines.map((line) => JSON.parse(line)).find((line) => line.message?.includes("has no order"));
      expect(alert).toMatchObject({ level: "error", sessionId });

      // Stripe redelivers the same event: nothing new.
      expect(await (await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
      expect(
        await getDb().select().from(paymentsWithoutOrder).where(eq(paymentsWithoutOrder.providerSessionId, sessionId)),
      ).toHaveLength(1);
      expect(await metricValue()).toBe(before + 1);

      await createUser(`unmatched-${kind}`, "a-long-test-passphrase");
      const session = await signIn(`unmatched-${kind}`, "a-long-test-passphrase");
      const page = await respond(() =>
        adminLoader(args(new Request(`${origin}/admin`, { headers: { Cookie: session } }))),
      );
      const { paymentsWithoutOrder: notice } = await page.json();
      expect(notice).toEqual([
        expect.objectContaining({ providerSessionId: sessionId, reason: "order-missing", amountTotalCents: 39700 }),
      ]);

      // Refunded in Stripe, the admin marks it resolved: it leaves the notice, kept with its resolution time.
      const resolve = async (fields: Record<string, string>) => {
        const request = new Request(`${origin}/admin`, {
          method: "POST",
          headers: { Cookie: session, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
        const response = await respond(() => adminAction(args(request)));
        const cookies = response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(";")[0])
          .join("; ");
        const { toast } = await getToast(new Request(origin, { headers: { Cookie: cookies } }));
        return { status: response.status, location: response.headers.get("Location"), toast: toast?.message };
      };
      expect(await resolve({ intent: "resolve-payment" })).toMatchObject({ status: 400 });
      expect(await resolve({ intent: "resolve-payment", paymentId: notice[0].id })).toEqual({
        status: 302,
        location: "/admin#orders-heading",
        toast: "Payment marked resolved",
      });
      const [resolved] = await getDb()
        .select()
        .from(paymentsWithoutOrder)
        .where(eq(paymentsWithoutOrder.providerSessionId, sessionId));
      expect(resolved.resolvedAt).toBeInstanceOf(Date);
      const after = await respond(() =>
        adminLoader(args(new Request(`${origin}/admin`, { headers: { Cookie: session } }))),
      );
      expect((await after.json()).paymentsWithoutOrder).toEqual([]);
      // Twice (another tab): nothing changes, and the admin is told.
      expect(await resolve({ intent: "resolve-payment", paymentId: notice[0].id })).toMatchObject({
        status: 302,
        toast: "Payment not found",
      });
    });

    it("a paid order's second event, and a payment that settles its order, record nothing", async () => {
      const { orderId, sessionId } = await makeOrder(`paid.${kind}@erased.example`);
      const before = await metricValue();
      await deliver(paidEvent(orderId, sessionId));
      await deliver(paidEvent(orderId, sessionId));
      const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
      expect(order.status).toBe("paid");
      expect(
        await getDb().select().from(paymentsWithoutOrder).where(eq(paymentsWithoutOrder.providerSessionId, sessionId)),
      ).toHaveLength(0);
      expect(await metricValue()).toBe(before);
    });
  },
  { STRIPE_WEBHOOK_SECRET: secret, LOG_LEVEL: "info" },
);

// The same through the production build on real sockets (needs `npm run build` first), on each database: a signed
// payment for an order that is not there is answered 200, counted on the metrics port and shown on /admin.
describe.each(["pglite", "postgres"] as const)("a payment whose order is gone, production build [%s]", (kind) => {
  const admin = { username: `unmatched-server-${kind}`, password: "unmatched-server-password-1" };
  let app: Awaited<ReturnType<typeof startAppServer>>;
  let database: { name: string; url: string } | undefined;
  let metricsPort: number;
  beforeAll(async () => {
    if (kind === "postgres") database = await createDatabase("gw_unmatched_payment");
    metricsPort = (await freePort()) as number;
    app = await startAppServer({
      env: {
        ...(database ? { DATABASE_URL: database.url } : {}),
        STRIPE_WEBHOOK_SECRET: secret,
        METRICS_PORT: String(metricsPort),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    if (database) await dropDatabase(database.name);
  });

  it("is answered 200, counted and listed for the admin", async () => {
    const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
    const payload = paidEvent(crypto.randomUUID(), sessionId);
    const response = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    const scraped = parseExposition(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    expect(sampleValue(scraped, metric)).toBe(1);
    const cookie = await adminSessionCookie(app.baseUrl, admin);
    const page = await fetch(`${app.baseUrl}/admin`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("A payment has no order");
    expect(html).toContain(`Checkout Session <code>${sessionId}</code>`);
    expect(html).toContain("its order was deleted (erased or past retention) while unpaid");

    // The notice's own form, posted as a browser without JavaScript would: the payment leaves the notice.
    const paymentId = /name="paymentId" value="([^"]+)"/.exec(html)?.[1];
    expect(paymentId).toBeTruthy();
    // Remix's <Form> in the index route posts to the route's own address, `?index` included.
    expect(html).toContain('<form method="post" action="/admin?index"');
    const resolved = await fetch(`${app.baseUrl}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: app.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "resolve-payment", paymentId: paymentId! }),
    });
    expect(resolved.status).toBe(302);
    const after = await (await fetch(`${app.baseUrl}/admin`, { headers: { Cookie: cookie } })).text();
    expect(after).not.toContain("A payment has no order");
  });
});
