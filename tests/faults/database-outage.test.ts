// The database goes away under load and comes back: visitors get a fast 503 (JSON for the API, the error toast
// for the page's form), the app does not crash or need a restart, and no lead that was acknowledged is lost.
import { mkdirSync, writeFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";
import { createClusterDatabase, createThrowawayCluster, type ThrowawayCluster } from "../support/throwaway-postgres";

// The functional bound: a request that has not answered by then counts as hung and fails the test.
const REQUEST_TIMEOUT_MS = 4_000;
const WORKERS = 16;
const UP_MS = 2_000;
const DOWN_MS = 3_000;
const AFTER_RECOVERY_MS = 2_000;
// How long the app may take to serve again once the database accepts connections (the goal is 5 s; this is
// the point at which we call it "needs a restart").
const RECOVERY_LIMIT_MS = 15_000;

type Phase = "up" | "down" | "restarted";
type Outcome = {
  email: string;
  phase: Phase;
  startedAt: number;
  endedAt: number;
  status?: number;
  contentType?: string;
  error?: unknown;
  failure?: string;
};

const lifted = {
  RATE_LIMIT_PER_CLIENT: "1000000000",
  RATE_LIMIT_PER_EMAIL: "1000000000",
  RATE_LIMIT_GLOBAL: "1000000000",
};

let cluster: ThrowawayCluster;
let databaseUrl: string;
let app: Awaited<ReturnType<typeof startAppServer>>;
let phase: Phase = "up";
let sequence = 0;
const runId = Date.now().toString(36);
const outcomes: Outcome[] = [];

function demoBody(email: string) {
  return {
    firstName: "Fault",
    lastName: "Tolerance",
    email,
    phone: "+1 (555) 010-4477",
    company: "Outage Plumbing Co",
    dealVolume: "26-50",
    challenges: "Our database went down during the busiest hour of the week.",
  };
}

async function postDemo(): Promise<Outcome> {
  sequence += 1;
  const outcome: Outcome = {
    email: `fault.${runId}.${sequence}@example.com`,
    phase,
    startedAt: Date.now(),
    endedAt: 0,
  };
  try {
    const response = await fetch(`${app.baseUrl}/api/demo-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(demoBody(outcome.email)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    outcome.status = response.status;
    outcome.contentType = response.headers.get("content-type") ?? "";
    const text = await response.text();
    try {
      outcome.error = (JSON.parse(text) as { error?: unknown }).error;
    } catch {
      outcome.failure = `not JSON: ${text.slice(0, 120)}`;
    }
  } catch (error) {
    outcome.failure =
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${REQUEST_TIMEOUT_MS} ms`
        : String(error);
  }
  outcome.endedAt = Date.now();
  outcomes.push(outcome);
  return outcome;
}

async function health(): Promise<number | string> {
  try {
    const response = await fetch(`${app.baseUrl}/healthz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    return String(error);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's own form, posted the way a browser without JavaScript posts it; returns the HTML that shows the toast. */
async function submitDemoForm(): Promise<{ status: number; html: string; elapsedMs: number }> {
  const startedAt = Date.now();
  const form = new URLSearchParams({ intent: "demo-request", ...demoBody(`fault.form.${runId}@example.com`) });
  const response = await fetch(`${app.baseUrl}/?index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseUrl },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  let html = await response.text();
  const elapsedMs = Date.now() - startedAt;
  // The toast travels in a cookie: it is on this response, or on the page it sends the browser to next.
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  if (!/data-toast-type="error"/.test(html) && cookies) {
    const next = response.headers.get("location") ?? "/";
    const page = await fetch(new URL(next, app.baseUrl), {
      headers: { Cookie: cookies },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    html = await page.text();
  }
  return { status: response.status, html, elapsedMs };
}

describe("PostgreSQL outage under load", () => {
  beforeAll(async () => {
    cluster = await createThrowawayCluster();
    databaseUrl = await createClusterDatabase(cluster, "gw_faults");
    app = await startAppServer({ env: { DATABASE_URL: databaseUrl, ...lifted } });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await cluster?.destroy();
  }, 60_000);

  it("answers 503 fast while the database is down, recovers without a restart, and loses no acknowledged lead", async () => {
    let running = true;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (running) {
        const outcome = await postDemo();
        // Refusals come back in a millisecond; a short pause keeps the loop a load, not a busy spin.
        if (outcome.status !== 201) await sleep(20);
      }
    });

    await sleep(UP_MS);
    phase = "down";
    const stoppedAt = Date.now();
    await cluster.stop("immediate");

    await sleep(500);
    const healthWhileDown = await health();
    const formWhileDown = await submitDemoForm();
    await sleep(Math.max(0, DOWN_MS - (Date.now() - stoppedAt)));

    await cluster.start();
    phase = "restarted";
    const restartedAt = Date.now();
    let recoveredAt: number | undefined;
    let healthyAt: number | undefined;
    while ((!recoveredAt || !healthyAt) && Date.now() - restartedAt < RECOVERY_LIMIT_MS) {
      recoveredAt ??= outcomes.find((outcome) => outcome.phase === "restarted" && outcome.status === 201)?.endedAt;
      if (!healthyAt && (await health()) === 200) healthyAt = Date.now();
      await sleep(25);
    }
    await sleep(AFTER_RECOVERY_MS);
    running = false;
    await Promise.all(workers);

    const acknowledged = outcomes.filter((outcome) => outcome.status === 201);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const rows = await sql<{ email: string }[]>`select email from demo_requests where email like ${`fault.${runId}.%`}`;
    await sql.end({ timeout: 5 });
    const stored = new Set(rows.map((row) => row.email));
    const lost = acknowledged.filter((outcome) => !stored.has(outcome.email));

    const down = outcomes.filter((outcome) => outcome.phase === "down");
    const hung = outcomes.filter((outcome) => outcome.failure);
    const statusCounts = (list: Outcome[]) =>
      list.reduce<Record<string, number>>((counts, outcome) => {
        const key = String(outcome.status ?? "no answer");
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {});
    const report = {
      requests: outcomes.length,
      byPhase: {
        up: statusCounts(outcomes.filter((outcome) => outcome.phase === "up")),
        down: statusCounts(down),
        restarted: statusCounts(outcomes.filter((outcome) => outcome.phase === "restarted")),
      },
      slowestWhileDownMs: Math.max(0, ...down.map((outcome) => outcome.endedAt - outcome.startedAt)),
      healthWhileDown,
      formWhileDown: { status: formWhileDown.status, elapsedMs: formWhileDown.elapsedMs },
      recoveryMs: recoveredAt === undefined ? null : recoveredAt - restartedAt,
      healthRecoveryMs: healthyAt === undefined ? null : healthyAt - restartedAt,
      acknowledged: acknowledged.length,
      rows: stored.size,
      lostAcknowledged: lost.length,
      // Committed just as the connection died, so the client saw an error: a duplicate on retry, never a loss.
      rowsWithoutAcknowledgement: [...stored].filter(
        (email) => !acknowledged.some((outcome) => outcome.email === email),
      ).length,
    };
    console.log("fault test:", JSON.stringify(report, null, 2));
    mkdirSync("bench-results", { recursive: true });
    writeFileSync(
      "bench-results/faults.json",
      JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2) + "\n",
    );

    expect(hung.map((outcome) => `${outcome.phase} ${outcome.status ?? ""} ${outcome.failure}`)).toEqual([]);
    // Load before the outage was served, and during it every answer was a JSON 503 (never a 500 or a stack trace).
    expect(report.byPhase.up["201"] ?? 0).toBeGreaterThan(0);
    expect(down.length).toBeGreaterThan(0);
    const downAnswers = down.filter((outcome) => outcome.status !== 201);
    expect(downAnswers.length).toBeGreaterThan(0);
    for (const outcome of downAnswers) {
      expect(outcome.status).toBe(503);
      expect(outcome.contentType).toMatch(/^application\/json/);
      expect(typeof outcome.error).toBe("string");
    }
    expect(healthWhileDown).toBe(503);
    expect(formWhileDown.status).toBe(503);
    expect(formWhileDown.html).toMatch(/data-toast-type="error"/);
    expect(formWhileDown.html).toContain("Failed to submit demo request. Please try again.");
    // Same process, no restart: it serves again once the database is back.
    expect(
      report.recoveryMs,
      `no demo request succeeded within ${RECOVERY_LIMIT_MS} ms of the database returning`,
    ).not.toBeNull();
    expect(report.healthRecoveryMs).not.toBeNull();
    expect(app.output()).not.toMatch(/Unhandled|uncaughtException|FATAL/);
    expect(await health()).toBe(200);
    expect(lost.map((outcome) => outcome.email)).toEqual([]);
  }, 120_000);
});
