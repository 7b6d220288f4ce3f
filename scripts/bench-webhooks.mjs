// `npm run bench:webhooks` (issue #25): what a webhook endpoint costs the demo POST, and that nothing is lost.
//
// Same-session pairs on one database: an app with no endpoint beside an app whose WEBHOOK_URL is a local receiver
// that takes 200 ms to answer, alternating, BENCH_ROUNDS times (5). Each run POSTs BENCH_LEADS (1,000) demo requests
// through /api/demo-requests with BENCH_CONNECTIONS (20) at once; with the endpoint, the receiver must then hold
// every acknowledged lead's lead.created exactly once (verified signatures, deduplicated by webhook-id). Prints the
// median latencies of each side and their ratio. BENCH_DATABASES: "postgres" (default) or "pglite".
// The receiver speaks https with a throwaway certificate (Debian's openssl). The build must exist (`npm run build`).
import { randomBytes } from "node:crypto";
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Webhook } from "standardwebhooks";
import { startAppServer } from "../tests/support/app-server.mjs";
import { createDatabase, dropDatabase } from "../tests/support/postgres.mjs";
import { throwawayCertificate } from "../tests/support/throwaway-certificate.mjs";
import { demoRequests, loadFigures } from "./bench-load.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const leads = Number(process.env.BENCH_LEADS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const databases = (process.env.BENCH_DATABASES ?? "postgres").split(",").map((kind) => kind.trim());
const lifted = {
  RATE_LIMIT_PER_CLIENT: "1000000000",
  RATE_LIMIT_PER_EMAIL: "1000000000",
  RATE_LIMIT_GLOBAL: "1000000000",
  LOG_LEVEL: "warn",
};
const secret = `whsec_${randomBytes(32).toString("base64")}`;
// The app runs as in production, where webhooks go over https only: the receiver's certificate is trusted by the app.
const certificate = throwawayCertificate();

/** The CRM: verifies, keeps each event once, answers after 200 ms. */
async function startSlowReceiver() {
  const emails = new Map();
  let duplicates = 0;
  let unverified = 0;
  const server = https.createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = new Webhook(secret).verify(body, request.headers);
        if (emails.has(event.data.email)) duplicates += 1;
        else emails.set(event.data.email, request.headers["webhook-id"]);
      } catch {
        unverified += 1;
      }
      setTimeout(() => response.writeHead(200).end("ok"), 200);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}/hook`,
    emails,
    counts: () => ({ duplicates, unverified }),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

function post(baseUrl, runId) {
  const acknowledged = new Set();
  const requests = demoRequests({
    email: (sequence) => `webhook-bench.${runId}.${sequence}@example.com`,
    lastName: (sequence) => `Load ${sequence}`,
    acknowledged,
  });
  return new Promise((resolve, reject) =>
    autocannon({ url: baseUrl, connections, pipelining: 1, amount: leads, timeout: 10, requests }, (error, result) =>
      error ? reject(error) : resolve({ figures: loadFigures(result), acknowledged }),
    ),
  );
}

async function run(kind, withEndpoint, round) {
  const env = { ...lifted };
  let databaseName;
  let dataDir;
  if (kind === "postgres") {
    const created = await createDatabase("gw_bench_hooks");
    databaseName = created.name;
    env.DATABASE_URL = created.url;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), "gw-bench-hooks-"));
    env.PGLITE_DATA_DIR = dataDir;
  }
  const receiver = withEndpoint ? await startSlowReceiver() : undefined;
  if (receiver)
    Object.assign(env, {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE: "true",
      NODE_EXTRA_CA_CERTS: certificate.certPath,
    });
  const server = await startAppServer({ env });
  try {
    const runId = `${round}${withEndpoint ? "w" : "n"}${Date.now().toString(36)}`;
    const { figures, acknowledged } = await post(server.baseUrl, runId);
    let delivery;
    if (receiver) {
      const started = Date.now();
      while (receiver.emails.size < acknowledged.size && Date.now() - started < 180_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const missing = [...acknowledged].filter((email) => !receiver.emails.has(email));
      delivery = {
        delivered: receiver.emails.size,
        missing: missing.length,
        ...receiver.counts(),
        drainSeconds: (Date.now() - started) / 1000,
      };
    }
    return { figures, acknowledged: acknowledged.size, delivery };
  } finally {
    await server.stop();
    await receiver?.stop();
    if (databaseName) await dropDatabase(databaseName);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

let failed = false;
for (const kind of databases) {
  const sides = { without: [], with: [] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const withEndpoint of round % 2 ? [false, true] : [true, false]) {
      const result = await run(kind, withEndpoint, round);
      sides[withEndpoint ? "with" : "without"].push(result);
      const { latencyMs, requestsPerSecond } = result.figures;
      console.log(
        `[${kind}] round ${round} ${withEndpoint ? "slow endpoint" : "no endpoint  "}: ${result.acknowledged} acknowledged, median ${latencyMs.p50} ms, p99 ${latencyMs.p99} ms, ${requestsPerSecond} req/s` +
          (result.delivery
            ? `, delivered ${result.delivery.delivered} (missing ${result.delivery.missing}, duplicates ${result.delivery.duplicates}, bad signatures ${result.delivery.unverified}) in ${result.delivery.drainSeconds} s after the burst`
            : ""),
      );
      if (result.delivery && (result.delivery.missing || result.delivery.duplicates || result.delivery.unverified))
        failed = true;
    }
  }
  const figure = (side, pick) => median(sides[side].map((result) => pick(result.figures)));
  for (const [name, pick] of [
    ["median latency", (figures) => figures.latencyMs.p50],
    ["p99 latency", (figures) => figures.latencyMs.p99],
    ["req/s", (figures) => figures.requestsPerSecond],
  ]) {
    const without = figure("without", pick);
    const withEndpoint = figure("with", pick);
    console.log(
      `[${kind}] ${name}: no endpoint ${without}, slow endpoint ${withEndpoint}, ratio ${(withEndpoint / without).toFixed(2)} (median of ${rounds})`,
    );
  }
}
certificate.remove();
if (failed) {
  console.error("bench:webhooks: a lead was lost, duplicated or badly signed");
  process.exit(1);
}
