// Abuse cases for `npm run bench` (ADR 0012): a flood against the DEFAULT limits while a real visitor uses the
// site from another address, measuring what the visitor gets. Cases (BENCH_CASES):
// - flood-demo: one client floods POST /api/demo-requests; a visitor from another address sends a lead every 250 ms.
// - flood-coupon: one client floods wrong coupon codes (the dialog's Apply, without JavaScript); a visitor from
//   another address starts a checkout with the real code every 250 ms.
// - flood-sign-in: wrong passwords for random usernames from ever-new addresses (X-Forwarded-For behind
//   TRUST_PROXY=1, i.e. a botnet that no per-client limit stops); GET / is measured alone, then during the flood,
//   while the real admin, from a browser that signed in before the flood (its device cookie), signs in every second.
// Clients are told apart by their TCP peer: the flood comes from 127.0.0.1, each visitor attempt from its own
// 127.0.x.y (a different real visitor each time, as on a live site, so no visitor meets its own limit).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { requestFrom } from "../tests/support/from-address.mjs";
import { startAppServer } from "../tests/support/app-server.mjs";
import { loadFigures } from "./bench-load.mjs";

export const abuseCaseNames = ["flood-demo", "flood-coupon", "flood-sign-in"];

const admin = { username: "bench-admin", password: "bench-admin-password-1" };
const visitorAddress = (n) => `127.0.${1 + Math.floor(n / 250)}.${(n % 250) + 2}`;

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** GET `url`'s latency over `seconds` on `connections` keep-alive connections, timed by a process of its own. */
function sampleLatency(url, seconds, connections) {
  return new Promise((resolve, reject) => {
    const sampler = fileURLToPath(new URL("./bench-latency-sampler.mjs", import.meta.url));
    execFile(process.execPath, [sampler, url, String(seconds), String(connections)], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    );
  });
}

const percentile = (values, p) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** A visitor acting every 250 ms until `until` settles; returns each answer's status and time. */
async function visitorWhile(until, act, intervalMs = 250) {
  let done = false;
  until.finally(() => (done = true));
  const answers = [];
  while (!done) {
    const started = performance.now();
    const status = await act(answers.length).catch(() => 0);
    answers.push({ status, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const ms = answers.map((answer) => answer.ms);
  const statuses = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    attempts: answers.length,
    statuses,
    p50Ms: Math.round(percentile(ms, 50) ?? 0),
    maxMs: Math.round(Math.max(0, ...ms)),
  };
}

function floodSummary(name, database, result, visitor, extra = {}) {
  return {
    case: name,
    database,
    ...loadFigures(result),
    visitor,
    ...extra,
  };
}

function leadBody(email) {
  return JSON.stringify({
    firstName: "Flood",
    lastName: "Bench",
    email,
    phone: "+1 555 010 2030",
    company: "Flood Bench LLC",
  });
}

async function floodDemo({ baseUrl, database, duration, connections, runId }) {
  let sequence = 0;
  const flood = load({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/api/demo-requests",
        headers: { "content-type": "application/json" },
        setupRequest(request) {
          sequence += 1;
          return { ...request, body: leadBody(`flood.${runId}.${sequence}@example.com`) };
        },
      },
    ],
  });
  const visitor = visitorWhile(flood, async (n) => {
    const response = await requestFrom(visitorAddress(n), `${baseUrl}/api/demo-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: leadBody(`visitor${n}.${runId}@example.com`),
    });
    return response.status;
  });
  return floodSummary(
    "flood-demo: one client floods demo requests; visitor from another address",
    database,
    await flood,
    await visitor,
  );
}

async function floodCoupon({ baseUrl, database, duration, connections, runId }) {
  let sequence = 0;
  const flood = load({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/?index",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest(request) {
          sequence += 1;
          return {
            ...request,
            body: new URLSearchParams({
              intent: "checkout-coupon",
              planIds: "scale-master",
              couponCode: `GUESS${sequence}`,
            }).toString(),
          };
        },
      },
    ],
  });
  const visitor = visitorWhile(flood, async (n) => {
    const response = await requestFrom(visitorAddress(n), `${baseUrl}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        planIds: ["scale-master"],
        amount: 397,
        isAnnual: false,
        couponCode: "LAUNCH20",
        // A new buyer each time, so the per-e-mail limit is not what is measured.
        userInfo: {
          companyName: "Real Roofing",
          fullName: "Rae Buyer",
          email: `buyer${n}.${runId}@example.com`,
          phone: "+1 555 010 2030",
        },
      }),
    });
    return response.status;
  });
  return floodSummary(
    "flood-coupon: one client floods wrong coupons; visitor checks out with LAUNCH20",
    database,
    await flood,
    await visitor,
  );
}

/** The real admin's sign-in from one address, with the browser's cookies; the status (302 = signed in) and cookies. */
async function adminSignIn(baseUrl, cookie = "") {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": "192.0.2.10",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ ...admin, redirectTo: "/admin" }).toString(),
  });
  await response.arrayBuffer();
  const cookies = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, cookies };
}

async function floodSignIn({ baseUrl, database, duration, connections }) {
  const home = (seconds) => sampleLatency(`${baseUrl}/`, seconds, 4);
  const before = await adminSignIn(baseUrl);
  if (before.status !== 302)
    throw new Error(`flood-sign-in: the admin's sign-in before the flood answered ${before.status}`);
  const alone = await home(duration);
  let sequence = 0;
  const flood = load({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/admin/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest(request) {
          sequence += 1;
          // A fresh address and username per attempt: no per-client or per-username limit applies.
          const address = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
          return {
            ...request,
            headers: { ...request.headers, "x-forwarded-for": address },
            body: new URLSearchParams({ username: `guess${sequence}`, password: "wrong-password-guess" }).toString(),
          };
        },
      },
    ],
  });
  const adminDuring = visitorWhile(flood, async () => (await adminSignIn(baseUrl, before.cookies)).status, 1000);
  const during = await home(duration);
  const floodResult = await flood;
  const admin = await adminDuring;
  return floodSummary(
    "flood-sign-in: wrong passwords from ever-new addresses; GET / alone vs during",
    database,
    floodResult,
    undefined,
    {
      home: { alone, duringFlood: during },
      admin: { ...admin, signedIn: admin.statuses[302] ?? 0 },
    },
  );
}

/** Runs the selected abuse cases on a server with the default limits (TRUST_PROXY=1 only for the sign-in flood). */
export async function runAbuseCases({ cases, database, storeEnv, duration, connections, runId }) {
  const results = [];
  const selected = abuseCaseNames.filter((name) => cases.includes(name));
  if (selected.length === 0) return results;
  for (const name of selected) {
    // A fresh server per case, so each starts with empty counters.
    const env = { ...storeEnv, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password };
    if (name === "flood-sign-in") env.TRUST_PROXY = "1";
    const server = await startAppServer({ env });
    try {
      const options = { baseUrl: server.baseUrl, database, duration, connections, runId };
      process.stdout.write(`bench: ${name} [${database}] ${duration}s… `);
      const result =
        name === "flood-demo"
          ? await floodDemo(options)
          : name === "flood-coupon"
            ? await floodCoupon(options)
            : await floodSignIn(options);
      console.log(
        `flood ${result.requestsPerSecond} req/s ${JSON.stringify(result.statusCodes)}` +
          (result.visitor
            ? `; visitor ${JSON.stringify(result.visitor.statuses)} p50 ${result.visitor.p50Ms} ms`
            : "") +
          (result.home ? `; GET / p50 ${result.home.alone.p50} → ${result.home.duringFlood.p50} ms` : "") +
          (result.admin ? `; admin ${JSON.stringify(result.admin.statuses)} p50 ${result.admin.p50Ms} ms` : ""),
      );
      results.push(result);
    } finally {
      await server.stop();
    }
  }
  return results;
}
