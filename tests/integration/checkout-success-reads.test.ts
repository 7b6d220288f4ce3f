// Issue #53: /checkout/success?session_id=… asks Stripe about the session in its link. Reloads (and a flood) of one
// id make one Stripe read, and a client past RATE_LIMIT_PER_CLIENT is refused with 429 before Stripe is asked.
// The real stripe SDK, pointed at the local fake Stripe, through the route's loader on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { loader as successLoader } from "~/routes/checkout.success";
import { startFakeStripe } from "../fakes/fake-stripe.mjs";
import { startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond } from "../support/route-calls";

const fake = await startFakeStripe();
afterAll(() => fake.stop());

const sessionReads = (id?: string) =>
  fake.requests.filter(
    (request) => request.method === "GET" && request.path.startsWith(`/v1/checkout/sessions/${id ?? ""}`),
  ).length;

function success(sessionId: string, client: string) {
  const request = new Request(`${origin}/checkout/success?session_id=${sessionId}`, {
    headers: { "X-Forwarded-For": client },
  });
  return respond(() => successLoader(args(request)));
}

describeWithDatabases(
  "the success page's Stripe read (issue #53)",
  (kind) => {
    beforeEach(() => {
      fake.requests.length = 0;
    });

    it("reloads and concurrent loads of one session make one Stripe read and still show the order", async () => {
      const created = (await createSession(
        args(
          new Request(`${origin}/api/create-checkout-session`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.200" },
            body: JSON.stringify({
              planIds: ["scale-master"],
              amount: 397,
              isAnnual: false,
              couponCode: "",
              userInfo: {
                companyName: "Ruiz Roofing",
                fullName: "Ana Ruiz",
                email: `ana.${kind}@ruizroofing.com`,
                phone: "+1 555 010 2000",
              },
              attemptId: crypto.randomUUID(),
            }),
          }),
        ),
      )) as Response;
      expect(created.status).toBe(200);
      const sessionId = [...fake.sessions.keys()].at(-1) as string;

      // Four visitors' worth of clients, eight loads: at once, then again.
      const clients = [1, 2, 3, 4].map((n) => `198.51.100.${kind === "pglite" ? n : n + 10}`);
      const loads = await Promise.all(clients.map((client) => success(sessionId, client)));
      loads.push(...(await Promise.all(clients.map((client) => success(sessionId, client)))));
      for (const load of loads) {
        expect(load.status).toBe(200);
        expect(await load.json()).toMatchObject({ status: "pending", email: `ana.${kind}@ruizroofing.com` });
      }
      expect(sessionReads(sessionId)).toBe(1);
    });

    it("a flood from one client is refused with 429 past its limit, and Stripe is asked at most that often", async () => {
      const client = kind === "pglite" ? "203.0.113.60" : "203.0.113.61";
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 30; i++) {
        const response = await success(`cs_test_made_up_${kind}_${i}`, client);
        statuses.push(response.status);
        if (response.status === 429) retryAfter = response.headers.get("Retry-After");
      }
      // RATE_LIMIT_PER_CLIENT is 10: made-up ids are 404s until then, then refused.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(sessionReads()).toBe(10);
      // Another client is not locked out by it.
      expect((await success(`cs_test_made_up_${kind}_other`, "203.0.113.99")).status).toBe(404);
    });
  },
  {
    APP_URL: origin,
    TRUST_PROXY: "1",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: "http",
    RATE_LIMIT_PER_CLIENT: "10",
    RATE_LIMIT_PER_EMAIL: "1000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);

// The same through the production build on real sockets (needs `npm run build` first), on each database.
describe.each(["pglite", "postgres"] as const)("the success page's Stripe read, production build [%s]", (kind) => {
  let app: Awaited<ReturnType<typeof startAppServer>>;
  let database: { name: string; url: string } | undefined;
  beforeAll(async () => {
    if (kind === "postgres") database = await createDatabase("gw_success_reads");
    app = await startAppServer({
      env: {
        ...(database ? { DATABASE_URL: database.url } : {}),
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_API_HOST: "127.0.0.1",
        STRIPE_API_PORT: String(fake.port),
        STRIPE_API_PROTOCOL: "http",
        RATE_LIMIT_PER_CLIENT: "6",
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    if (database) await dropDatabase(database.name);
  });

  it("loads of one session make one Stripe read; a flood of made-up ids is refused with 429", async () => {
    fake.requests.length = 0;
    const created = await fetch(`${app.baseUrl}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        planIds: ["scale-master"],
        amount: 397,
        isAnnual: false,
        couponCode: "",
        userInfo: {
          companyName: "Ruiz Roofing",
          fullName: "Ana Ruiz",
          email: `ana.server.${kind}@ruizroofing.com`,
          phone: "+1 555 010 2000",
        },
        attemptId: crypto.randomUUID(),
      }),
    });
    expect(created.status).toBe(200);
    const sessionId = [...fake.sessions.keys()].at(-1) as string;
    const loads = await Promise.all(
      [1, 2, 3].map(() => fetch(`${app.baseUrl}/checkout/success?session_id=${sessionId}`)),
    );
    expect(loads.map((load) => load.status)).toEqual([200, 200, 200]);
    expect(sessionReads(sessionId)).toBe(1);

    // RATE_LIMIT_PER_CLIENT is 6 and this client (loopback) has used 3.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await fetch(`${app.baseUrl}/checkout/success?session_id=cs_test_flood_${i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429, 429, 429, 429, 429, 429]);
    expect(sessionReads()).toBe(4);
  });
});
