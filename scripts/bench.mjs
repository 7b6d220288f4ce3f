// `npm run bench`: load-tests the production build (remix-serve) on loopback and writes bench-results/bench.json.
//
// Cases, each on PGlite and on PostgreSQL: GET / (the full SSR page), POST /api/demo-requests and
// POST /api/create-checkout-session (test mode). In the same run, the exact HTML of GET / is served by a plain
// Node `http` server from memory, so GET / is reported as a ratio of static serving measured under the same
// machine load. After each database's run, every demo request that was answered 2xx must be a row.
//
// Settings (env): BENCH_DURATION seconds per case (10), BENCH_WARMUP seconds (3), BENCH_CONNECTIONS (50),
// BENCH_MAX_REQUESTS per case (200000), BENCH_DATABASES ("pglite,postgres"), BENCH_CASES (all; a comma list of
// "static,home,floor,demo,checkout,cdn,conditional,render,flood-demo,flood-coupon,flood-sign-in,demo-instances,
// dashboard"),
// The budgets (scripts/bench-budgets.mjs) are printed last, one PASS/FAIL/SKIP line each, and written
// to bench.json's `budgets`; any FAIL makes the exit code 1.
// BENCH_LOG_LEVEL (the app's LOG_LEVEL; unset: "warn", so no access line per request; "info" is production's),
// BENCH_PROFILE_DIR (writes a V8 CPU profile of the app server per database). The flood-* cases run against the
// default limits: scripts/bench-abuse.mjs. The cdn case needs nginx (Debian: `apt-get install -y nginx-light`;
// NGINX_PATH to point at another binary) and says so when it is missing; cdn, conditional and render:
// scripts/bench-cdn.mjs; demo-instances (demo POSTs on PostgreSQL with 1 and 2 app processes):
// scripts/bench-instances.mjs; dashboard (GET /admin?range=90 on a year of seeded data, PostgreSQL, a 300 ms
// median budget): scripts/bench-dashboard.mjs.
// The build must exist (`npm run bench` builds first).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";
import { freePort, startAppServer } from "../tests/support/app-server.mjs";
import { abuseCaseNames, runAbuseCases } from "./bench-abuse.mjs";
import { demoRequests, loadFigures } from "./bench-load.mjs";
import { cdnCaseNames, runCdnCases } from "./bench-cdn.mjs";
import { instanceCaseNames, runInstanceCases } from "./bench-instances.mjs";
import { dashboardCaseNames, runDashboardCases } from "./bench-dashboard.mjs";
import { judgeBudgets, pageSizes, printBudgets } from "./bench-budgets.mjs";
import { createDatabase, dropDatabase } from "../tests/support/postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const numberFromEnv = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${process.env[name]}"`);
  return value;
};
const config = {
  duration: numberFromEnv("BENCH_DURATION", 10),
  warmup: numberFromEnv("BENCH_WARMUP", 3),
  connections: numberFromEnv("BENCH_CONNECTIONS", 50),
  maxRequests: numberFromEnv("BENCH_MAX_REQUESTS", 200_000),
  databases: (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((kind) => kind.trim()),
  cases: (
    process.env.BENCH_CASES ??
    [
      "static",
      "home",
      "floor",
      "demo",
      "checkout",
      ...cdnCaseNames,
      ...abuseCaseNames,
      ...instanceCaseNames,
      ...dashboardCaseNames,
    ].join(",")
  )
    .split(",")
    .map((name) => name.trim()),
  profileDir: process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined,
};
for (const kind of config.databases) {
  if (!["pglite", "postgres"].includes(kind)) throw new Error(`BENCH_DATABASES: unknown database "${kind}"`);
}

// The limits are on by default; a benchmark from one address would trip them at once, so it lifts them
// explicitly (tests/integration/rate-limit-defaults.test.ts proves the defaults hold).
const liftedLimits = {
  ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  RATE_LIMIT_PER_CLIENT: "1000000000",
  RATE_LIMIT_PER_EMAIL: "1000000000",
  RATE_LIMIT_GLOBAL: "1000000000",
  LOGIN_RATE_LIMIT: "1000000000",
  RATE_LIMIT_COUPONS_PER_SESSION: "1000000000",
};

// The catalogue's Scale Master, monthly: the server recomputes the amount and refuses a mismatch.
const checkoutPlan = { id: "scale-master", name: "Scale Master", monthlyPrice: 397 };

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

if (!existsSync("build/server/index.js")) {
  console.error(
    "bench: build/server/index.js is missing; run `npm run build` first (or `npm run bench`, which builds).",
  );
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------- load runner

/** One autocannon run, bounded by BENCH_DURATION and BENCH_MAX_REQUESTS. */
function runLoad({ url, requests, duration, title, headers }) {
  return new Promise((resolve, reject) => {
    let responses = 0;
    const instance = autocannon(
      {
        url,
        title,
        headers,
        connections: config.connections,
        pipelining: 1,
        duration,
        timeout: 10,
        requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", () => {
      responses += 1;
      if (responses === config.maxRequests) instance.stop();
    });
  });
}

function summarise(name, database, result, extra = {}) {
  return { case: name, database, ...loadFigures(result), ...extra };
}

/**
 * CPU time (user + system) a process has used, from /proc; undefined where there is no /proc. Unlike req/s, CPU
 * per request barely moves when other work shares the machine, so it is the figure to compare between runs.
 */
function cpuMillis(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks (100/s).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Warm-up (JIT, pools, caches) then the measured run; the warm-up's figures are discarded. */
async function bench(name, database, url, { requests, pid, extra, headers } = {}) {
  process.stdout.write(`bench: ${name} [${database}] warm-up ${config.warmup}s… `);
  await runLoad({ url, requests, headers, duration: config.warmup, title: `${name} warm-up` });
  process.stdout.write(`measuring ${config.duration}s… `);
  const cpuBefore = pid ? cpuMillis(pid) : undefined;
  const result = await runLoad({ url, requests, headers, duration: config.duration, title: name });
  const cpuAfter = pid ? cpuMillis(pid) : undefined;
  const summary = summarise(name, database, result, extra?.());
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) {
    summary.serverCpuMsPerRequest = Number(((cpuAfter - cpuBefore) / result.requests.total).toFixed(3));
  }
  console.log(
    `${summary.requestsPerSecond} req/s, p99 ${summary.latencyMs.p99} ms, server CPU ${summary.serverCpuMsPerRequest ?? "?"} ms/request`,
  );
  return summary;
}

// ------------------------------------------------------------------------------------------- static server

/** The same bytes from a plain Node http server in its own process, so it does not share the load generator's thread. */
async function startStaticServer(html, headers) {
  const dir = mkdtempSync(path.join(tmpdir(), "gw-bench-static-"));
  const file = path.join(dir, "index.html");
  writeFileSync(file, html);
  const port = await freePort();
  const code = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const headers = ${JSON.stringify(headers)};
    headers["Content-Length"] = body.length;
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${port}, "127.0.0.1", () => console.log("ready"));
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (status) => reject(new Error(`static server exited with ${status}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --------------------------------------------------------------------------------------------- request makers

function checkoutRequests(acknowledged) {
  let sequence = 0;
  return [
    {
      method: "POST",
      path: "/api/create-checkout-session",
      headers: { "content-type": "application/json", accept: "application/json" },
      setupRequest(request, context) {
        sequence += 1;
        context.email = `bench.checkout.${runId}.${sequence}@example.com`;
        request.body = JSON.stringify({
          planIds: [checkoutPlan.id],
          planNames: [checkoutPlan.name],
          amount: checkoutPlan.monthlyPrice,
          isAnnual: false,
          couponCode: "",
          userInfo: {
            companyName: "Benchmark Landscaping LLC",
            fullName: `Bench Load ${sequence}`,
            email: context.email,
            phone: "+1 (555) 010-2030",
          },
        });
        return request;
      },
      onResponse(status, _body, context) {
        if (status >= 200 && status < 300) acknowledged.add(context.email);
      },
    },
  ];
}

/** One request before the load, so a missing or broken endpoint is reported instead of benchmarked. */
async function preflight(baseUrl, [request]) {
  const context = {};
  const prepared = request.setupRequest({ ...request }, context);
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method,
    headers: request.headers,
    body: prepared.body,
  });
  const text = await response.text();
  request.onResponse(response.status, text, context);
  return response.ok
    ? undefined
    : `${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 200)}`;
}

// ------------------------------------------------------------------------------------------- durability check

async function rowsWithEmails(kind, { databaseUrl, dataDir }, table, prefix) {
  const query = `select email from ${table} where email like '${prefix}%'`;
  if (kind === "postgres") {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return (await sql.unsafe(query)).map((row) => row.email);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  // PGlite is single-process: the app server has stopped by now, so its directory can be opened here.
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(dataDir);
  try {
    return (await db.query(query)).rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

function compareRows(acknowledged, emails) {
  const stored = new Set(emails);
  const lost = [...acknowledged].filter((email) => !stored.has(email));
  return {
    acknowledged2xx: acknowledged.size,
    rows: emails.length,
    distinctRows: stored.size,
    lost: lost.length,
    lostExamples: lost.slice(0, 5),
    // A row whose answer the load generator never counted: requests still in flight when a run's time ran out
    // (up to one per connection per run) or that timed out client-side. Not a lost lead, but shown.
    rowsWithout2xx: [...stored].filter((email) => !acknowledged.has(email)).length,
  };
}

// ------------------------------------------------------------------------------------------------------ run

async function benchDatabase(kind) {
  const store = {};
  const env = { ...liftedLimits };
  if (kind === "postgres") {
    const created = await createDatabase("gw_bench");
    store.databaseName = created.name;
    store.databaseUrl = created.url;
    env.DATABASE_URL = created.url;
  } else {
    store.dataDir = mkdtempSync(path.join(tmpdir(), "gw-bench-pglite-"));
    env.PGLITE_DATA_DIR = store.dataDir;
  }
  if (config.profileDir) {
    mkdirSync(config.profileDir, { recursive: true });
    env.NODE_OPTIONS =
      `${process.env.NODE_OPTIONS ?? ""} --require ${path.join(root, "scripts/bench-profile.cjs")}`.trim();
    env.BENCH_PROFILE_FILE = path.join(config.profileDir, `app-${kind}-${runId}.cpuprofile`);
  }

  const results = [];
  const notes = [];
  const demoAcknowledged = new Set();
  const checkoutAcknowledged = new Set();
  let server;
  let pageFigures;
  try {
    server = await startAppServer({ env });
    console.log(`bench: app on ${server.baseUrl} [${kind}]`);

    const page = await fetch(server.baseUrl + "/");
    const html = await page.text();
    if (!page.ok) throw new Error(`GET / answered ${page.status}`);
    pageFigures = pageSizes(html);
    if (config.cases.includes("home") || config.cases.includes("static")) {
      let staticSummary;
      if (config.cases.includes("static")) {
        const staticServer = await startStaticServer(html, { "Content-Type": page.headers.get("content-type") });
        try {
          staticSummary = await bench("static GET / (same HTML)", kind, staticServer.url, { pid: staticServer.pid });
        } finally {
          await staticServer.stop();
        }
        results.push({ ...staticSummary, htmlBytes: Buffer.byteLength(html) });
      }
      if (config.cases.includes("home")) {
        const home = await bench("GET /", kind, server.baseUrl + "/", {
          pid: server.pid,
          extra: () => ({ htmlBytes: Buffer.byteLength(html) }),
        });
        if (staticSummary) {
          home.ratioToStatic = Number((home.requestsPerSecond / staticSummary.requestsPerSecond).toFixed(3));
          if (home.serverCpuMsPerRequest && staticSummary.serverCpuMsPerRequest) {
            home.cpuRatioToStatic = Number(
              (staticSummary.serverCpuMsPerRequest / home.serverCpuMsPerRequest).toFixed(3),
            );
          }
        }
        results.push(home);
      }
    }

    // Issue #15: GET / behind nginx's proxy_cache vs nginx serving the same bytes; 304 and full-render CPU.
    const cdn = await runCdnCases({ cases: config.cases, database: kind, server, env, bench, cpuMillis });
    results.push(...cdn.results);
    notes.push(...cdn.notes);

    if (config.cases.includes("floor")) {
      // The least a Remix response can cost through remix-serve (express, compression, morgan, static-file
      // lookups, the Remix handler): an unknown API path answers a small JSON 404 without touching the database.
      const floor = await bench("floor: GET /api/… (JSON 404)", kind, server.baseUrl + "/api/bench-floor", {
        pid: server.pid,
      });
      results.push(floor);
    }

    const apiCases = [
      [
        "demo",
        "POST /api/demo-requests",
        () =>
          demoRequests({
            email: (sequence) => `bench.${runId}.${sequence}@example.com`,
            lastName: (sequence) => `Load ${sequence}`,
            acknowledged: demoAcknowledged,
          }),
      ],
      ["checkout", "POST /api/create-checkout-session", () => checkoutRequests(checkoutAcknowledged)],
    ];
    for (const [key, name, makeRequests] of apiCases) {
      if (!config.cases.includes(key)) continue;
      const requests = makeRequests();
      const problem = await preflight(server.baseUrl, requests);
      if (problem) {
        notes.push(`${name} [${kind}] not benchmarked: ${problem}`);
        console.log(`bench: ${name} [${kind}] skipped: ${problem}`);
        continue;
      }
      results.push(await bench(name, kind, server.baseUrl, { requests, pid: server.pid }));
    }
  } finally {
    await server?.stop();
  }
  results.push(
    ...(await runAbuseCases({
      cases: config.cases,
      database: kind,
      storeEnv: kind === "postgres" ? { DATABASE_URL: store.databaseUrl } : { PGLITE_DATA_DIR: store.dataDir },
      duration: config.duration,
      connections: config.connections,
      runId,
    })),
  );

  const durability = {};
  try {
    if (config.cases.includes("demo") && demoAcknowledged.size > 0) {
      const emails = await rowsWithEmails(kind, store, "demo_requests", `bench.${runId}.`);
      durability.demoRequests = compareRows(demoAcknowledged, emails);
    }
    if (config.cases.includes("checkout") && checkoutAcknowledged.size > 0) {
      const emails = await rowsWithEmails(kind, store, "orders", `bench.checkout.${runId}.`);
      durability.orders = compareRows(checkoutAcknowledged, emails);
    }
  } finally {
    if (store.databaseName) await dropDatabase(store.databaseName);
    if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
  }
  for (const summary of results) {
    const check = summary.case.includes("demo-requests")
      ? durability.demoRequests
      : summary.case.includes("checkout")
        ? durability.orders
        : undefined;
    if (check) summary.rowsCheck = check;
  }
  return { results, notes, durability, page: pageFigures };
}

function readLighthouse() {
  const file = path.join(root, "bench-results/lighthouse.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return { error: `bench-results/lighthouse.json could not be read: ${error.message}` };
  }
}

function printTable(results) {
  const rows = results.map((r) => ({
    case: r.case,
    db: r.database,
    "req/s": r.requestsPerSecond,
    "p50 ms": r.latencyMs.p50,
    "p99 ms": r.latencyMs.p99,
    "CPU ms/req": r.serverCpuMsPerRequest ?? "",
    requests: r.requests,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    "vs static": r.ratioToStatic === undefined ? "" : `${Math.round(r.ratioToStatic * 100)} %`,
    "2xx→rows": r.rowsCheck
      ? `${r.rowsCheck.acknowledged2xx}→${r.rowsCheck.distinctRows} (lost ${r.rowsCheck.lost})`
      : "",
    visitor: r.visitor
      ? `${JSON.stringify(r.visitor.statuses)} p50 ${r.visitor.p50Ms} ms`
      : r.home
        ? `GET / p50 ${r.home.alone.p50}→${r.home.duringFlood.p50} ms`
        : "",
  }));
  console.table(rows);
}

const startedAt = new Date();
const loadBefore = loadavg();
const all = { results: [], notes: [], durability: {}, pages: {} };
for (const kind of config.databases) {
  const { results, notes, durability, page } = await benchDatabase(kind);
  all.results.push(...results);
  all.notes.push(...notes);
  all.durability[kind] = durability;
  all.pages[kind] = page;
}
if (config.databases.includes("postgres")) {
  const instances = await runInstanceCases({ ...config, runId, env: liftedLimits });
  all.results.push(...instances);
  if (instances.length > 0) all.durability.instances = Object.fromEntries(instances.map((r) => [r.case, r.rowsCheck]));
  all.results.push(...(await runDashboardCases({ cases: config.cases })));
}
const loadAfter = loadavg();
const budgets = judgeBudgets({ results: all.results, databases: config.databases, pages: all.pages });

const report = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    // Other work on the machine skews every figure; the load average says how busy it was.
    loadAverageBefore: loadBefore.map((value) => Number(value.toFixed(2))),
    loadAverageAfter: loadAfter.map((value) => Number(value.toFixed(2))),
  },
  settings: {
    ...config,
    profileDir: undefined,
    rateLimits: "lifted via RATE_LIMIT_* env, except the flood-* cases (defaults)",
  },
  budgets,
  pages: all.pages,
  results: all.results,
  durability: all.durability,
  notes: all.notes,
  lighthouse: readLighthouse(),
};

mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/bench.json", JSON.stringify(report, null, 2) + "\n");
console.log(
  `\nbench: ${cpus().length} CPUs, load average ${report.machine.loadAverageBefore.join(" ")} → ${report.machine.loadAverageAfter.join(" ")}`,
);
printTable(all.results);
for (const note of all.notes) console.log(`note: ${note}`);
if (report.lighthouse?.checks) {
  console.log(
    `lighthouse (${report.lighthouse.date}, median of ${report.lighthouse.runs?.length ?? "?"} mobile runs):`,
  );
  console.table(report.lighthouse.checks);
} else if (report.lighthouse) {
  console.log("lighthouse:", JSON.stringify(report.lighthouse).slice(0, 500));
} else {
  console.log("lighthouse: no bench-results/lighthouse.json (run `npm run lighthouse` to include it)");
}
printBudgets(budgets);
console.log("bench: wrote bench-results/bench.json");

const lost = Object.values(all.durability)
  .flatMap((byTable) => Object.values(byTable))
  .reduce((sum, check) => sum + check.lost, 0);
for (const result of all.results.filter((r) => r.withinBudget === false)) {
  console.error(`bench: ${result.case} median ${result.latencyMs.median} ms is over its ${result.budgetMs} ms budget`);
  process.exitCode = 1;
}
for (const line of budgets.filter((b) => b.status === "FAIL")) {
  console.error(`bench: FAIL [${line.database}] ${line.budget}`);
  process.exitCode = 1;
}
if (lost > 0) {
  console.error(`bench: ${lost} acknowledged (2xx) requests have no row`);
  process.exitCode = 1;
}
