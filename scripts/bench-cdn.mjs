// The anonymous GET / behind a caching reverse proxy (issue #15, ADR 0019), for scripts/bench.mjs.
//
// Cases:
//  - "cdn": Debian's nginx, started here on loopback with a generated config, in front of the production app:
//    proxy_cache honouring the page's s-maxage / stale-while-revalidate, revalidating with its ETag. In the same
//    run the same nginx serves the same bytes (the page's gzip body) as a static file; the figure is the ratio
//    of req/s proxy-cached / static (target ≥ 90 %).
//  - "conditional": GET / with If-None-Match straight to the app (what a cache's revalidation costs): 304s,
//    app CPU ms per request.
//  - "render": GET / to an app with PAGE_CACHE=off, so every request is a full React render (a cache miss
//    everywhere): app CPU ms per request.
// Every request says `Accept-Encoding: gzip`, as browsers do.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startAppServer } from "../tests/support/app-server.mjs";

export const cdnCaseNames = ["cdn", "conditional", "render"];

const gzipHeaders = { "accept-encoding": "gzip" };
// Rounds of static-then-proxied runs for the cdn case (BENCH_CDN_ROUNDS, 3).
const CDN_ROUNDS = Math.max(1, Number(process.env.BENCH_CDN_ROUNDS ?? 3) || 3);

/** Debian's nginx binary, or undefined with a message saying how to install it. */
function findNginx() {
  for (const candidate of [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

export const nginxMissing =
  "nginx is not installed: `apt-get install -y nginx-light` (Debian; or `nginx`), or set NGINX_PATH to its binary";

/** The nginx config: a caching proxy in front of the app on one port, static serving of the same bytes on another. */
function nginxConfig({ dir, appPort, proxyPort, staticPort }) {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy-temp;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  keepalive_requests 100000;
  # As Debian's default nginx.conf: file bodies (static files and cache hits alike) go out with sendfile.
  sendfile on;
  tcp_nopush on;

  # What README "A CDN or nginx in front" recommends.
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=100m inactive=1h use_temp_path=off;
  upstream app { server 127.0.0.1:${appPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache pages;
      # Fresh for s-maxage, then revalidated with If-None-Match (a 304 costs the app little); stale copies answer
      # while one background request revalidates (stale-while-revalidate), and while the app is down.
      proxy_cache_revalidate on;
      proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
      proxy_cache_lock on;
      # A request with a cookie or a query string is answered by the app (private, no-store) and never stored.
      proxy_cache_bypass $http_cookie $args;
      proxy_no_cache $http_cookie $args;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
  server {
    listen 127.0.0.1:${staticPort};
    root ${dir}/static;
    gzip_static on;
    location = / { try_files /index.html =404; }
  }
}
`;
}

async function startNginx({ appPort, gzipBody, html }) {
  const nginx = findNginx();
  if (!nginx) throw new Error(nginxMissing);
  const dir = mkdtempSync(path.join(tmpdir(), "gw-bench-nginx-"));
  // Run as root, nginx's workers drop to an unprivileged user, which must be able to read the static files.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, "static"));
  writeFileSync(path.join(dir, "static/index.html"), html);
  writeFileSync(path.join(dir, "static/index.html.gz"), gzipBody);
  const [proxyPort, staticPort] = [await freePort(), await freePort()];
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, nginxConfig({ dir, appPort, proxyPort, staticPort }));
  const child = spawn(nginx, ["-p", dir, "-c", file, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const proxyUrl = `http://127.0.0.1:${proxyPort}/`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited during start-up (see ${dir}/error.log)`);
    try {
      if ((await fetch(`http://127.0.0.1:${staticPort}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`nginx did not answer within 10 s (see ${dir}/error.log)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    proxyUrl,
    staticUrl: `http://127.0.0.1:${staticPort}/`,
    /** The master and its workers (read from /proc): nginx's CPU is what the two ways of serving cost. */
    pids() {
      try {
        const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/);
        return [child.pid, ...children.filter(Boolean).map(Number)];
      } catch {
        return [child.pid];
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The page's gzip bytes and its ETag, as the app sends them to a browser. */
async function gzipPage(baseUrl) {
  // undici's fetch would decode the body; node:http keeps the bytes as sent.
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(`${baseUrl}/`, { headers: gzipHeaders }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          body: Buffer.concat(chunks),
          etag: response.headers.etag,
          encoding: response.headers["content-encoding"],
          cacheControl: response.headers["cache-control"],
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

/**
 * Runs the cdn, conditional and render cases against `server` (the app, with the page cache on). `bench` is
 * bench.mjs's measured run and `cpuMillis` its CPU reading; `env` the app's environment, for the PAGE_CACHE=off
 * app of the render case.
 */
export async function runCdnCases({ cases, database, server, env, bench, cpuMillis }) {
  const results = [];
  const notes = [];
  if (!cdnCaseNames.some((name) => cases.includes(name))) return { results, notes };
  const page = await gzipPage(server.baseUrl);
  if (page.status !== 200 || page.encoding !== "gzip" || !page.etag) {
    throw new Error(
      `GET / answered ${page.status} (${page.encoding}, ETag ${page.etag}); expected 200 gzip with an ETag`,
    );
  }
  const { gunzipSync } = await import("node:zlib");
  const html = gunzipSync(page.body);

  if (cases.includes("cdn")) {
    if (!findNginx()) {
      notes.push(`cdn [${database}] not benchmarked: ${nginxMissing}`);
      console.log(`bench: cdn skipped: ${nginxMissing}`);
    } else {
      const nginx = await startNginx({ appPort: new URL(server.baseUrl).port, gzipBody: page.body, html });
      try {
        // Other work on the machine moves req/s by far more than the difference measured here, so the two are
        // measured in alternation, ROUNDS times, and the ratio is the median of the rounds' ratios.
        // nginx's own CPU per request is the steadier figure: static CPU/request ÷ proxied CPU/request is the
        // share of static serving's capacity that the cached proxy reaches on the same core.
        const nginxCpu = () => nginx.pids().reduce((sum, pid) => sum + (cpuMillis(pid) ?? 0), 0);
        const measure = async (name, url) => {
          const before = nginxCpu();
          const summary = await bench(name, database, url, { headers: gzipHeaders });
          summary.nginxCpuMsPerRequest = Number(((nginxCpu() - before) / summary.requests).toFixed(4));
          return summary;
        };
        const rounds = [];
        for (let round = 1; round <= CDN_ROUNDS; round++) {
          const staticSummary = await measure(`nginx static GET / (same gzip bytes) #${round}`, nginx.staticUrl);
          const cpuBefore = cpuMillis(server.pid);
          const proxied = await measure(`GET / via nginx proxy_cache #${round}`, nginx.proxyUrl);
          // What the app spent while the proxy answered (a miss, then revalidations after s-maxage).
          proxied.appCpuMsTotal = Number((cpuMillis(server.pid) - cpuBefore).toFixed(1));
          proxied.ratioToStatic = Number((proxied.requestsPerSecond / staticSummary.requestsPerSecond).toFixed(3));
          proxied.cpuRatioToStatic = Number(
            (staticSummary.nginxCpuMsPerRequest / proxied.nginxCpuMsPerRequest).toFixed(3),
          );
          results.push({ ...staticSummary, gzipBytes: page.body.length }, proxied);
          rounds.push(proxied);
        }
        const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const percent = (ratio) => `${Math.round(ratio * 100)} %`;
        notes.push(
          `cdn [${database}], ${rounds.length} alternating rounds: proxy_cache / static req/s median ` +
            `${percent(median(rounds.map((r) => r.ratioToStatic)))} (${rounds.map((r) => percent(r.ratioToStatic)).join(", ")}); ` +
            `by nginx CPU per request (static ÷ proxied) median ${percent(median(rounds.map((r) => r.cpuRatioToStatic)))} ` +
            `(${rounds.map((r) => percent(r.cpuRatioToStatic)).join(", ")}); app CPU while proxied: ` +
            `${rounds.map((r) => `${r.appCpuMsTotal} ms for ${r.requests} views`).join(", ")}`,
        );
      } finally {
        await nginx.stop();
      }
    }
  }

  if (cases.includes("conditional")) {
    results.push(
      await bench("GET / If-None-Match → 304 (app)", database, server.baseUrl + "/", {
        pid: server.pid,
        headers: { ...gzipHeaders, "if-none-match": page.etag },
      }),
    );
  }

  if (cases.includes("render")) {
    // Its own process and store (PGlite allows one process per folder): every GET / renders the page.
    const { PGLITE_DATA_DIR: _ownDir, ...renderEnv } = env;
    const rendering = await startAppServer({ env: { ...renderEnv, PAGE_CACHE: "off" } });
    try {
      results.push(
        await bench("GET / full render (app, PAGE_CACHE=off)", database, rendering.baseUrl + "/", {
          pid: rendering.pid,
          headers: gzipHeaders,
        }),
      );
    } finally {
      await rendering.stop();
    }
  }
  return { results, notes };
}
