// Where the rate-limit counters live (issue #15, ADR 0018), through the real limiter API and real stores:
// PostgreSQL (DATABASE_URL), Redis (REDIS_URL, 127.0.0.1:6379) and memory (PGlite). A shared store counts one
// limit across instances — here, two limiters made apart, as two processes would make them — and a store
// outage lets demo requests through on in-process counters (fail open) while sign-in is refused (fail closed).
import { Redis } from "ioredis";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, migrateDatabase } from "~/db/connection.server";
import { closeRedis, getRedis, quitRedis } from "~/db/redis-connection.server";
import {
  consumeLimit,
  counterStore,
  createLimiter,
  forgetAttempts,
  limitRules,
  recordAttempt,
  type LimitRule,
} from "~/services/rate-limit.server";
import { getEnv } from "~/utils/env.server";
import { RequestRejected } from "~/utils/http/request.server";
import { forget } from "~/utils/singleton.server";
import { freePort } from "../support/app-server.mjs";
import { capturedLogLines, type LogLine } from "../support/log-lines";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { startTcpProxy, throughProxy } from "../support/tcp-proxy.mjs";

const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const managedNames = ["DATABASE_URL", "PGLITE_DATA_DIR", "REDIS_URL", "REDIS_KEY_PREFIX", "RATE_LIMIT_PER_CLIENT"];

/** Runs the app's settings from scratch with `env` (nothing else of the managed names set). */
async function useEnv(env: Record<string, string>) {
  await closeDatabase();
  await closeRedis();
  for (const name of managedNames) delete process.env[name];
  Object.assign(process.env, env);
  forget("env");
}

const uniquePrefix = (what: string) =>
  `gw-test:${what}:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}:`;

/** `attempts` at once, spread over `limiters`; how many each answered. */
async function consumeAtOnce(limiters: Array<ReturnType<typeof createLimiter>>, key: string, attempts: number) {
  const outcomes = await Promise.allSettled(
    Array.from({ length: attempts }, (_, index) => limiters[index % limiters.length].consume(key)),
  );
  return {
    accepted: outcomes.filter((outcome) => outcome.status === "fulfilled").length,
    refused: outcomes.filter((outcome) => outcome.status === "rejected").length,
  };
}

async function statusOf(attempt: Promise<unknown>): Promise<number> {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof RequestRejected) return error.status;
    throw error;
  }
}

const demoRule: LimitRule = limitRules.demoClient;

afterAll(async () => {
  await useEnv({});
});

describe("rate-limit counters in PostgreSQL (DATABASE_URL)", () => {
  let database: { name: string; url: string };
  beforeAll(async () => {
    database = await createDatabase("gw_limits_pg");
    await useEnv({ DATABASE_URL: database.url });
    await migrateDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
    await dropDatabase(database.name);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the store with DATABASE_URL, and one limit of 7 holds across two instances' limiters under concurrency", async () => {
    expect(counterStore()).toBe("postgres");
    const first = createLimiter(demoRule, 7, 60);
    const second = createLimiter(demoRule, 7, 60);
    expect(await consumeAtOnce([first, second], "203.0.113.70", 30)).toEqual({ accepted: 7, refused: 23 });

    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const rows =
        await sql`select key, points, expire from rate_limit_counters where key = 'demo:client:203.0.113.70'`;
      expect(rows).toHaveLength(1);
      // Refused attempts are counted too (that is how the library knows the window is full).
      expect(rows[0].points).toBe(30);
      expect(rows[0].expire.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("forgets a key for every instance, and a penalty counts for all", async () => {
    await consumeLimit(limitRules.signInClient, "198.51.100.80");
    await recordAttempt(limitRules.signInClient, "198.51.100.80");
    const other = createLimiter(limitRules.signInClient, 5, 60);
    expect((await other.get("198.51.100.80"))?.consumedPoints).toBe(2);
    await forgetAttempts(limitRules.signInClient, "198.51.100.80");
    expect(await other.get("198.51.100.80")).toBeNull();
  });

  it("deletes rows that expired over an hour ago, and only those, without anyone asking", async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const hour = 3_600_000;
      await sql`insert into rate_limit_counters (key, points, expire) values
        ('old:long-gone', 3, ${new Date(Date.now() - 2 * hour)}),
        ('old:just-expired', 3, ${new Date(Date.now() - 60_000)}),
        ('old:live', 3, ${new Date(Date.now() + 60_000)})`;
      // The library's cleanup runs on a 5-minute timer: the test moves the clock instead of waiting.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      createLimiter(demoRule, 7, 60);
      await vi.advanceTimersByTimeAsync(5 * 60_000 + 1_000);
      vi.useRealTimers();
      const left = async () =>
        (await sql`select key from rate_limit_counters where key like 'old:%'`).map((r) => r.key);
      for (let wait = 0; wait < 50 && (await left()).includes("old:long-gone"); wait++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await left()).sort()).toEqual(["old:just-expired", "old:live"]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});

describe("rate-limit counters in Redis (REDIS_URL)", () => {
  const prefix = uniquePrefix("redis");
  let database: { name: string; url: string };
  beforeAll(async () => {
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await probe.connect();
      await probe.ping();
    } catch (error) {
      throw new Error(
        `Redis is not reachable at ${redisUrl} (${String(error)}). The rate-limit store tests need one: start it ` +
          "(redis-server --daemonize yes; .ci/run does) or set TEST_REDIS_URL.",
      );
    } finally {
      probe.disconnect();
    }
    // With both set, Redis holds the counters and PostgreSQL the rest.
    database = await createDatabase("gw_limits_redis");
    await useEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
    await migrateDatabase();
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await closeRedis();
    await closeDatabase();
    await dropDatabase(database.name);
  });

  it("is the store with REDIS_URL, and one limit of 7 holds across two instances' limiters under concurrency", async () => {
    expect(counterStore()).toBe("redis");
    const first = createLimiter(demoRule, 7, 60);
    const second = createLimiter(demoRule, 7, 60);
    expect(await consumeAtOnce([first, second], "203.0.113.71", 30)).toEqual({ accepted: 7, refused: 23 });

    const redis = new Redis(redisUrl);
    try {
      expect(Number(await redis.get(`${prefix}demo:client:203.0.113.71`))).toBe(30);
      const ttl = await redis.pttl(`${prefix}demo:client:203.0.113.71`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await redis.quit();
    }
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      expect(await sql`select key from rate_limit_counters`).toHaveLength(0);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("the service's limits count in Redis: a sign-in penalty is seen by another instance and forgotten for all", async () => {
    await consumeLimit(limitRules.signInClient, "198.51.100.81");
    await recordAttempt(limitRules.signInClient, "198.51.100.81");
    const other = createLimiter(limitRules.signInClient, 5, 60);
    expect((await other.get("198.51.100.81"))?.consumedPoints).toBe(2);
    await forgetAttempts(limitRules.signInClient, "198.51.100.81");
    expect(await other.get("198.51.100.81")).toBeNull();
  });

  it("the graceful shutdown's quitRedis ends the opened connection with QUIT, and does nothing when none is open", async () => {
    const client = getRedis();
    expect(await client.ping()).toBe("PONG");
    const ended = new Promise((resolve) => client.once("end", resolve));
    await quitRedis();
    await ended;
    expect(client.status).toBe("end");
    await expect(quitRedis()).resolves.toBeUndefined();
    // The next use opens a new connection.
    expect(getRedis()).not.toBe(client);
  });
});

describe("rate-limit counters in memory (PGlite, one process by nature)", () => {
  beforeAll(async () => {
    await useEnv({ PGLITE_DATA_DIR: "memory://" });
    await migrateDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
  });

  it("is the store without DATABASE_URL or REDIS_URL, and counts in this process", async () => {
    expect(counterStore()).toBe("memory");
    const statuses: number[] = [];
    await useEnv({ PGLITE_DATA_DIR: "memory://", RATE_LIMIT_PER_CLIENT: "3" });
    for (let i = 0; i < 5; i++) statuses.push(await statusOf(consumeLimit(limitRules.demoClient, "192.0.2.90")));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Two limiters made apart do not share memory: why PostgreSQL or Redis is needed for several instances.
    const first = createLimiter(demoRule, 2, 60);
    const second = createLimiter(demoRule, 2, 60);
    expect(await consumeAtOnce([first, second], "192.0.2.91", 8)).toEqual({ accepted: 4, refused: 4 });
  });
});

describe("a rate-limit store outage: demo requests fail open, sign-in fails closed", () => {
  const savedLogLevel = process.env.LOG_LEVEL;
  beforeAll(() => {
    process.env.LOG_LEVEL = "error";
  });
  afterAll(async () => {
    process.env.LOG_LEVEL = savedLogLevel;
    await useEnv({});
  });

  async function expectOpenAndClosed() {
    // Fail open: accepted on in-process counters, which still hold the same limit (3 here).
    const demo: number[] = [];
    for (let i = 0; i < 4; i++) demo.push(await statusOf(consumeLimit(limitRules.demoClient, "192.0.2.10")));
    expect(demo).toEqual([200, 200, 200, 429]);
    // Fail closed: refused with a 503 that says to come back, never let through uncounted.
    let refusal: unknown;
    const lines = await capturedLogLines(async () => {
      try {
        await consumeLimit(limitRules.signInClient, "192.0.2.11", "req-store-outage");
      } catch (error) {
        refusal = error;
      }
    });
    expect(refusal).toBeInstanceOf(RequestRejected);
    // The line that says why names the request it refused.
    expect(lines.map((line) => JSON.parse(line) as LogLine)).toContainEqual(
      expect.objectContaining({ level: "error", requestId: "req-store-outage", limit: limitRules.signInClient.name }),
    );
    expect(refusal).toMatchObject({ status: 503, headers: { "Retry-After": "30" } });
    expect((refusal as Error).message).toMatch(/unavailable for a moment/);
    // Forgetting only relaxes a limit: a store error there is not the visitor's problem.
    await expect(forgetAttempts(limitRules.signInClient, "192.0.2.11")).resolves.toBeUndefined();
  }

  it("Redis refusing connections (nothing listens on its port)", async () => {
    const closedPort = await freePort();
    await useEnv({
      PGLITE_DATA_DIR: "memory://",
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
      REDIS_KEY_PREFIX: uniquePrefix("closed"),
      RATE_LIMIT_PER_CLIENT: "3",
    });
    expect(counterStore()).toBe("redis");
    await expectOpenAndClosed();
  });

  it("Redis that accepts the connection and then never answers (answers come from the fallback in time)", async () => {
    const proxy = await startTcpProxy({ targetHost: "127.0.0.1", targetPort: Number(new URL(redisUrl).port || 6379) });
    try {
      await useEnv({
        PGLITE_DATA_DIR: "memory://",
        REDIS_URL: throughProxy(redisUrl, proxy.port),
        REDIS_KEY_PREFIX: uniquePrefix("stalled"),
        RATE_LIMIT_PER_CLIENT: "3",
      });
      proxy.stall();
      await expectOpenAndClosed();
    } finally {
      await closeRedis();
      await proxy.close();
    }
  });

  it("PostgreSQL unreachable for the counters", async () => {
    const database = await createDatabase("gw_limits_outage");
    const proxy = await startTcpProxy({ targetHost: "127.0.0.1", targetPort: Number(new URL(database.url).port) });
    try {
      await useEnv({
        DATABASE_URL: throughProxy(database.url, proxy.port),
        RATE_LIMIT_PER_CLIENT: "3",
      });
      await migrateDatabase();
      expect(counterStore(getEnv())).toBe("postgres");
      proxy.cut();
      await expectOpenAndClosed();
    } finally {
      await closeDatabase();
      await proxy.close();
      await dropDatabase(database.name);
    }
  });
});
