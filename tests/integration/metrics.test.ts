// Prometheus metrics (issue #39, ADR 49): served on METRICS_PORT behind METRICS_TOKEN, never on the site; the
// exposition parses, its counters move with the requests this test makes, and no label holds a path or an address.
// The production server on PostgreSQL, as `npm start` runs it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, startAppServer } from "../support/app-server.mjs";
import { parseExposition, sampleValue, type Sample } from "../support/metrics";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

const token = "metrics-token-0123456789";

describe("metrics", () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let database: { name: string; url: string };
  let metricsUrl: string;

  beforeAll(async () => {
    database = await createDatabase("gw_metrics");
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startAppServer({
      env: {
        DATABASE_URL: database.url,
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: token,
        OUTBOX_WORKER: "off",
        RATE_LIMIT_PER_CLIENT: "2",
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (database) await dropDatabase(database.name);
  });

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(await response.text());
  }

  const requests = (samples: Sample[], labels: Record<string, string>) =>
    sampleValue(samples, "groundwork_http_requests_total", labels);

  it("are served on their own port with the token, and not on the site", async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    const samples = await scrape();
    // Node's own, from prom-client's defaults.
    expect(sampleValue(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === "nodejs_eventloop_lag_seconds")).toBe(true);
    expect(sampleValue(samples, "groundwork_db_pool_connections", { state: "max" })).toBe(10);
    // A scrape is not a request to the site.
    expect(samples.some((sample) => sample.labels.route === "/metrics")).toBe(false);
  });

  it("count requests and their durations by route pattern and status class", async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) await (await fetch(`${server.baseUrl}/`)).arrayBuffer();
    await (await fetch(`${server.baseUrl}/demo/manage/a-token-that-is-not-there`)).arrayBuffer();
    await (await fetch(`${server.baseUrl}/no/such/page-4711`)).arrayBuffer();
    const home = { method: "GET", route: "/", status: "2xx" };
    // A request is counted when its last byte is handed to the network, which may be just after the client has it.
    const after = await vi.waitFor(async () => {
      const samples = await scrape();
      expect(requests(samples, { route: "/*" }) - requests(before, { route: "/*" })).toBe(1);
      return samples;
    });
    expect(requests(after, home) - requests(before, home)).toBe(3);
    expect(
      sampleValue(after, "groundwork_http_request_duration_seconds_count", home) -
        sampleValue(before, "groundwork_http_request_duration_seconds_count", home),
    ).toBe(3);
    expect(sampleValue(after, "groundwork_http_request_duration_seconds_sum", home)).toBeGreaterThan(0);
    for (const labels of [
      { route: "/demo/manage/:token", status: "4xx" },
      { route: "/*", status: "4xx" },
    ]) {
      expect(requests(after, labels) - requests(before, labels)).toBe(1);
    }
  });

  it("follow the demo requests posted, the outbox they fill and the rate limit that refuses", async () => {
    const post = (n: number) =>
      fetch(`${server.baseUrl}/api/demo-requests`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Dana",
          lastName: "Whitfield",
          email: `dana.metrics${n}@whitfieldpest.com`,
          phone: "(512) 555-0147",
          company: "Whitfield Pest Control",
        }),
      });
    const before = await scrape();
    const statuses = [];
    for (let n = 0; n < 3; n += 1) statuses.push((await post(n)).status);
    expect(statuses).toEqual([201, 201, 429]);
    const api = { method: "POST", route: "/api/demo-requests" };
    const after = await vi.waitFor(async () => {
      const samples = await scrape();
      expect(requests(samples, api) - requests(before, api)).toBe(3);
      return samples;
    });
    expect(requests(after, { ...api, status: "2xx" }) - requests(before, { ...api, status: "2xx" })).toBe(2);
    expect(requests(after, { ...api, status: "4xx" }) - requests(before, { ...api, status: "4xx" })).toBe(1);
    expect(sampleValue(after, "groundwork_rate_limit_refusals_total", { limit: "demo:client" })).toBe(1);
    // The worker is off: both leads' e-mails wait in the outbox.
    expect(sampleValue(after, "groundwork_outbox_pending_messages", { kind: "new-lead-email" })).toBe(2);
    // Nothing sends them: a second later the oldest has waited a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const waited = sampleValue(await scrape(), "groundwork_outbox_oldest_due_seconds", { kind: "new-lead-email" });
    expect(waited).toBeGreaterThan(1);
    expect(waited).toBeLessThan(30);

    const text = await (await fetch(metricsUrl, { headers: { Authorization: `Bearer ${token}` } })).text();
    for (const unbounded of ["whitfieldpest.com", "page-4711", "a-token-that-is-not-there", "127.0.0.1"]) {
      expect(text).not.toContain(unbounded);
    }
  });
});
