#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (from npm) driving the system Chromium against the production build.
//
// Starts the built app with remix-serve on a free port (embedded PGlite in a temporary directory), launches
// Chromium through playwright-core with a remote-debugging port for Lighthouse, runs the mobile preset
// (Lighthouse's default config: emulated Moto G Power, simulated slow 4G and 4x CPU slowdown) N times, and
// prints the medians. Writes every run plus the medians to bench-results/lighthouse.json.
//
// Usage: npm run build && npm run lighthouse [-- --runs 5 --path /]
// Env: CHROMIUM_PATH (default /usr/bin/chromium). Exit code 1 when a median misses the targets.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { freePort, startAppServer } from "../tests/support/app-server.mjs";
import { chromiumArgs, chromiumPath } from "../tests/support/browser.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    path: { type: "string", default: "/" },
    out: { type: "string", default: "bench-results/lighthouse.json" },
    "save-lhr": { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 5);

const targets = {
  performance: { min: 98 },
  accessibility: { min: 100 },
  "best-practices": { min: 100 },
  seo: { min: 100 },
  lcpMs: { max: 1200 },
  tbtMs: { max: 50 },
  cls: { max: 0 },
  firstLoadJsGzipBytes: { max: 110 * 1024 },
};

if (!existsSync("build/index.js") || !existsSync("public/build")) {
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

function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    fcpMs: Math.round(numeric("first-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(4)),
    speedIndexMs: Math.round(numeric("speed-index")),
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

const server = await startAppServer({ env: { LOG_LEVEL: "error" } });
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: false, // the flags below choose the new headless mode explicitly
  args: [`--remote-debugging-port=${debuggingPort}`, "--headless=new", ...chromiumArgs, "--disable-dev-shm-usage"],
});

const url = new URL(args.path, server.baseUrl).toString();
const results = [];
let exitCode = 0;
try {
  // One unmeasured warm-up load so the server's first-request work does not skew run 1.
  await fetch(url);
  let attempts = 0;
  for (let run = 1; run <= runs; run++) {
    attempts++;
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const summary = summarize(result.lhr);
    if (summary.runtimeError) {
      // A broken trace (e.g. NO_NAVSTART) measures nothing: report it and run again, a bounded number of times.
      console.log(`run ${run}/${runs}: Lighthouse error, retrying: ${summary.runtimeError}`);
      if (attempts >= runs + 3) throw new Error("Too many Lighthouse runs failed; no medians reported.");
      run--;
      continue;
    }
    if (args["save-lhr"]) {
      mkdirSync("bench-results", { recursive: true });
      writeFileSync(`bench-results/lighthouse-run-${run}.lhr.json`, JSON.stringify(result.lhr));
    }
    // The "first-load JS (gzip)": the gzip-encoded bytes of every script this load fetched.
    const sizes = await Promise.all(summary.scriptUrls.map(gzipBodyBytes));
    summary.firstLoadJsGzipBytes = sizes.reduce((sum, size) => sum + size, 0);
    delete summary.scriptUrls;
    results.push(summary);
    console.log(
      `run ${run}/${runs}: perf ${summary.performance}  a11y ${summary.accessibility}  bp ${summary["best-practices"]}  seo ${summary.seo}  ` +
        `LCP ${summary.lcpMs} ms  TBT ${summary.tbtMs} ms  CLS ${summary.cls}  JS ${summary.firstLoadJsGzipBytes} B gzip ` +
        `(${summary.scriptCount} files, ${summary.firstLoadJsTransferBytes} B on the wire)` +
        (summary.failedAudits.length ? `  failed: ${summary.failedAudits.join(", ")}` : "") +
        (summary.runtimeError ? `  error: ${summary.runtimeError}` : ""),
    );
  }
} finally {
  await browser.close().catch(() => {});
  await server.stop();
}

const keys = [
  "performance",
  "accessibility",
  "best-practices",
  "seo",
  "lcpMs",
  "fcpMs",
  "tbtMs",
  "cls",
  "speedIndexMs",
  "firstLoadJsGzipBytes",
  "firstLoadJsTransferBytes",
];
const medians = Object.fromEntries(keys.map((key) => [key, median(results.map((result) => result[key]))]));
const checks = Object.entries(targets).map(([key, target]) => {
  const value = medians[key];
  const pass = "min" in target ? value >= target.min : value <= target.max;
  return { metric: key, median: value, target: "min" in target ? `>= ${target.min}` : `<= ${target.max}`, pass };
});
if (checks.some((check) => !check.pass)) exitCode = 1;

console.log(`\nLighthouse ${results.length} runs, mobile preset, ${url} — medians:`);
console.table(checks);

const out = path.resolve(args.out);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    { date: new Date().toISOString(), url, preset: "mobile (Lighthouse default)", runs: results, medians, checks },
    null,
    2,
  )}\n`,
);
console.log(`report: ${path.relative(process.cwd(), out)}`);
process.exit(exitCode);
