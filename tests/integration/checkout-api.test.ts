import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orders } from "~/db/schema.server";
import { action } from "~/routes/api.create-checkout-session";
import { getDb } from "~/db/connection.server";
import { ATTEMPT_CONFLICT } from "~/services/checkout/flow.server";
import { describeWithDatabases } from "../support/database";

const userInfo = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
};

async function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request("http://localhost:3000/api/create-checkout-session", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  // Read as a plain Response, the way an HTTP client sees it.
  return (await action({ request, params: {}, context: {} })) as Response;
}

const valid = () => ({
  planIds: ["business-builder", "scale-master"],
  planNames: ["Business Builder", "Scale Master"],
  amount: 644,
  isAnnual: false,
  couponCode: "",
  userInfo,
});

describeWithDatabases(
  "POST /api/create-checkout-session (test mode)",
  () => {
    it("answers 200 with a url and records a pending order priced by the server", async () => {
      const response = await post(valid());
      expect(response.status).toBe(200);
      const body = await response.json();
      // The test checkout opens only from its signed link (the order id alone is not enough).
      expect(body.url).toMatch(new RegExp(`^http://localhost:3000/checkout/test/${body.orderId}\\?token=[\\w-]{43}$`));
      const [order] = await getDb().select().from(orders).where(eq(orders.id, body.orderId));
      expect(order).toMatchObject({
        status: "pending",
        planIds: ["business-builder", "scale-master"],
        billingPeriod: "monthly",
        subtotalCents: 64400,
        discountCents: 0,
        totalCents: 64400,
        provider: "test",
        livemode: false,
        email: "ana@ruizroofing.com",
        providerSessionId: `test_${body.orderId}`,
      });
    });

    it("prices annual billing and applies a configured coupon", async () => {
      const response = await post({
        ...valid(),
        planIds: ["business-builder"],
        amount: 2470,
        isAnnual: true,
        couponCode: "launch20",
      });
      expect(response.status).toBe(200);
      const { orderId } = await response.json();
      const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        billingPeriod: "annual",
        subtotalCents: 247000,
        discountCents: 49400,
        totalCents: 197600,
        couponCode: "LAUNCH20",
      });
    });

    it("refuses a tampered amount with 400 and stores nothing", async () => {
      const before = (await getDb().select().from(orders)).length;
      const response = await post({ ...valid(), amount: 1 });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Amount does not match the selected plans" });
      // The annual figure for monthly billing is tampering too.
      expect((await post({ ...valid(), amount: 6440 })).status).toBe(400);
      expect((await getDb().select().from(orders)).length).toBe(before);
    });

    it("refuses unknown, duplicate and empty plan ids with 400", async () => {
      const unknown = await post({ ...valid(), planIds: ["business-builder", "gold"], amount: 247 });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).error).toMatch(/Unknown plan: gold/);
      const duplicate = await post({ ...valid(), planIds: ["scale-master", "scale-master"], amount: 794 });
      expect(duplicate.status).toBe(400);
      expect((await duplicate.json()).error).toMatch(/more than once/);
      const empty = await post({ ...valid(), planIds: [], amount: 0 });
      expect(empty.status).toBe(400);
      expect((await empty.json()).error).toBe("Choose at least one plan.");
    });

    it("refuses bad JSON with 400, a wrong content type with 415 and an oversized body with 413", async () => {
      const bad = await post("{not json");
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatch(/not valid JSON/);
      const form = await post("planIds=x", { "Content-Type": "application/x-www-form-urlencoded" });
      expect(form.status).toBe(415);
      const huge = await post({ ...valid(), planNames: ["x".repeat(20_000)] });
      expect(huge.status).toBe(413);
    });

    it("answers 422 with the spec's messages for missing or invalid userInfo fields", async () => {
      const response = await post({
        ...valid(),
        userInfo: { companyName: "A", email: "not-an-email", phone: "12345" },
      });
      expect(response.status).toBe(422);
      const body = await response.json();
      expect(body.error).toBeTruthy();
      expect(body.fieldErrors).toEqual({
        "userInfo.companyName": "Company name is required",
        "userInfo.fullName": "Full name is required",
        "userInfo.email": "Valid email address is required",
        "userInfo.phone": "Valid phone number is required",
      });
      const missing = await post({ ...valid(), userInfo: undefined });
      expect(missing.status).toBe(422);
    });

    it("refuses an unknown coupon with 400 and a cross-site post with 403", async () => {
      const coupon = await post({ ...valid(), couponCode: "FREEMONEY" });
      expect(coupon.status).toBe(400);
      expect((await coupon.json()).error).toBe('Coupon "FREEMONEY" is not valid.');
      const crossSite = await post(valid(), { Origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
    });

    it("makes one order per attempt id however often the attempt is sent", async () => {
      const attemptId = crypto.randomUUID();
      const first = await (await post({ ...valid(), attemptId })).json();
      const second = await (await post({ ...valid(), attemptId })).json();
      expect(second).toEqual(first);
      const rows = await getDb().select().from(orders).where(eq(orders.attemptId, attemptId));
      expect(rows).toHaveLength(1);
    });

    it("refuses another order under a used attempt id with 409: never the first order, its link or its buyer", async () => {
      const attemptId = crypto.randomUUID();
      const first = await (await post({ ...valid(), attemptId })).json();
      const other = {
        planIds: ["power-platform"],
        amount: 697,
        isAnnual: false,
        couponCode: "",
        userInfo: {
          companyName: "Mallory Gutters",
          fullName: "Mallory M",
          email: "m@mallory.example",
          phone: "+1 555 010 9999",
        },
        attemptId,
      };
      // Other plans and buyer, then the same plans with another buyer: each is another request.
      for (const body of [other, { ...valid(), userInfo: other.userInfo, attemptId }]) {
        const response = await post(body);
        expect(response.status).toBe(409);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: ATTEMPT_CONFLICT });
        for (const value of [first.orderId, first.url, userInfo.email, userInfo.fullName])
          expect(text).not.toContain(value);
      }
      const rows = await getDb().select().from(orders).where(eq(orders.attemptId, attemptId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.orderId, email: userInfo.email });
      // The first request, sent again, still gets its own order.
      expect(await (await post({ ...valid(), attemptId })).json()).toEqual(first);
    });
  },
  {
    COUPONS: "LAUNCH20:20",
    APP_URL: "http://localhost:3000",
    RATE_LIMIT_PER_EMAIL: "1000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);
