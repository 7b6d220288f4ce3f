// SIGTERM (docker stop, systemd, Kubernetes) and SIGINT (Ctrl-C) end the server: it stops accepting, lets the
// request in flight finish, stops the outbox worker, closes the database and exits 0 — on both databases.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, startSlowPost } from "../support/app-process.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

// `docker stop` sends SIGKILL 10 s after SIGTERM: a server still running then has failed to stop by itself.
const STOP_DEADLINE_MS = 10_000;

const lead = (email: string) => ({
  firstName: "Grace",
  lastName: "Fulstop",
  email,
  phone: "+1 (555) 010-2200",
  company: "Fulstop Roofing",
  dealVolume: "11-25",
  challenges: "We deploy twice a day and cannot lose a request on each restart.",
});

async function storedEmails(database: { url?: string; dataDir?: string }): Promise<string[]> {
  if (database.url) {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      return (await sql<{ email: string }[]>`select email from demo_requests`).map((row) => row.email);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  const db = new PGlite(database.dataDir);
  try {
    return (await db.query<{ email: string }>("select email from demo_requests")).rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

describe.each(["pglite", "postgres"] as const)("graceful shutdown [%s]", (kind) => {
  const database: { url?: string; name?: string; dataDir?: string } = {};
  const env = (): Record<string, string> =>
    database.url ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: database.dataDir! };

  beforeAll(async () => {
    if (kind === "postgres") Object.assign(database, await createDatabase("gw_shutdown"));
    else database.dataDir = mkdtempSync(path.join(tmpdir(), "gw-shutdown-"));
  });
  afterAll(async () => {
    if (database.name) await dropDatabase(database.name);
    if (database.dataDir) rmSync(database.dataDir, { recursive: true, force: true });
  });

  it("on SIGTERM, finishes the request in flight, refuses new connections and exits 0", async () => {
    const app = await spawnApp({ env: env() });
    try {
      await app.waitForHealthy();
      const inFlight = await startSlowPost(app.baseUrl, "/api/demo-requests", lead(`in-flight.${kind}@fulstop.com`));

      app.signal("SIGTERM");
      await app.waitForOutput(/"message":"shutting down"/);
      // A new connection is refused (the listener is closed); a request on a kept-alive connection is told the
      // instance is going away, so a load balancer sends visitors elsewhere.
      const lateHealth = await fetch(`${app.baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        () => "refused",
      );
      if (lateHealth !== "refused")
        expect(lateHealth).toEqual({ status: 503, body: expect.stringContaining('"status":"shutting-down"') });

      const answer = await inFlight.finish();
      expect(answer.status, answer.text).toBe(201);
      expect(await app.exitWithin(STOP_DEADLINE_MS), app.output()).toEqual({ code: 0, signal: null });
      expect(app.output()).toMatch(/"message":"stopped"/);
      expect(await storedEmails(database)).toContain(`in-flight.${kind}@fulstop.com`);
    } finally {
      await app.kill();
    }
  });

  it("on SIGINT with a request that never finishes, gives up on it after SHUTDOWN_TIMEOUT_SECONDS and exits 0", async () => {
    const app = await spawnApp({ env: { ...env(), SHUTDOWN_TIMEOUT_SECONDS: "1" } });
    try {
      await app.waitForHealthy();
      const stalled = await startSlowPost(app.baseUrl, "/api/demo-requests", lead(`stalled.${kind}@fulstop.com`));
      app.signal("SIGINT");
      expect(await app.exitWithin(STOP_DEADLINE_MS), app.output()).toEqual({ code: 0, signal: null });
      expect(app.output()).toMatch(
        /"inFlight":1,"message":"requests still in flight at the shutdown deadline; closing them"/,
      );
      stalled.abandon();
    } finally {
      await app.kill();
    }
  });
});
