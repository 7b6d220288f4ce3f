// The abuse limits of ADR 0012, through the real actions and both databases: a flood is stopped at its own
// client, and nobody else is locked out by it. (The production build with the default numbers and real sockets:
// rate-limit-defaults.test.ts.)
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { demoRequests, orders } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { action as loginAction } from "~/routes/admin_.login";
import { action as demoApiAction } from "~/routes/api.demo-requests";
import { handleCouponStep, handlePayStep, saveCheckoutState } from "~/services/checkout/flow.server";
import { getDb } from "~/db/connection.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { origin } from "../support/route-calls";

const args = (request: Request) => ({ request, params: {}, context: {} });

function lead(email: string) {
  return { firstName: "Rita", lastName: "Flood", email, phone: "+1 555 010 2000", company: "Flood Gutters LLC" };
}

async function postDemo(email: string, client: string, extra: Record<string, string> = {}) {
  const request = new Request(`${origin}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
    body: JSON.stringify({ ...lead(email), ...extra }),
  });
  const response = (await demoApiAction(args(request))) as Response;
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function toastOf(response: Response) {
  return (await getToast(new Request(origin, { headers: { Cookie: cookiesOf(response) } }))).toast;
}

function checkoutForm(fields: Array<[string, string]>, client: string, cookie?: string) {
  const request = new Request(`${origin}/?index&checkout=plan`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return { request, form: new URLSearchParams(fields) as unknown as FormData };
}

async function applyCoupon(code: string, client: string, cookie?: string) {
  const { request, form } = checkoutForm(
    [
      ["intent", "checkout-coupon"],
      ["planIds", "scale-master"],
      ["couponCode", code],
    ],
    client,
    cookie,
  );
  const response = await handleCouponStep(request, form);
  const checkoutCookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("gw_checkout="))
    ?.split(";")[0];
  return { toast: await toastOf(response), cookie: checkoutCookie ?? cookie };
}

async function signIn(username: string, password: string, client: string, cookie = "") {
  const request = new Request(`${origin}/admin/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ username, password, redirectTo: "/admin" }),
  });
  const response = (await loginAction(args(request))) as Response;
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    cookies: response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
    body: response.status === 302 ? undefined : ((await response.json()) as { error: string }),
  };
}

describeWithDatabases(
  "abuse limits that do not lock others out",
  (kind) => {
    beforeEach(async () => {
      for (const limit of [limitRules.demoGlobal, limitRules.couponGlobal, limitRules.checkoutGlobal])
        await forgetAttempts(limit, "all");
    });

    it("demo requests: a flooding client is stopped at its own limit, real visitors still get in, the global limit is a last resort", async () => {
      const flooder = "203.0.113.1";
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await postDemo(`flood.${kind}.${i}@flood.example`, flooder)).status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);

      // RATE_LIMIT_GLOBAL is 20 here: the flooder's refused attempts were not charged, so 10 real visitors fit.
      for (let i = 1; i <= 10; i++) {
        expect((await postDemo(`visitor.${kind}.${i}@roofing.example`, `198.51.100.${i}`)).status).toBe(201);
      }
      const pastGlobal = await postDemo(`late.${kind}@roofing.example`, "198.51.100.99");
      expect(pastGlobal.status).toBe(429);
      expect(pastGlobal.body.error).toMatch(
        /^We are receiving too many requests right now\. Please try again in \d+ seconds\.$/,
      );
      const stored = await getDb().select().from(demoRequests).where(eq(demoRequests.company, "Flood Gutters LLC"));
      expect(stored.filter((row) => row.email.startsWith(`flood.${kind}.`))).toHaveLength(10);
    });

    it("demo requests: a refused time is charged to the client, so past its limit the client gets 429", async () => {
      const refused = "203.0.113.3";
      const past = { slotStart: "2020-01-06T15:00:00Z" };
      // RATE_LIMIT_PER_CLIENT is 10: ten refused times, then the client is over its limit whatever it sends.
      for (let i = 0; i < 10; i++)
        expect((await postDemo(`past.${kind}.${i}@roofing.example`, refused, past)).status).toBe(422);
      expect((await postDemo(`past.${kind}.10@roofing.example`, refused, past)).status).toBe(429);
      expect((await postDemo(`past.${kind}.11@roofing.example`, refused)).status).toBe(429);
    });

    it("demo requests: plus-addresses and Gmail dots are one mailbox for the per-e-mail limit", async () => {
      const tagged = Array.from({ length: 6 }, (_, i) => `rita.${kind}+${i}@roofing.example`);
      const statuses = [];
      for (const [i, email] of tagged.entries())
        statuses.push((await postDemo(i === 5 ? email.toUpperCase() : email, `192.0.2.${i + 1}`)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      // Dots matter at other providers: a different mailbox there.
      expect((await postDemo(`r.ita.${kind}@roofing.example`, "192.0.2.50")).status).toBe(201);

      const gmail = [
        `ritaflood${kind}@gmail.com`,
        `rita.flood${kind}@gmail.com`,
        `r.i.t.a.flood${kind}@googlemail.com`,
        `RitaFlood${kind}+x@gmail.com`,
        `rita.flood.${kind}+y@gmail.com`,
        `ritaflood${kind}@gmail.com`,
      ];
      const gmailStatuses = [];
      for (const [i, email] of gmail.entries())
        gmailStatuses.push((await postDemo(email, `192.0.2.${100 + i}`)).status);
      expect(gmailStatuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it("coupons: wrong codes are limited per checkout session and per client, and leave real checkouts alone", async () => {
      const guesser = "203.0.113.2";
      // One checkout session: RATE_LIMIT_COUPONS_PER_SESSION (5) checks, then refused.
      let cookie: string | undefined;
      const sessionAnswers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const outcome = await applyCoupon(`GUESS${i}`, guesser, cookie);
        cookie = outcome.cookie;
        sessionAnswers.push(outcome.toast?.description ?? "");
      }
      expect(sessionAnswers.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((i) => `Coupon "GUESS${i}" is not valid.`));
      expect(sessionAnswers[5]).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);

      // Dropping the cookie starts a new session, but the client's limit (RATE_LIMIT_PER_CLIENT = 10) holds: the
      // refused sixth was not charged to it, so a second session gets 5 checks and a third none.
      let second: string | undefined;
      for (let i = 0; i < 5; i++) {
        const outcome = await applyCoupon(`AGAIN${i}`, guesser, second);
        second = outcome.cookie;
        expect(outcome.toast?.description).toBe(`Coupon "AGAIN${i}" is not valid.`);
      }
      expect((await applyCoupon("THIRD0", guesser)).toast?.description).toMatch(/^Too many requests/);
      // Even the right code is refused to this client now.
      expect((await applyCoupon("LAUNCH20", guesser)).toast?.description).toMatch(/^Too many requests/);

      // Another visitor applies the real code and pays.
      const visitor = "198.51.100.20";
      const applied = await applyCoupon("LAUNCH20", visitor);
      expect(applied.toast).toMatchObject({ type: "success", message: "Coupon Applied" });
      const email = `buyer.${kind}@roofing.example`;
      const withInfo = await saveCheckoutState({
        info: { companyName: "Real Roofing", fullName: "Rae Buyer", email, phone: "+1 555 010 2000" },
        planIds: ["scale-master"],
        billing: "monthly",
        coupon: { code: "LAUNCH20", percentOff: 20, amountOffCents: null },
      });
      const attemptId = crypto.randomUUID();
      const pay = checkoutForm(
        [
          ["intent", "checkout-pay"],
          ["planIds", "scale-master"],
          ["attemptId", attemptId],
        ],
        visitor,
        withInfo.split(";")[0],
      );
      expect((await handlePayStep(pay.request, pay.form)).status).toBe(303);
      // And so does the guesser: coupon checks have their own counters, apart from starting a checkout.
      const guesserPay = checkoutForm(
        [
          ["intent", "checkout-pay"],
          ["planIds", "scale-master"],
          ["attemptId", crypto.randomUUID()],
        ],
        guesser,
        withInfo.split(";")[0],
      );
      expect((await handlePayStep(guesserPay.request, guesserPay.form)).status).toBe(303);
      const [order] = await getDb().select().from(orders).where(eq(orders.attemptId, attemptId));
      expect(order).toMatchObject({ couponCode: "LAUNCH20", discountCents: 7940 });
    });

    it("sign-in: a username under attack is closed to every new client, and open to the owner's earlier browser (ADR 54)", async () => {
      const username = `target-${kind}`;
      const password = "the-right-admin-password-1";
      await createUser(username, password);
      const owner = await signIn(username, password, "198.51.100.29");
      expect(owner.status).toBe(302);
      // Three clients fail once each: LOGIN_RATE_LIMIT (3) failures for this username.
      for (let i = 1; i <= 3; i++)
        expect((await signIn(username, `wrong-guess-${i}`, `203.0.113.${10 + i}`)).status).toBe(401);

      // Past the ceiling every client is refused before any check, a fresh one and the right password included.
      for (const [client, guess] of [
        ["203.0.113.11", password],
        ["203.0.113.14", "a-fourth-guess"],
        ["198.51.100.30", password],
      ]) {
        const refused = await signIn(username, guess, client);
        expect(refused.status, client).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(refused.body?.error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
      }

      // The owner's browser, which signed in before, still gets in, from any address.
      expect((await signIn(username, password, "198.51.100.31", owner.cookies)).status).toBe(302);
    });

    it("sign-in: one client cannot spray different usernames (limited per client)", async () => {
      const sprayer = "203.0.113.20";
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await signIn(`spray-${kind}-${i}`, "some-guessed-password", sprayer)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  },
  { TRUST_PROXY: "1", RATE_LIMIT_GLOBAL: "20", LOGIN_RATE_LIMIT: "3", COUPONS: "LAUNCH20:20", APP_URL: origin },
);
