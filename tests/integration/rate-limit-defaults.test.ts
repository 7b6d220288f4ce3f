// Benchmarks and fuzzing lift the limits through env; this proves that the production build, started with
// none of those settings, enforces the default numbers. Needs `npm run build` first (like the E2E tests).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";

const admin = { username: "limits-admin", password: "limits-admin-password-1" };
let app: Awaited<ReturnType<typeof startAppServer>>;

function lead(email: string) {
  return { firstName: "Rita", lastName: "Limit", email, phone: "+1 555 010 2000", company: "Default Limits Roofing" };
}

async function postDemo(email: string) {
  const response = await fetch(`${app.baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(lead(email)),
  });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as { error?: string } };
}

async function signIn(password: string) {
  const response = await fetch(`${app.baseUrl}/admin/login`, {
    method: "POST",
    headers: { Origin: app.baseUrl },
    body: new URLSearchParams({ username: admin.username, password }),
    redirect: "manual",
  });
  await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get("Retry-After") };
}

describe("rate limits with the default settings (production build)", () => {
  beforeAll(async () => {
    // Whatever this process was given, the server under test gets the defaults.
    for (const name of Object.keys(process.env)) {
      if (/^(RATE_LIMIT_|LOGIN_RATE_LIMIT|TRUST_PROXY)/.test(name)) delete process.env[name];
    }
    app = await startAppServer({ env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it("demo requests: the 6th request for one e-mail within a minute is refused with 429 and Retry-After", async () => {
    const email = `limits.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postDemo(email)).status);
    const refused = await postDemo(email.toUpperCase());
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/^Too many requests/);
    // Another address is not affected by that one's limit.
    expect((await postDemo(`other.${Date.now()}@example.com`)).status).toBe(201);
  });

  it("demo requests: the global default (600 a minute) refuses the 601st request, whatever the e-mail", async () => {
    // 7 requests have been counted above; fill the window up to the limit with distinct addresses.
    const statuses = new Map<number, number>();
    let refusedAt: number | undefined;
    for (let i = 8; i <= 700 && refusedAt === undefined; i++) {
      const { status } = await postDemo(`global.${i}.${Date.now()}@example.com`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 429) refusedAt = i;
    }
    expect(refusedAt).toBe(601);
    expect(statuses.get(201)).toBe(593);
  });

  it("checkout: the 6th session for one e-mail within a minute is refused with 429 and Retry-After", async () => {
    const email = `checkout.limits.${Date.now()}@example.com`;
    const start = async () => {
      const response = await fetch(`${app.baseUrl}/api/create-checkout-session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          planIds: ["scale-master"],
          planNames: ["Scale Master"],
          amount: 397,
          isAnnual: false,
          couponCode: "",
          userInfo: { companyName: "Default Limits Roofing", fullName: "Rita Limit", email, phone: "+1 555 010 2000" },
        }),
      });
      await response.body?.cancel();
      return { status: response.status, retryAfter: response.headers.get("Retry-After") };
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await start()).status);
    const refused = await start();
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("admin sign-in: after the default 5 attempts for one username, even the right password gets 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(`wrong-password-${i}`)).status);
    const refused = await signIn(admin.password);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });
});
