// Several instances for `npm run bench` (issue #15): POST /api/demo-requests on one PostgreSQL database with 1
// and with 2 app processes (remix-serve, the production build), the load spread over them by one autocannon run
// (its connections divided between the URLs). Reported per configuration: req/s, latency, app CPU ms per request
// (user + system of every app process, from /proc), and every 2xx matched with its row (0 lost). Rate limits are
// lifted as in the other throughput cases; the counters still live in PostgreSQL, as with several instances.
// Case (BENCH_CASES): demo-instances. PostgreSQL only: PGlite is one process by nature.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import postgres from "postgres";
import { startAppServer } from "../tests/support/app-server.mjs";
import { createDatabase, dropDatabase } from "../tests/support/postgres.mjs";
import { demoRequests, loadFigures } from "./bench-load.mjs";

export const instanceCaseNames = ["demo-instances"];

/** CPU time (user + system) of a process in ms, from /proc; undefined where there is none. */
function cpuMillis(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const instanceDemoRequests = (runId, tag, acknowledged) =>
  demoRequests({
    email: (sequence) => `bench.instances.${runId}.${tag}.${sequence}@example.com`,
    lastName: (sequence) => `Instances ${sequence}`,
    acknowledged,
  });

function load({ urls, requests, duration, connections, title }) {
  return new Promise((resolve, reject) => {
    autocannon(
      // Connections are divided over the URLs, so each app process gets the same share of the load.
      { url: urls.length === 1 ? urls[0] : urls, requests, duration, connections, pipelining: 1, timeout: 10, title },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function benchInstances({ count, databaseUrl, sql, duration, warmup, connections, runId, env }) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startAppServer({ env: { ...env, DATABASE_URL: databaseUrl } }));
    const urls = servers.map((server) => server.baseUrl);
    const name = `POST /api/demo-requests, ${count} process${count > 1 ? "es" : ""}`;
    process.stdout.write(`bench: ${name} [postgres] warm-up ${warmup}s… `);
    await load({
      urls,
      requests: instanceDemoRequests(runId, `warm${count}`, new Set()),
      duration: warmup,
      connections,
    });
    process.stdout.write(`measuring ${duration}s… `);
    const acknowledged = new Set();
    const cpuBefore = servers.map((server) => cpuMillis(server.pid));
    const result = await load({
      urls,
      requests: instanceDemoRequests(runId, `run${count}`, acknowledged),
      duration,
      connections,
      title: name,
    });
    const cpuAfter = servers.map((server) => cpuMillis(server.pid));
    const cpuMs = cpuAfter.every((value) => value !== undefined)
      ? cpuAfter.reduce((sum, after, index) => sum + (after - cpuBefore[index]), 0)
      : undefined;

    const rows = await sql.unsafe(`select email from demo_requests where email like $1`, [
      `bench.instances.${runId}.run${count}.%`,
    ]);
    const stored = new Set(rows.map((row) => row.email));
    const lost = [...acknowledged].filter((email) => !stored.has(email));
    const summary = {
      case: name,
      database: "postgres",
      processes: count,
      ...loadFigures(result),
      serverCpuMsPerRequest:
        cpuMs !== undefined && result.requests.total > 0
          ? Number((cpuMs / result.requests.total).toFixed(3))
          : undefined,
      rowsCheck: {
        acknowledged2xx: acknowledged.size,
        rows: rows.length,
        distinctRows: stored.size,
        lost: lost.length,
        lostExamples: lost.slice(0, 5),
        rowsWithout2xx: [...stored].filter((email) => !acknowledged.has(email)).length,
      },
    };
    console.log(
      `${summary.requestsPerSecond} req/s, p99 ${summary.latencyMs.p99} ms, app CPU ${summary.serverCpuMsPerRequest ?? "?"} ms/request, ${acknowledged.size} 2xx → ${stored.size} rows (lost ${lost.length})`,
    );
    return summary;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Runs the demo-instances case when BENCH_CASES selects it: 1 process, then 2, each on a fresh database. */
export async function runInstanceCases({ cases, duration, warmup, connections, runId, env }) {
  if (!cases.includes("demo-instances")) return [];
  const results = [];
  for (const count of [1, 2]) {
    const database = await createDatabase(`gw_bench_instances${count}`);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      results.push(
        await benchInstances({ count, databaseUrl: database.url, sql, duration, warmup, connections, runId, env }),
      );
    } finally {
      await sql.end({ timeout: 5 });
      await dropDatabase(database.name);
    }
  }
  const [one, two] = results;
  if (one && two) two.ratioToOneProcess = Number((two.requestsPerSecond / one.requestsPerSecond).toFixed(2));
  return results;
}
