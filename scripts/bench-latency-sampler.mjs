// A page's latency to the microsecond, for scripts/bench-abuse.mjs's sign-in flood: autocannon keeps whole
// milliseconds, and on a fast machine GET / answers in under one (a median of 0 ms, no ratio to judge). It runs in
// a process of its own, so the flood's client, busy in the bench's process, does not delay these requests' timing.
//
// Usage: node scripts/bench-latency-sampler.mjs URL SECONDS CONNECTIONS → one line of JSON: p50, p99 (ms, three
// decimals) and requests per second.
import { Agent, get } from "node:http";

const [url, seconds = "10", connections = "4"] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const until = performance.now() + Number(seconds) * 1000;
const latencies = [];
let errors = 0;

function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode === 200) latencies.push(performance.now() - started);
        else errors += 1;
        resolve();
      });
    }).on("error", () => {
      errors += 1;
      resolve();
    });
  });
}

async function connection() {
  while (performance.now() < until) await once();
}

await Promise.all(Array.from({ length: Number(connections) }, connection));
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
const round = (ms) => (ms === undefined ? undefined : Number(ms.toFixed(3)));
console.log(
  JSON.stringify({
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    requestsPerSecond: Math.round(latencies.length / Number(seconds)),
    errors,
  }),
);
