import { eq } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import { orders } from "~/db/schema.server";
import { action } from "~/routes/api.create-checkout-session";
import { getDb } from "~/db/connection.server";
import { startFakeStripe } from "../fakes/fake-stripe.mjs";
import { describeWithDatabases } from "../support/database";

// The real stripe SDK, pointed at a local fake that records exactly what it was sent.
const fake = await startFakeStripe({ promotionCodes: [{ code: "SPRING10", id: "promo_spring10", percentOff: 10 }] });
afterAll(() => fake.stop());

const userInfo = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
};

async function post(body: unknown): Promise<Response> {
  const request = new Request("http://localhost:3000/api/create-checkout-session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  // Read as a plain Response, the way an HTTP client sees it.
  return (await action({ request, params: {}, context: {} })) as Response;
}

describeWithDatabases(
  "POST /api/create-checkout-session (Stripe)",
  () => {
    beforeEach(() => {
      fake.requests.length = 0;
      fake.setFailure(0);
    });

    it("creates one subscription-mode Checkout Session with one price_data line per plan", async () => {
      const attemptId = crypto.randomUUID();
      const response = await post({
        planIds: ["business-builder", "scale-master"],
        amount: 644,
        isAnnual: false,
        couponCode: "",
        userInfo,
        attemptId,
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      const creates = fake.sessionCreates();
      expect(creates).toHaveLength(1);
      const form = creates[0].form;
      expect(form.get("mode")).toBe("subscription");
      expect(form.get("line_items[0][price_data][unit_amount]")).toBe("24700");
      expect(form.get("line_items[1][price_data][unit_amount]")).toBe("39700");
      expect(form.get("line_items[0][price_data][product_data][name]")).toBe("Business Builder");
      expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
      expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
      expect(form.get("line_items[1][quantity]")).toBe("1");
      expect(form.get("customer_email")).toBe("ana@ruizroofing.com");
      expect(form.get("client_reference_id")).toBe(body.orderId);
      expect(form.get("metadata[orderId]")).toBe(body.orderId);
      expect(form.get("subscription_data[metadata][orderId]")).toBe(body.orderId);
      expect(form.get("allow_promotion_codes")).toBe("true");
      expect(form.get("success_url")).toBe("http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}");
      expect(form.get("cancel_url")).toBe("http://localhost:3000/?checkout=plan");
      expect(creates[0].headers["idempotency-key"]).toBe(`checkout-${body.orderId}`);
      expect(body.url).toMatch(new RegExp(`^${fake.origin}/pay/cs_test_fake_`));
      const [order] = await getDb().select().from(orders).where(eq(orders.id, body.orderId));
      expect(order.provider).toBe("stripe");
      expect(body.url).toContain(order.providerSessionId);
    });

    it("sends annual prices with a yearly interval and a validated promotion code as a discount", async () => {
      const response = await post({
        planIds: ["business-builder"],
        amount: 2470,
        isAnnual: true,
        couponCode: "SPRING10",
        userInfo,
      });
      expect(response.status).toBe(200);
      const lookups = fake.requests.filter((entry) => entry.path.startsWith("/v1/promotion_codes"));
      expect(lookups).toHaveLength(1);
      const query = new URL(lookups[0].path, fake.origin).searchParams;
      expect(query.get("code")).toBe("SPRING10");
      expect(query.get("active")).toBe("true");
      const form = fake.sessionCreates()[0].form;
      expect(form.get("line_items[0][price_data][unit_amount]")).toBe("247000");
      expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("year");
      expect(form.get("discounts[0][promotion_code]")).toBe("promo_spring10");
      expect(form.get("allow_promotion_codes")).toBeNull();
      const [order] = await getDb()
        .select()
        .from(orders)
        .where(eq(orders.id, (await response.json()).orderId));
      expect(order).toMatchObject({
        subtotalCents: 247000,
        discountCents: 24700,
        totalCents: 222300,
        couponCode: "SPRING10",
      });
    });

    it("a used attempt id with another order opens no session; the same order sent again gets its own session back", async () => {
      const attemptId = crypto.randomUUID();
      const order = { planIds: ["scale-master"], amount: 397, isAnnual: false, couponCode: "", userInfo, attemptId };
      const first = await (await post(order)).json();
      const other = await post({
        ...order,
        planIds: ["power-platform"],
        amount: 697,
        userInfo: { ...userInfo, email: "m@mallory.example", fullName: "Mallory M" },
      });
      expect(other.status).toBe(409);
      expect(await other.text()).not.toContain("cs_test_fake_");
      const again = await (await post(order)).json();
      expect(again).toEqual(first);
      const creates = fake.sessionCreates();
      expect(creates.map((create) => create.headers["idempotency-key"])).toEqual([
        `checkout-${first.orderId}`,
        `checkout-${first.orderId}`,
      ]);
    });

    it("answers 502 with the spec's message when Stripe fails, and cancels the order", async () => {
      fake.setFailure(500);
      const attemptId = crypto.randomUUID();
      const response = await post({
        planIds: ["power-platform"],
        amount: 697,
        isAnnual: false,
        couponCode: "",
        userInfo,
        attemptId,
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: "Failed to initialize payment. Please try again." });
      const [order] = await getDb().select().from(orders).where(eq(orders.attemptId, attemptId));
      expect(order.status).toBe("canceled");
    });
  },
  {
    APP_URL: "http://localhost:3000",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: "http",
    RATE_LIMIT_PER_EMAIL: "1000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);
