// One PGlite directory, one process: a second server, `db:migrate` or `admin:create` on the same directory is
// refused with a message, the directory and every acknowledged lead survive, and a holder killed with SIGKILL
// leaves no lock behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp } from "../support/app-process.mjs";

const STOP_DEADLINE_MS = 10_000;

let dataDir: string;
const acknowledged: string[] = [];

async function postLead(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Lock",
      lastName: "Smith",
      email,
      phone: "555 010 7000",
      company: "Smith Locks",
      dealVolume: "1-10",
      challenges: "",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  acknowledged.push(email);
}

async function storedEmails(): Promise<string[]> {
  const db = new PGlite(dataDir);
  try {
    return (await db.query<{ email: string }>("select email from demo_requests")).rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

const refusal = /The PGlite data directory .* is in use by another process \(pid \d+/;

describe("a PGlite directory is opened by one process only", () => {
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "gw-pglite-lock-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second server, db:migrate and admin:create while the first serves, and loses no lead", async () => {
    const first = await spawnApp({ env: { PGLITE_DATA_DIR: dataDir } });
    try {
      await first.waitForHealthy();
      await postLead(first.baseUrl, "before@smithlocks.com");

      const attempts = [
        spawnApp({ env: { PGLITE_DATA_DIR: dataDir } }),
        spawnApp({ env: { PGLITE_DATA_DIR: dataDir }, script: "scripts/migrate.js" }),
        spawnApp({
          env: { PGLITE_DATA_DIR: dataDir, ADMIN_PASSWORD: "a-long-enough-password" },
          script: "scripts/admin-create.js",
          args: ["second"],
        }),
      ];
      for (const second of await Promise.all(attempts)) {
        const exit = await second.exitWithin(60_000);
        expect(exit?.code, second.output()).toBe(1);
        expect(second.output()).toMatch(refusal);
        expect(second.output()).toContain("Stop the other process first");
        // A message, not a stack trace.
        expect(second.output()).not.toMatch(/\n\s+at /);
      }

      // The first server never noticed: it still reads and writes the directory.
      await postLead(first.baseUrl, "after@smithlocks.com");
      const health = await fetch(`${first.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      first.signal("SIGTERM");
      expect(await first.exitWithin(STOP_DEADLINE_MS)).toEqual({ code: 0, signal: null });
    } finally {
      await first.kill();
    }
    // The folder opens again, with every acknowledged lead.
    expect((await storedEmails()).sort()).toEqual([...acknowledged].sort());
  });

  it("does not stay locked after its holder is killed with SIGKILL", async () => {
    const crashed = await spawnApp({ env: { PGLITE_DATA_DIR: dataDir } });
    try {
      await crashed.waitForHealthy();
      await postLead(crashed.baseUrl, "before-crash@smithlocks.com");
    } finally {
      await crashed.kill();
    }
    expect(crashed.output()).not.toMatch(refusal);

    const next = await spawnApp({ env: { PGLITE_DATA_DIR: dataDir } });
    try {
      await next.waitForHealthy();
      await postLead(next.baseUrl, "after-crash@smithlocks.com");
      next.signal("SIGTERM");
      expect(await next.exitWithin(STOP_DEADLINE_MS)).toEqual({ code: 0, signal: null });
    } finally {
      await next.kill();
    }
    expect((await storedEmails()).sort()).toEqual([...acknowledged].sort());
  });
});
