#!/usr/bin/env node
// `npm run first-interaction`: main-thread time of a visitor's first interaction with the landing page, from
// Chromium's trace (issue #37).
//
// Each run is a first visit (a fresh context: empty cache) in a Moto G Power-sized touch viewport, as in Lighthouse's
// mobile preset. Only after the load and an idle network does it slow the CPU 4× and start the trace, so what it
// measures is what the first moves cost: a pointer move, a tap on the first FAQ question until its answer shows, a
// tap on the first "Get Started" in pricing until the checkout dialog shows, then a settled main thread. It sums the
// page's top-level main-thread tasks from the one that handled the first input event, and counts the long ones.
//
// Usage: npm run build && npm run first-interaction [-- --runs 5 --out bench-results/first-interaction.json]
//        npm run first-interaction -- --reference ../ref   (another checkout with its own `npm run build`)
// With --reference the two builds are measured alternately, reference first each round, so a busy machine inflates
// both alike; it prints the pairs, the medians and issue #37's verdict: main-thread time at most the reference's,
// no task over 100 ms. Exit code 1 when a target is missed. Env: CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { serverBuildOf, startAppServer } from "../tests/support/app-server.mjs";
import { chromiumArgs, chromiumPath } from "../tests/support/browser.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    out: { type: "string", default: "bench-results/first-interaction.json" },
    reference: { type: "string" },
  },
});
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 5);
const targets = { mainThreadRatioMax: 1, longestTaskMsMax: 100 };

// The categories DevTools' performance panel records, plus input latency: enough to find the page's main thread,
// its top-level tasks and the input events.
const categories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "latencyInfo",
  "__metadata",
];
// Names Chromium has used for the scheduler's top-level task (the same list Lighthouse's main-thread tasks use).
const TOP_LEVEL = new Set([
  "RunTask",
  "ThreadControllerImpl::RunTask",
  "ThreadControllerImpl::DoWork",
  "TaskQueueManager::ProcessTaskFromWorkQueue",
]);
const INPUT = /^(pointer|mouse|touch|click|wheel|key|scroll)/;
const GET_STARTED_MARK = "first-interaction:get-started";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (ms) => Math.round(ms * 10) / 10;

/** The main-thread figures of one trace (Chromium's JSON trace format). */
function analyze(traceEvents) {
  // The page's renderer: the process of the outermost main frame when tracing started, or any it committed to later.
  const pids = new Set();
  for (const event of traceEvents) {
    const data = event.args?.data;
    if (event.name === "TracingStartedInBrowser")
      for (const frame of data?.frames ?? []) if (!frame.parent && frame.processId) pids.add(frame.processId);
    if (event.name === "FrameCommittedInBrowser" && !data?.parent && data?.processId) pids.add(data.processId);
  }
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && pids.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = traceEvents.filter((e) => mainThreads.has(`${e.pid}:${e.tid}`));
  const firstInput = onMain
    .filter((e) => e.name === "EventDispatch" && INPUT.test(e.args?.data?.type ?? ""))
    .reduce((min, e) => Math.min(min, e.ts), Infinity);
  if (!Number.isFinite(firstInput)) throw new Error("No input event on the page's main thread in the trace.");

  // Top-level tasks only: a task nested in another (a nested run loop) is already in its parent's duration.
  const tasks = [];
  for (const e of onMain.filter((e) => e.ph === "X" && TOP_LEVEL.has(e.name)).sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (last && e.ts < last.ts + last.dur) continue;
    tasks.push({ ts: e.ts, dur: e.dur ?? 0, tdur: e.tdur ?? 0 });
  }
  const inWindow = tasks.filter((t) => t.ts + t.dur > firstInput);
  const counted = inWindow.map((t) => t.dur / 1000);
  const total = (list) => round(list.reduce((sum, ms) => sum + ms, 0));
  // The mark set just before the "Get Started" tap splits the FAQ part from the checkout part.
  const split = traceEvents.find((e) => e.name === GET_STARTED_MARK && pids.has(e.pid))?.ts ?? Infinity;
  return {
    mainThreadMs: total(counted),
    untilGetStartedMs: total(inWindow.filter((t) => t.ts < split).map((t) => t.dur / 1000)),
    // The thread's own CPU time in those tasks excludes time the OS gave to other processes, so it moves less than
    // wall time with other work on the machine.
    cpuMs: total(inWindow.map((t) => t.tdur / 1000)),
    longestTaskMs: round(Math.max(0, ...counted)),
    tasksOver50: counted.filter((ms) => ms > 50).length,
    tasksOver100: counted.filter((ms) => ms > 100).length,
    blockingMs: total(counted.map((ms) => Math.max(0, ms - 50))),
    tasks: counted.length,
  };
}

/** One visit with the interaction traced; throws when the FAQ answer or the checkout dialog did not appear. */
async function measure(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    // A marker that a full document load would drop: the dialog must open in this document to count as the same visit.
    await page.evaluate(() => (window.__firstInteractionMarker = true));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories });

    await page.mouse.move(200, 300, { steps: 5 });
    await page.mouse.move(240, 420, { steps: 5 });
    // The native <details> list, or the accordion that replaces it once the page has hydrated.
    const question = page.locator("#faq").locator("summary, button[aria-expanded]").first();
    await question.scrollIntoViewIfNeeded();
    await question.tap();
    const answer = page
      .locator("#faq")
      .locator('details[open] > :not(summary), [role="region"][data-state="open"]')
      .first();
    await answer.waitFor({ state: "visible", timeout: 30_000 });
    const opened = await question.evaluate(
      (el) => el.getAttribute("aria-expanded") === "true" || !!el.closest("details")?.open,
    );
    if (!opened) throw new Error("The answer shown is not the first question's.");

    const getStarted = page
      .locator("#pricing")
      .locator("a, button")
      .filter({ hasText: /^\s*Get Started\b/ });
    await getStarted.first().scrollIntoViewIfNeeded();
    await page.evaluate((name) => performance.mark(name), GET_STARTED_MARK);
    await getStarted.first().tap();
    await page.getByRole("dialog").waitFor({ state: "visible", timeout: 30_000 });
    // The dialog may come with a new document (a plain link), whose scripts and hydration are still part of the
    // interaction's cost: wait for them (the header's menu toggles carry aria-expanded once React has hydrated), then
    // for the main thread to settle.
    await page.waitForLoadState("networkidle");
    const hydrated = await page
      .locator("#site-header [aria-expanded]")
      .first()
      .waitFor({ state: "attached", timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForTimeout(1_000);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    const sameDocument = await page.evaluate(() => window.__firstInteractionMarker === true);
    return { ...analyze(trace.traceEvents ?? trace), sameDocument, hydrated };
  } finally {
    await context.close();
  }
}

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(2);
}
const builds = [{ name: "this build", cwd: process.cwd() }];
if (args.reference) {
  const cwd = path.resolve(args.reference);
  if (!serverBuildOf(cwd)) {
    console.error(`No production build in ${cwd}: run \`npm run build\` there first.`);
    process.exit(2);
  }
  builds.unshift({ name: `reference (${cwd})`, cwd });
}
for (const build of builds) {
  build.server = await startAppServer({ cwd: build.cwd, env: { LOG_LEVEL: "error" } });
  build.url = new URL("/", build.server.baseUrl).toString();
  build.results = [];
}
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: false, // the flag below chooses the new headless mode explicitly, as lighthouse.mjs does
  args: ["--headless=new", ...chromiumArgs, "--disable-dev-shm-usage"],
});

try {
  // One unmeasured visit each, so the server's first render and Chromium's first renderer are paid for outside the
  // runs (and would otherwise all fall on the reference, which goes first).
  for (const build of builds) await measure(browser, build.url);
  for (let run = 1; run <= runs; run++) {
    for (const build of builds) {
      const result = await measure(browser, build.url);
      build.results.push(result);
      console.log(
        `run ${run}/${runs} ${build.name}: main thread ${result.mainThreadMs} ms ` +
          `(${result.untilGetStartedMs} before "Get Started"; CPU ${result.cpuMs}), longest task ${result.longestTaskMs} ms, ` +
          `>50 ms ${result.tasksOver50}, >100 ms ${result.tasksOver100}, blocking ${result.blockingMs} ms` +
          (result.sameDocument ? "" : ", the dialog came with a new document load") +
          (result.hydrated ? "" : ", not hydrated"),
      );
    }
  }
} finally {
  await browser.close().catch(() => {});
  for (const build of builds) await build.server.stop();
}

const keys = Object.keys(builds[0].results[0]).filter((key) => typeof builds[0].results[0][key] === "number");
for (const build of builds)
  build.medians = Object.fromEntries(keys.map((k) => [k, median(build.results.map((r) => r[k]))]));
const measured = builds.at(-1);
// Any run with a task over 100 ms misses the target, not only the median: the issue says "no event over 100 ms".
const longest = Math.max(...measured.results.map((r) => r.longestTaskMs));
const checks = [{ target: "no task over 100 ms", value: longest, pass: longest <= targets.longestTaskMsMax }];
if (builds.length > 1) {
  const ratio = Number((measured.medians.mainThreadMs / builds[0].medians.mainThreadMs).toFixed(3));
  const pass = ratio <= targets.mainThreadRatioMax;
  checks.unshift({ target: "main thread ≤ 1.0× reference (median)", value: ratio, pass });
  console.log(`\nPairs (${runs}, alternating, reference first):`);
  console.table(
    builds[0].results.map((ref, i) => ({
      run: i + 1,
      "ref main ms": ref.mainThreadMs,
      "new main ms": measured.results[i].mainThreadMs,
      "ref longest": ref.longestTaskMs,
      "new longest": measured.results[i].longestTaskMs,
    })),
  );
}
console.log("\nMedians:");
console.table(Object.fromEntries(builds.map((b) => [b.name, b.medians])));
for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.target}: ${check.value}`);

const out = path.resolve(args.out);
mkdirSync(path.dirname(out), { recursive: true });
const report = {
  date: new Date().toISOString(),
  cpuThrottlingRate: 4,
  builds: builds.map(({ name, cwd, results, medians }) => ({ name, cwd, results, medians })),
  checks,
};
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${path.relative(process.cwd(), out)}`);
process.exit(checks.every((check) => check.pass) ? 0 : 1);
