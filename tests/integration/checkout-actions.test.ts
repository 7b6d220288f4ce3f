import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orders } from "~/db/schema.server";
import { action as apiAction } from "~/routes/api.create-checkout-session";
import {
  ATTEMPT_CONFLICT,
  handleInfoStep,
  handlePayStep,
  readCheckoutState,
  saveCheckoutState,
} from "~/services/checkout/flow.server";
import { getToast } from "~/utils/http/toast.server";
import { getDb } from "~/db/connection.server";
import { describeWithDatabases } from "../support/database";
import { cookiesOf } from "../support/route-calls";

// The rate-limit windows live in the process, shared by both database runs: each run uses its own addresses.
const baseInfo = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
};

function formRequest(fields: Array<[string, string]>, cookie?: string) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost:3000/?index&checkout=plan", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

async function cookieWithInfo(kind: string) {
  const setCookie = await saveCheckoutState({
    info: { ...baseInfo, email: `ana-${kind}@ruizroofing.com` },
    planIds: [],
    billing: "monthly",
    coupon: null,
  });
  return setCookie.split(";")[0];
}

describeWithDatabases(
  "checkout form actions",
  (kind) => {
    const info = baseInfo;
    it("step 1 stores the info in a signed, httpOnly, SameSite=Lax cookie and a tampered cookie is ignored", async () => {
      const fields: Array<[string, string]> = [
        ...Object.entries(info),
        ["planIds", "scale-master"],
        ["billing", "annual"],
      ];
      const response = await handleInfoStep(formRequest(fields), new URLSearchParams(fields) as unknown as FormData);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/?checkout=plan");
      const setCookie = response.headers.get("Set-Cookie")!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const cookie = setCookie.split(";")[0];
      const state = await readCheckoutState(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
      expect(state).toMatchObject({ info, planIds: ["scale-master"], billing: "annual", coupon: null });

      const [name, value] = cookie.split("=");
      const forged = `${name}=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
      const forgedState = await readCheckoutState(
        new Request("http://localhost:3000/", { headers: { Cookie: forged } }),
      );
      expect(forgedState.info).toBeUndefined();
    });

    it("a repeated Complete Order with the same attempt id makes one order and answers 303 to the same page", async () => {
      const cookie = await cookieWithInfo(kind);
      const attemptId = crypto.randomUUID();
      const fields: Array<[string, string]> = [
        ["intent", "checkout-pay"],
        ["planIds", "power-platform"],
        ["billing", "monthly"],
        ["attemptId", attemptId],
      ];
      const first = await handlePayStep(
        formRequest(fields, cookie),
        new URLSearchParams(fields) as unknown as FormData,
      );
      const second = await handlePayStep(
        formRequest(fields, cookie),
        new URLSearchParams(fields) as unknown as FormData,
      );
      expect(first.status).toBe(303);
      expect(second.status).toBe(303);
      expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
      const rows = await getDb().select().from(orders).where(eq(orders.attemptId, attemptId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        planIds: ["power-platform"],
        totalCents: 69700,
        provider: "test",
        livemode: false,
      });
    });

    it("Complete Order with a used attempt id and other plans is refused on step 2, without the first order's link", async () => {
      // An address of its own: the per-address limit is shared with this file's other Complete Orders.
      const setCookie = await saveCheckoutState({
        info: { ...baseInfo, email: `ana-attempt-${kind}@ruizroofing.com` },
        planIds: [],
        billing: "monthly",
        coupon: null,
      });
      const cookie = setCookie.split(";")[0];
      const attemptId = crypto.randomUUID();
      const fields = (plan: string): Array<[string, string]> => [
        ["intent", "checkout-pay"],
        ["planIds", plan],
        ["billing", "monthly"],
        ["attemptId", attemptId],
      ];
      const pay = (plan: string) =>
        handlePayStep(formRequest(fields(plan), cookie), new URLSearchParams(fields(plan)) as unknown as FormData);
      const first = await pay("power-platform");
      expect(first.status).toBe(303);
      const other = await pay("scale-master");
      expect(other.status).toBe(302);
      expect(other.headers.get("Location")).toBe("/?checkout=plan");
      const { toast } = await getToast(
        new Request("http://localhost:3000/", {
          headers: {
            Cookie: cookiesOf(other),
          },
        }),
      );
      expect(toast).toMatchObject({ type: "error", description: ATTEMPT_CONFLICT });
      const rows = await getDb().select().from(orders).where(eq(orders.attemptId, attemptId));
      expect(rows).toHaveLength(1);
      expect(rows[0].planIds).toEqual(["power-platform"]);
    });

    it("Complete Order without the info sends the visitor back to step 1 and stores nothing", async () => {
      const attemptId = crypto.randomUUID();
      const fields: Array<[string, string]> = [
        ["planIds", "power-platform"],
        ["attemptId", attemptId],
      ];
      const response = await handlePayStep(formRequest(fields), new URLSearchParams(fields) as unknown as FormData);
      expect(response.headers.get("Location")).toBe("/?checkout=info");
      expect(await getDb().select().from(orders).where(eq(orders.attemptId, attemptId))).toHaveLength(0);
    });

    it("rate-limits checkout attempts per e-mail with a 429 and Retry-After", async () => {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 4; i += 1) {
        const request = new Request("http://localhost:3000/api/create-checkout-session", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            planIds: ["scale-master"],
            amount: 397,
            isAnnual: false,
            userInfo: { ...info, email: `limit-${kind}@ruizroofing.com` },
          }),
        });
        const response = (await apiAction({ request, params: {}, context: {} })) as Response;
        statuses.push(response.status);
        retryAfter ??= response.headers.get("Retry-After");
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    });
  },
  { APP_URL: "http://localhost:3000", RATE_LIMIT_PER_EMAIL: "2", RATE_LIMIT_GLOBAL: "100000" },
);
