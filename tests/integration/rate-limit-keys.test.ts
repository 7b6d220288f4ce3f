// Issue #53: a rate-limit counter keyed on something that names a person or a client (the mailbox of the demo and
// checkout limits, the sign-in username, often an e-mail address, and the client's IP address of every per-client
// limit) is keyed by an HMAC, so neither PostgreSQL's rate_limit_counters nor Redis ever holds an address, and an
// erased lead leaves nothing of it there. The limits still count per mailbox, per username and per client. (On
// PGlite the counters live in the process: nothing is stored.)
import { Redis } from "ioredis";
import { afterAll, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { closeRedis } from "~/db/redis-connection.server";
import { rateLimitCounters } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { action as loginAction } from "~/routes/admin_.login";
import { action as demoApiAction } from "~/routes/api.demo-requests";
import { counterStore } from "~/services/rate-limit.server";
import { describeWithDatabases, type DatabaseKind } from "../support/database";
import { args, origin, signInRequest } from "../support/route-calls";

const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const redisPrefix = `gw-test:limit-keys:${Date.now().toString(36)}:`;

const settings = {
  TRUST_PROXY: "1",
  RATE_LIMIT_PER_EMAIL: "2",
  RATE_LIMIT_PER_CLIENT: "3",
  LOGIN_RATE_LIMIT: "2",
  APP_URL: origin,
};

async function postDemo(email: string, client: string) {
  const request = new Request(`${origin}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
    body: JSON.stringify({
      firstName: "Ana",
      lastName: "Keys",
      email,
      phone: "+1 555 010 4242",
      company: "Keys Roofing",
    }),
  });
  return ((await demoApiAction(args(request))) as Response).status;
}

async function failedSignIn(username: string, client: string) {
  const request = signInRequest(username, "not-the-password-at-all", { headers: { "X-Forwarded-For": client } });
  return ((await loginAction(args(request))) as Response).status;
}

/** Every counter the store holds, as `key = points`. */
async function storedCounters(store: "postgres" | "redis" | "memory"): Promise<string[]> {
  if (store === "redis") {
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      return Promise.all(keys.map(async (key) => `${key} = ${await redis.get(key)}`));
    } finally {
      await redis.quit();
    }
  }
  const rows = await getDb().select().from(rateLimitCounters);
  return rows.map((row) => `${row.key} = ${row.points}`);
}

function suite(kind: DatabaseKind, store: "postgres" | "redis" | "memory") {
  it(`counts per mailbox and per username with no address in the counters (${store})`, async () => {
    expect(counterStore()).toBe(store);
    const mailbox = `ana.keys.${store}`;
    // One mailbox however it is spelt: RATE_LIMIT_PER_EMAIL is 2, each from its own client.
    const statuses = [];
    for (const [i, email] of [
      `${mailbox}+a@example.com`,
      `${mailbox.toUpperCase()}@Example.com`,
      `${mailbox}@example.com`,
    ].entries())
      statuses.push(await postDemo(email, `198.51.100.${i + 1}`));
    expect(statuses).toEqual([201, 201, 429]);
    // Another mailbox is counted apart.
    expect(await postDemo(`other.keys.${store}@example.com`, "198.51.100.9")).toBe(201);
    // One client is still counted as one, under its hash: RATE_LIMIT_PER_CLIENT is 3.
    const fromOneClient = [];
    for (let i = 0; i < 4; i += 1)
      fromOneClient.push(await postDemo(`client${i}.keys.${store}@example.com`, "203.0.113.77"));
    expect(fromOneClient).toEqual([201, 201, 201, 429]);

    const owner = `owner.keys.${store}@example.com`;
    await createUser(owner, "a-long-test-passphrase");
    for (const client of ["192.0.2.1", "192.0.2.2"]) expect(await failedSignIn(owner, client)).toBe(401);
    // Past LOGIN_RATE_LIMIT (2) failures for the username, a new client is refused too (ADR 54).
    expect(await failedSignIn(owner, "192.0.2.3")).toBe(429);

    const counters = await storedCounters(store);
    const all = counters.join("\n").toLowerCase();
    for (const named of [
      mailbox,
      "example.com",
      "owner.keys",
      "other.keys",
      "keys roofing",
      "198.51.100.",
      "192.0.2.",
      "203.0.113.77",
    ])
      expect(all, named).not.toContain(named);
    if (store === "memory") {
      expect(counters).toEqual([]);
      return;
    }
    // The mailbox's counter is there, under its hash: three attempts counted (the refused one too).
    const mailboxCounters = counters.filter((line) => line.includes("demo:email:"));
    expect(mailboxCounters.map((line) => line.split(" = ")[1]).sort()).toEqual(["1", "1", "1", "1", "3"]);
    const clientCounters = counters.filter((line) => line.includes("demo:client:"));
    for (const line of clientCounters) expect(line).toMatch(/demo:client:[A-Za-z0-9_-]{43} = \d+$/);
    expect(clientCounters.filter((line) => line.endsWith(" = 4"))).toHaveLength(1);
    const signInClients = counters.filter((line) => line.includes("sign-in:client:"));
    expect(signInClients).toHaveLength(3);
    for (const line of signInClients) expect(line).toMatch(/sign-in:client:[A-Za-z0-9_-]{43} = 1$/);
    const usernameCounters = counters.filter((line) => line.includes("sign-in:username:"));
    expect(usernameCounters).toHaveLength(1);
    expect(usernameCounters[0]).toMatch(/sign-in:username:[A-Za-z0-9_-]{43} = 2$/);
  });
}

describeWithDatabases(
  "rate-limit keys name no one (issue #53)",
  (kind) => suite(kind, kind === "postgres" ? "postgres" : "memory"),
  settings,
);

describeWithDatabases(
  "rate-limit keys name no one, in Redis (issue #53)",
  (kind) => {
    afterAll(async () => {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await closeRedis();
      delete process.env.REDIS_URL;
      delete process.env.REDIS_KEY_PREFIX;
    });
    suite(kind, "redis");
  },
  { ...settings, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix },
  "postgres",
);
