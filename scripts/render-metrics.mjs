// Where a page's main-thread time goes, from Chromium's own counters (CDP Performance.getMetrics): style
// recalculation, layout, script and all tasks, in ms, unthrottled, median of N fresh loads per URL, the URLs loaded
// alternately. Steadier than Lighthouse's simulated TBT (whose figures on this page are a few long tasks near the
// 50 ms line), so a change to markup or CSS can be compared in minutes; Lighthouse pairs remain the verdict.
//
// Usage: node scripts/render-metrics.mjs [--runs 8] URL [URL …]   (servers already running, e.g. two builds)
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../tests/support/browser.mjs";

const { values: args, positionals: urls } = parseArgs({
  options: { runs: { type: "string", default: "8" } },
  allowPositionals: true,
});
if (urls.length === 0) {
  console.error("Usage: node scripts/render-metrics.mjs [--runs 8] URL [URL …]");
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const samples = new Map(urls.map((url) => [url, []]));
for (let run = 0; run < Number(args.runs); run++) {
  for (const url of urls) {
    // Lighthouse's mobile screen; a context of its own, so nothing is cached between loads.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(url, { waitUntil: "load" });
    // Hydration and the stylesheet loaded after the first paint come after "load".
    await page.waitForTimeout(2_500);
    const { metrics } = await cdp.send("Performance.getMetrics");
    const value = Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
    samples.get(url).push({
      styleMs: value.RecalcStyleDuration * 1000,
      layoutMs: value.LayoutDuration * 1000,
      scriptMs: value.ScriptDuration * 1000,
      taskMs: value.TaskDuration * 1000,
      styleRecalcs: value.RecalcStyleCount,
      layouts: value.LayoutCount,
      nodes: value.Nodes,
    });
    await context.close();
  }
}
await browser.close();

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.table(
  urls.map((url) => {
    const rows = samples.get(url);
    const row = { url };
    for (const key of Object.keys(rows[0])) row[key] = Math.round(median(rows.map((r) => r[key])) * 10) / 10;
    return row;
  }),
);
