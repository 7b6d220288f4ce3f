// The shared character rules (app/schemas/text-rules.ts) hold at every entrance, on both databases: nothing
// with a line break, a lone surrogate, a direction override or a zero-width character is stored.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { demoRequests, orders } from "~/db/schema.server";
import { action as checkoutApiAction } from "~/routes/api.create-checkout-session";
import { action as demoApiAction } from "~/routes/api.demo-requests";
import { handleInfoStep } from "~/services/checkout/flow.server";
import { getDb } from "~/db/connection.server";
import { describeWithDatabases } from "../support/database";
import { origin } from "../support/route-calls";

const args = (request: Request) => ({ request, params: {}, context: {} });

async function postJson(path: string, body: unknown, action: typeof demoApiAction) {
  const request = new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await action(args(request))) as Response;
}

describeWithDatabases(
  "input hygiene at every entrance",
  (kind) => {
    it("the checkout API refuses a CRLF full name, a worded phone and a lone surrogate, and stores no order", async () => {
      const email = `hygiene-${kind}@ruizroofing.com`;
      const order = (userInfo: Record<string, string>) => ({
        planIds: ["scale-master"],
        amount: 397,
        isAnnual: false,
        userInfo: { companyName: "Ruiz Roofing", fullName: "Ana Ruiz", email, phone: "+1 555 010 2000", ...userInfo },
      });
      const crlf = await postJson(
        "/api/create-checkout-session",
        order({ fullName: "Ana\r\nBcc: everyone@example.com" }),
        checkoutApiAction,
      );
      expect(crlf.status).toBe(422);
      expect((await crlf.json()).fieldErrors).toEqual({ "userInfo.fullName": "Full name must be on one line" });
      const worded = await postJson(
        "/api/create-checkout-session",
        order({ phone: "call me maybe now" }),
        checkoutApiAction,
      );
      expect(worded.status).toBe(422);
      expect((await worded.json()).fieldErrors).toEqual({ "userInfo.phone": "Valid phone number is required" });
      const surrogate = await postJson(
        "/api/create-checkout-session",
        order({ companyName: "Ruiz \uD800Roofing" }),
        checkoutApiAction,
      );
      expect(surrogate.status).toBe(422);
      expect((await surrogate.json()).fieldErrors).toEqual({
        "userInfo.companyName": "Company name contains characters that are not allowed",
      });
      expect(await getDb().select().from(orders).where(eq(orders.email, email))).toHaveLength(0);
    });

    it("checkout step 1 without JavaScript answers the same field errors and keeps nothing in the cookie", async () => {
      const fields: Array<[string, string]> = [
        ["companyName", "Ruiz\u200BRoofing"],
        ["fullName", "Ana\u202ERuiz"],
        ["email", "ana@ruizroofing.com"],
        ["phone", "call me maybe now"],
      ];
      const request = new Request(`${origin}/?index&checkout=info`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const response = await handleInfoStep(request, new URLSearchParams(fields) as unknown as FormData);
      expect(response.status).toBe(422);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const body = await response.json();
      expect(body.fieldErrors).toEqual({
        companyName:
          "Company name contains invisible characters (such as text-direction marks or zero-width spaces); please retype it",
        fullName:
          "Full name contains invisible characters (such as text-direction marks or zero-width spaces); please retype it",
        phone: "Valid phone number is required",
      });
    });

    it("the demo API refuses direction overrides, zero-width characters and U+2028/U+0085 in names, company and phone", async () => {
      const email = `hygiene-demo-${kind}@ruizroofing.com`;
      const lead = { firstName: "Ana", lastName: "Ruiz", email, phone: "+1 555 010 2000", company: "Ruiz Roofing" };
      for (const [field, value] of [
        ["firstName", "Ana\u202E"],
        ["lastName", "Ru\u200Biz"],
        ["company", "Ruiz\u2028Roofing"],
        ["company", "Ruiz\u0085Roofing"],
        ["phone", "+1 555\u2066 010 2000"],
      ] as const) {
        const response = await postJson("/api/demo-requests", { ...lead, [field]: value }, demoApiAction);
        expect(response.status, `${field}: ${JSON.stringify(value)}`).toBe(422);
        expect(Object.keys((await response.json()).fieldErrors)).toEqual([field]);
      }
      expect(await getDb().select().from(demoRequests).where(eq(demoRequests.email, email))).toHaveLength(0);
      expect((await postJson("/api/demo-requests", lead, demoApiAction)).status).toBe(201);
    });
  },
  { APP_URL: origin, RATE_LIMIT_PER_EMAIL: "1000" },
);
