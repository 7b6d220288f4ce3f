// The budgets (issues #22 and #37), judged from one `npm run bench` run's results: one line per budget and database with
// its figure, its ratio to the limit's reference and PASS/FAIL. A budget whose cases were not selected
// (BENCH_CASES) is reported as SKIP, never as a pass. CPU budgets compare the app's CPU per request with the
// JSON 404 floor measured by the same process in the same run, so a busy machine moves both alike.
import { gzipSync } from "node:zlib";

const FLOOR = "floor: GET /api/… (JSON 404)";
const HOME = "GET /";
const CONDITIONAL = "GET / If-None-Match → 304 (app)";
const DEMO = "POST /api/demo-requests";
const CHECKOUT = "POST /api/create-checkout-session";
const FLOOD = "flood-sign-in";
const DASHBOARD = "GET /admin?range=90";

// Sizes in bytes (1 KB = 1,000 bytes, the stricter reading), with room for the page to grow by a section or an FAQ
// entry: a budget catches a regression, not the next paragraph of copy.
export const budgetLimits = {
  homeCpu: 3,
  conditionalCpu: 3,
  writeCpu: 2.5,
  floodHome: 2,
  htmlBytes: 136_000,
  htmlGzipBytes: 29_500,
  domElements: 920,
};

/**
 * Elements the HTML gives the browser's DOM (what Lighthouse's "DOM size" counts), as its start tags: comments are
 * removed first, and so is the content of raw-text elements (script, style, textarea, title), of noscript (text
 * when scripts run) and of template (a fragment outside the document), keeping the elements themselves. The
 * parser adds html, head and body when a document leaves them out; this page writes them. Checked against
 * Chromium's `document.querySelectorAll("*").length` for the same HTML.
 */
export function countElements(html) {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|textarea|title|noscript|template)\b([^>]*)>[\s\S]*?<\/\1\s*>/gi, "<$1$2>");
  return (text.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
}

/** The shared page's sizes: raw bytes, gzip bytes (zlib's default level, what the server's compression uses), elements. */
export function pageSizes(html) {
  return {
    htmlBytes: Buffer.byteLength(html),
    gzipBytes: gzipSync(html).length,
    domElements: countElements(html),
  };
}

const round = (value, digits = 2) => Number(value.toFixed(digits));

function verdict(value, limit, enforced = true) {
  const within = value <= limit;
  return { status: enforced ? (within ? "PASS" : "FAIL") : within ? "info: within" : "info: over", within };
}

function cpuBudget(name, database, results, caseName, limit, { enforced = true } = {}) {
  const floor = results.find((r) => r.database === database && r.case === FLOOR);
  const measured = results.find((r) => r.database === database && r.case === caseName);
  const cpu = measured?.serverCpuMsPerRequest;
  const floorCpu = floor?.serverCpuMsPerRequest;
  if (!measured || !floor) {
    return { budget: name, database, status: "SKIP", note: `needs the ${caseName} and floor cases` };
  }
  if (!cpu || !floorCpu) {
    // Measured but no figure: no request was answered in the run (an overloaded or broken server), not a pass.
    return {
      budget: name,
      database,
      status: enforced ? "FAIL" : "info: none",
      within: false,
      figure: `no CPU figure (${measured.requests} answered; floor ${floor.requests} answered)`,
    };
  }
  const ratio = round(cpu / floorCpu);
  return {
    budget: name,
    database,
    figure: `${cpu} ms CPU/request vs floor ${floorCpu} ms`,
    ratio,
    limit,
    ...verdict(ratio, limit, enforced),
  };
}

function floodBudget(database, results) {
  const flood = results.find((r) => r.database === database && r.case.startsWith(FLOOD));
  const name = `GET / median during the sign-in flood ≤ ${budgetLimits.floodHome}× alone; the admin signs in`;
  if (!flood?.home) return { budget: name, database, status: "SKIP", note: "needs the flood-sign-in case" };
  const { alone, duringFlood } = flood.home;
  const admin = flood.admin;
  if (!(alone.p50 > 0) || !(duringFlood.p50 > 0)) {
    return {
      budget: name,
      database,
      status: "FAIL",
      figure: `GET / answered no median (${alone.p50} → ${duringFlood.p50} ms)`,
    };
  }
  const ratio = round(duringFlood.p50 / alone.p50);
  const adminIn = admin ? admin.signedIn > 0 : false;
  const result = verdict(ratio, budgetLimits.floodHome);
  return {
    budget: name,
    database,
    figure:
      `${alone.p50} → ${duringFlood.p50} ms; admin signed in ${admin?.signedIn ?? 0} of ${admin?.attempts ?? 0} ` +
      `(${JSON.stringify(admin?.statuses ?? {})})`,
    ratio,
    limit: budgetLimits.floodHome,
    status: result.within && adminIn ? "PASS" : "FAIL",
    within: result.within && adminIn,
  };
}

function sizeBudgets(database, page) {
  const names = [
    ["shared HTML raw bytes", "htmlBytes", budgetLimits.htmlBytes],
    ["shared HTML gzip bytes", "gzipBytes", budgetLimits.htmlGzipBytes],
    ["shared HTML DOM elements", "domElements", budgetLimits.domElements],
  ];
  return names.map(([name, key, limit]) => {
    const budget = `${name} ≤ ${limit.toLocaleString("en-US")}`;
    if (!page) return { budget, database, status: "SKIP", note: "GET / was not fetched" };
    const value = page[key];
    return {
      budget,
      database,
      figure: value.toLocaleString("en-US"),
      ratio: round(value / limit),
      limit,
      ...verdict(value, limit),
    };
  });
}

/** Every budget line, per database, from the run's results and each database's GET / HTML sizes. */
export function judgeBudgets({ results, databases, pages }) {
  const lines = [];
  for (const database of databases) {
    lines.push(
      cpuBudget(`GET / app CPU ≤ ${budgetLimits.homeCpu}× floor`, database, results, HOME, budgetLimits.homeCpu),
    );
    lines.push(
      cpuBudget(
        `If-None-Match → 304 app CPU ≤ ${budgetLimits.conditionalCpu}× floor`,
        database,
        results,
        CONDITIONAL,
        budgetLimits.conditionalCpu,
      ),
    );
    // The write budgets are PostgreSQL's (issue #22); PGlite's figures are printed beside them, not judged.
    const enforced = database === "postgres";
    lines.push(
      cpuBudget(`demo POST app CPU ≤ ${budgetLimits.writeCpu}× floor`, database, results, DEMO, budgetLimits.writeCpu, {
        enforced,
      }),
    );
    lines.push(
      cpuBudget(
        `checkout POST app CPU ≤ ${budgetLimits.writeCpu}× floor`,
        database,
        results,
        CHECKOUT,
        budgetLimits.writeCpu,
        { enforced },
      ),
    );
    lines.push(floodBudget(database, results));
    lines.push(...sizeBudgets(database, pages[database]));
  }
  const dashboard = results.find((r) => r.case.startsWith(DASHBOARD));
  if (dashboard) {
    lines.push({
      budget: `dashboard median ≤ ${dashboard.budgetMs} ms`,
      database: dashboard.database,
      figure: `${dashboard.latencyMs.median} ms`,
      ratio: round(dashboard.latencyMs.median / dashboard.budgetMs),
      limit: dashboard.budgetMs,
      ...verdict(dashboard.latencyMs.median, dashboard.budgetMs),
    });
  }
  return lines;
}

/** One line per budget: `PASS  [postgres] GET / app CPU ≤ 1.5× floor: 1.2 ms … — ratio 1.31 (limit 1.5)`. */
export function printBudgets(lines) {
  console.log("\nbench: budgets");
  for (const line of lines) {
    const detail =
      line.status === "SKIP"
        ? line.note
        : `${line.figure}${line.ratio === undefined ? "" : ` — ratio ${line.ratio} (limit ${line.limit})`}`;
    console.log(`${line.status.padEnd(12)} [${line.database}] ${line.budget}: ${detail}`);
  }
}
