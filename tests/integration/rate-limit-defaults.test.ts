// Benchmarks and fuzzing lift the limits through env; this proves that the production build, started with
// none of those settings, enforces the default numbers. Each client is a real TCP peer (a 127.x.y.z source
// address), as the server sees visitors with the default TRUST_PROXY=0. Needs `npm run build` first.
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";
import { requestFrom } from "../support/from-address.mjs";

const admin = { username: "limits-admin", password: "limits-admin-password-1" };
let app: Awaited<ReturnType<typeof startAppServer>>;

function lead(email: string) {
  return { firstName: "Rita", lastName: "Limit", email, phone: "+1 555 010 2000", company: "Default Limits Roofing" };
}

async function postDemo(email: string, client: string, baseUrl = app.baseUrl) {
  const response = await requestFrom(client, `${baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(lead(email)),
  });
  return {
    status: response.status,
    retryAfter: response.headers["retry-after"],
    body: JSON.parse(response.text) as { error?: string },
  };
}

async function signIn(password: string, client: string, username = admin.username, cookie = "") {
  const response = await requestFrom(client, `${app.baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      Origin: app.baseUrl,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const setCookies = response.headers["set-cookie"] ?? [];
  return {
    status: response.status,
    retryAfter: response.headers["retry-after"],
    cookie: setCookies.map((value) => value.split(";")[0]).join("; "),
  };
}

/** A distinct loopback address per number: 127.1.x.y. */
const client = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

describe("rate limits with the default settings (production build, real sockets)", () => {
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

  it("demo requests: the 6th request for one mailbox (plus-tags and case ignored) within a minute is refused with 429", async () => {
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await postDemo(`limits.${stamp}+${i}@example.com`, `127.0.0.${10 + i}`)).status);
    const refused = await postDemo(`LIMITS.${stamp}+again@EXAMPLE.com`, "127.0.0.20");
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect(refused.status).toBe(429);
    // The default window is a minute.
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.body.error).toMatch(/^Too many requests/);
    // Another mailbox is not affected by that one's limit.
    expect((await postDemo(`other.${stamp}@example.com`, "127.0.0.21")).status).toBe(201);
  });

  it("demo requests: one client gets 10 a minute, then 429, while another client still gets in", async () => {
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await postDemo(`flood.${stamp}.${i}@example.com`, "127.0.0.30")).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect((await postDemo(`visitor.${stamp}@example.com`, "127.0.0.31")).status).toBe(201);
  });

  it("demo requests: the global default (3000 a minute) is reached only by many clients, and refuses past it", async () => {
    // The count, not the minute (checked above), is under test: a server whose window is an hour, all else default,
    // so a busy machine that takes over a minute for the crowd cannot spread it over two windows.
    const counted = await startAppServer({ env: { RATE_LIMIT_WINDOW_SECONDS: "3600" } });
    const stamp = Date.now();
    const statuses = new Map<number, number>();
    // Many clients at once, as a crowd would come.
    const limit = pLimit(16);
    const total = 3100;
    try {
      await Promise.all(
        Array.from({ length: total }, (_, index) =>
          limit(async () => {
            const i = index + 1;
            const { status } = await postDemo(`global.${stamp}.${i}@example.com`, client(i), counted.baseUrl);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }),
        ),
      );
    } finally {
      await counted.stop();
    }
    expect(statuses.get(201)).toBe(3000);
    expect(statuses.get(429)).toBe(total - 3000);
    expect([...statuses.keys()].sort()).toEqual([201, 429]);
  }, 300_000);

  it("checkout: the 6th session for one e-mail within a minute is refused with 429 and Retry-After", async () => {
    const email = `checkout.limits.${Date.now()}@example.com`;
    const start = async (from: string) => {
      const response = await requestFrom(from, `${app.baseUrl}/api/create-checkout-session`, {
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
      return { status: response.status, retryAfter: response.headers["retry-after"] };
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await start(`127.0.2.${i + 1}`)).status);
    const refused = await start("127.0.2.10");
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("admin sign-in: after 5 wrong passwords the username is closed to new browsers, but the owner's earlier one gets in", async () => {
    const owner = await signIn(admin.password, "127.0.3.3");
    expect(owner.status).toBe(302);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(`wrong-password-${i}`, "127.0.3.1")).status);
    const refused = await signIn(admin.password, "127.0.3.1");
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The username's ceiling (5 failures a minute) holds for another client too (ADR 54)…
    expect((await signIn(admin.password, "127.0.3.2")).status).toBe(429);
    // …but not for the browser that signed in before.
    expect((await signIn(admin.password, "127.0.3.2", admin.username, owner.cookie)).status).toBe(302);
  });

  it("admin sign-in: one client spraying different usernames is refused after 5 attempts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn("sprayed-password-guess", "127.0.3.9", `sprayed-user-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
