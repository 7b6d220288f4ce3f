// A database that stops answering without going away (its processes stopped, a network path that drops
// packets), and a database that is not there yet when the app starts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/app-server.mjs";
import { spawnApp } from "../support/app-process.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { startTcpProxy, throughProxy } from "../support/tcp-proxy.mjs";

// The app promises an answer within 2 s; the driver's own connect timeout (5 s) must not be what answers, nor
// must a query stuck on an open connection (no timeout at all). 4 s leaves the 2 s bound room on a busy machine.
const HEALTH_ANSWER_BOUND_MS = 4_000;

type Proxy = Awaited<ReturnType<typeof startTcpProxy>>;

async function health(baseUrl: string): Promise<{ status: number; body: string } | string> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(HEALTH_ANSWER_BOUND_MS) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return error instanceof Error && error.name === "TimeoutError"
      ? `no answer within ${HEALTH_ANSWER_BOUND_MS} ms`
      : String(error);
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a frozen or missing PostgreSQL", () => {
  let database: { name: string; url: string };
  let proxy: Proxy;

  beforeAll(async () => {
    database = await createDatabase("gw_frozen");
  });
  afterAll(async () => {
    await proxy?.close();
    await dropDatabase(database.name);
  });

  it("/healthz answers 503 within its bound while the database does not answer, and 200 once it does", async () => {
    const target = new URL(database.url);
    proxy = await startTcpProxy({ targetHost: target.hostname, targetPort: Number(target.port) });
    const app = await spawnApp({ env: { DATABASE_URL: throughProxy(database.url, proxy.port) } });
    try {
      await app.waitForHealthy();
      proxy.stall();
      // Twice: a second check while the first probe is still stuck must not hang behind it either.
      for (let round = 0; round < 2; round++) {
        const answer = await health(app.baseUrl);
        expect(answer).toEqual({ status: 503, body: expect.stringContaining('"database":"down"') });
      }
      // The freeze ends (the stuck connections are dropped): the same process is healthy again.
      proxy.cut();
      proxy.restore();
      await waitUntil(async () => {
        const answer = await health(app.baseUrl);
        return typeof answer === "object" && answer.status === 200;
      }, "/healthz to answer 200 after the freeze");
    } finally {
      await app.kill();
      await proxy.close();
    }
  });

  it("at start-up, waits for an unreachable database, saying what it waits for, and starts when it comes", async () => {
    const target = new URL(database.url);
    proxy = await startTcpProxy({ targetHost: target.hostname, targetPort: Number(target.port) });
    proxy.cut();
    const app = await spawnApp({
      env: { DATABASE_URL: throughProxy(database.url, proxy.port), DATABASE_WAIT_SECONDS: "120" },
    });
    try {
      await app.waitForOutput(/"check":"DATABASE_URL.*"message":"waiting for the database"/);
      await app.waitForOutput(/"attempt":2/);
      proxy.restore();
      await app.waitForHealthy();
      expect(app.output()).toMatch(/"message":"database reachable"/);
    } finally {
      await app.kill();
      await proxy.close();
    }
  });

  it("gives up after DATABASE_WAIT_SECONDS with a clear message and a non-zero exit", async () => {
    const closedPort = await freePort();
    const unreachable = new URL(database.url);
    unreachable.port = String(closedPort);
    const app = await spawnApp({ env: { DATABASE_URL: unreachable.toString(), DATABASE_WAIT_SECONDS: "2" } });
    try {
      const exit = await app.exitWithin(60_000);
      expect(exit?.code, app.output()).toBe(1);
      expect(app.output()).toMatch(/"message":"waiting for the database"/);
      expect(app.output()).toMatch(
        new RegExp(
          `PostgreSQL at postgresql://postgres@127\\.0\\.0\\.1:${closedPort}/\\S+ did not answer within 2 s \\(ECONNREFUSED`,
        ),
      );
      expect(app.output()).toContain("Check DATABASE_URL");
      // A message for a person, not a raw trace.
      expect(app.output()).not.toMatch(/\n\s+at /);
    } finally {
      await app.kill();
    }
  });
});
