// `npm run test:container` (issue #23, ADR 28): builds the project's Dockerfile, unchanged, with podman and checks
// the image and its containers as an operator would run them. `.ci/run` runs it after `npm test`.
//
// Every container uses the host's network and a port of its own on 127.0.0.1, so that all test traffic stays on
// loopback. Podman runs with runc and without default ulimits (both refused on these machines), through a
// containers.conf of this run's own (CONTAINERS_CONF), so the commands below are what an operator types.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import postgresClient from "postgres";
import { adminSessionCookie } from "../tests/support/admin-sign-in.mjs";
import { freePort } from "../tests/support/app-server.mjs";
import { startSlowPost } from "../tests/support/app-process.mjs";
import { createDatabase, dropDatabase } from "../tests/support/postgres.mjs";
import { ensureBaseImage, ensureServiceImages } from "./container/stand-in-images.mjs";

const runId = `gw-check-${process.pid}`;
// A tag of this run's own, so that two checks on one machine never swap each other's image; removed at the end.
const IMAGE = `localhost/groundwork-site:${runId}`;
// The budget for the whole image, the base included (ADR 28); raised with the base when it moved to Node.js 24,
// whose runtime is larger than Node 20's, while the app's part stayed as it was (ADR 53).
const IMAGE_SIZE_BUDGET_BYTES = 330 * 1000 * 1000;
// `docker stop` and `podman stop` send SIGKILL 10 s after SIGTERM.
const STOP_DEADLINE_MS = 10_000;
const HERO_HEADLINE = "Capture every lead.";

const scratch = mkdtempSync(path.join(tmpdir(), "gw-container-"));
const containersConf = path.join(scratch, "containers.conf");
writeFileSync(containersConf, '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n');
process.env.CONTAINERS_CONF = containersConf;

const figures = {};
const failures = [];
const containers = new Set();
const volumes = new Set();

function podman(args, { allowFailure = false } = {}) {
  const result = spawnSync("podman", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (!allowFailure && result.status !== 0) {
    throw new Error(`podman ${args.join(" ")} exited with ${result.status}:\n${result.stderr}`);
  }
  return result;
}

function check(condition, what, detail = "") {
  console.log(`${condition ? "ok  " : "FAIL"} ${what}${detail ? ` — ${detail}` : ""}`);
  if (!condition) failures.push(what);
  return condition;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function installMissingTools() {
  const packages = {
    podman: "podman",
    runc: "runc",
    debootstrap: "debootstrap",
    "docker-compose": "docker-compose",
    promtool: "prometheus",
  };
  const missing = Object.entries(packages)
    .filter(([tool]) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0)
    .map(([, debianPackage]) => debianPackage);
  if (missing.length === 0) return;
  console.log(`container: installing Debian's ${missing.join(", ")}`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...missing],
  ]) {
    const result = spawnSync("apt-get", args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
}

/** Starts a container of the image, detached, on the host's network; returns its name and base URL. */
async function startContainer(label, { env = {}, volume, extra = [] } = {}) {
  const port = await freePort();
  const name = `${runId}-${label}`;
  const envArgs = Object.entries({ PORT: String(port), ...env }).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  const volumeArgs = volume ? ["-v", `${volume}:/app/data`] : [];
  podman(["run", "-d", "--name", name, "--network", "host", ...envArgs, ...volumeArgs, ...extra, IMAGE]);
  containers.add(name);
  return { name, baseUrl: `http://127.0.0.1:${port}` };
}

function containerState(name) {
  const result = podman(["inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", name], {
    allowFailure: true,
  });
  const [status, exitCode] = result.stdout.trim().split(" ");
  return { status, exitCode: Number(exitCode) };
}

const logs = (name) => {
  const result = podman(["logs", name], { allowFailure: true });
  return `${result.stdout}${result.stderr}`;
};

/** Waits until the container's /healthz answers 200; throws with its log if it exits or takes a minute. */
async function waitForHealthy({ name, baseUrl }) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const state = containerState(name);
    if (state.status === "exited") throw new Error(`${name} exited with ${state.exitCode}:\n${logs(name)}`);
    const ok = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
    await sleep(250);
  }
  throw new Error(`${name} was not healthy within 60 s:\n${logs(name)}`);
}

async function waitForExit(name, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const state = containerState(name);
    if (state.status === "exited") return state;
    await sleep(200);
  }
  return containerState(name);
}

function removeContainer(name) {
  podman(["rm", "-f", "-v", "-t", "0", name], { allowFailure: true });
  containers.delete(name);
}

const lead = (email) => ({
  firstName: "Rosa",
  lastName: "Container",
  email,
  phone: "+1 (555) 010-3300",
  company: "Container Roofing",
  dealVolume: "11-25",
  challenges: "We deploy the image and expect every lead to stay.",
});

async function postLead(baseUrl, email, extra = {}) {
  const response = await fetch(`${baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...lead(email), ...extra }),
  });
  return { status: response.status, text: await response.text() };
}

const admin = { username: "container-admin", password: "container-admin-password-1" };

/** The e-mails of the stored demo requests matching `query`, read through the admin's JSON list. */
async function storedEmails(baseUrl, query) {
  const cookie = await adminSessionCookie(baseUrl, admin);
  const list = await fetch(`${baseUrl}/api/demo-requests?q=${encodeURIComponent(query)}`, {
    headers: { Cookie: cookie, Accept: "application/json" },
  });
  if (!list.ok) throw new Error(`GET /api/demo-requests answered ${list.status}`);
  return (await list.json()).items.map((item) => item.email);
}

/** A GET on a kept-alive connection, which then stays open and idle. */
function getOnKeptAliveConnection(baseUrl, agent) {
  return new Promise((resolve, reject) => {
    request(new URL("/healthz", baseUrl), { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    })
      .on("error", reject)
      .end();
  });
}

function buildImage() {
  const started = Date.now();
  // Untagged images a day old go (the build stages of earlier runs, a gigabyte each); newer ones are the cache.
  podman(["image", "prune", "-f", "--filter", "until=24h"], { allowFailure: true });
  const result = spawnSync(
    "podman",
    ["build", "--pull=never", "--network", "host", "--format", "docker", "-t", IMAGE, "."],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  figures.buildSeconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) throw new Error(`podman build exited with ${result.status}: the Dockerfile does not build`);
}

function checkImage() {
  const [inspected] = JSON.parse(podman(["image", "inspect", IMAGE]).stdout);
  figures.imageMegabytes = Math.round(inspected.Size / 1e6);
  check(
    inspected.Size <= IMAGE_SIZE_BUDGET_BYTES,
    "the image is within its size budget",
    `${figures.imageMegabytes} MB, budget ${IMAGE_SIZE_BUDGET_BYTES / 1e6} MB`,
  );
  const healthcheck = inspected.Healthcheck;
  check(Boolean(healthcheck?.Test?.length), "the image keeps its HEALTHCHECK", JSON.stringify(healthcheck?.Test));
  // By number: Kubernetes' runAsNonRoot refuses an image whose user it cannot tell is not root.
  check(inspected.Config?.User === "1000:1000", "the image runs as uid 1000 (node), by number", inspected.Config?.User);

  // What is inside /app, and which of the project's development-only packages made it in.
  const lockfile = JSON.parse(readFileSync("package-lock.json", "utf8")).packages;
  const developmentOnly = Object.entries(lockfile)
    .filter(([key, entry]) => key.startsWith("node_modules/") && (entry.dev || entry.devOptional))
    .map(([key]) => key);
  const listing = podman([
    "run",
    "--rm",
    "--network",
    "none",
    "--entrypoint",
    "sh",
    IMAGE,
    "-c",
    `ls -A /app; echo ---; cd /app && for p in ${developmentOnly.join(" ")}; do [ -e "$p" ] && echo "$p"; done; true`,
  ]).stdout;
  const [top, present] = listing.split("---\n");
  const entries = top.trim().split("\n");
  const unwanted = entries.filter((entry) =>
    ["tests", "docs", ".env", ".git", "app", "Dockerfile", "README.md", ".ci"].includes(entry),
  );
  check(unwanted.length === 0, "no sources, tests, docs, .env or .git in /app", `/app holds ${entries.join(", ")}`);
  const devPackages = present.trim().split("\n").filter(Boolean);
  check(
    devPackages.length === 0,
    "no development-only package in node_modules",
    devPackages.length ? devPackages.slice(0, 10).join(", ") : `${developmentOnly.length} looked for`,
  );
}

async function checkPgliteContainer() {
  const volume = `${runId}-data`;
  podman(["volume", "create", volume]);
  volumes.add(volume);

  // 1. No environment at all: PGlite in the volume.
  const first = await startContainer("pglite", { volume });
  figures.healthySeconds = Number(((await waitForHealthy(first)) / 1000).toFixed(1));
  const page = await fetch(`${first.baseUrl}/`);
  const html = await page.text();
  check(
    page.status === 200 && html.includes(HERO_HEADLINE),
    "GET / answers 200 with the landing page",
    `${page.status}`,
  );
  const health = await fetch(`${first.baseUrl}/healthz`);
  check(health.status === 200, "/healthz answers 200", await health.text());
  const uid = podman(["exec", first.name, "id", "-u"]).stdout.trim();
  const processUser = podman(["top", first.name, "user", "args"]).stdout.trim().split("\n").slice(1).join("; ");
  check(uid !== "0" && /^node\s/.test(processUser), "the server runs as a non-root user", `uid ${uid}: ${processUser}`);
  const healthcheck = podman(["healthcheck", "run", first.name], { allowFailure: true });
  check(healthcheck.status === 0, "the image's HEALTHCHECK command passes", healthcheck.stderr.trim() || "healthy");
  const email = `kept.${process.pid}@container-roofing.com`;
  const stored = await postLead(first.baseUrl, email);
  check(stored.status === 201, "a lead is stored on PGlite", `${stored.status}`);

  // 2. A second container on the same volume is refused; the first goes on serving.
  const second = await startContainer("pglite-second", { volume });
  const secondState = await waitForExit(second.name, 60_000);
  const secondLog = logs(second.name);
  check(
    secondState.status === "exited" && secondState.exitCode !== 0 && /is in use by another process/.test(secondLog),
    "a second container on the same volume is refused with a clear message",
    secondLog.split("\n").find((line) => /in use/.test(line)) ?? `${secondState.status} ${secondState.exitCode}`,
  );
  const stillServing = await fetch(`${first.baseUrl}/healthz`);
  check(stillServing.status === 200, "the first container is unharmed", `${stillServing.status}`);
  removeContainer(second.name);

  // 3. The container removed, a new one from the image on the same volume, with a read-only root filesystem.
  podman(["stop", "-t", "10", first.name]);
  removeContainer(first.name);
  const again = await startContainer("pglite-again", {
    volume,
    env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
    extra: ["--read-only", "--tmpfs", "/tmp"],
  });
  await waitForHealthy(again);
  const againPage = await fetch(`${again.baseUrl}/`);
  check(
    againPage.status === 200 && (await againPage.text()).includes(HERO_HEADLINE),
    "with a read-only root filesystem (the volume and a tmpfs /tmp writable) it starts and serves",
  );
  const kept = await storedEmails(again.baseUrl, email);
  check(kept.includes(email), "the lead is still there after the container was removed and started again", `${kept}`);

  // 4. podman stop with an idle kept-alive connection and a request in flight.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const keptAliveStatus = await getOnKeptAliveConnection(again.baseUrl, agent);
  const inFlightEmail = `in-flight.${process.pid}@container-roofing.com`;
  const inFlight = await startSlowPost(again.baseUrl, "/api/demo-requests", lead(inFlightEmail));
  const stopStarted = Date.now();
  const stop = new Promise((resolve) => spawn("podman", ["stop", "-t", "10", again.name]).on("exit", resolve));
  // The request's body arrives after the server has begun shutting down.
  while (!/"message":"shutting down"/.test(logs(again.name)) && Date.now() - stopStarted < STOP_DEADLINE_MS) {
    await sleep(100);
  }
  const answer = await inFlight.finish();
  await stop;
  const stopState = await waitForExit(again.name, STOP_DEADLINE_MS);
  figures.stopSeconds = Number(((Date.now() - stopStarted) / 1000).toFixed(1));
  agent.destroy();
  const stopLog = logs(again.name);
  check(keptAliveStatus === 200, "a kept-alive connection was open when the stop began");
  check(answer.status === 201, "the request in flight when the stop began is answered", `${answer.status}`);
  check(
    stopState.status === "exited" && stopState.exitCode === 0 && figures.stopSeconds <= STOP_DEADLINE_MS / 1000,
    "podman stop ends the container by itself within 10 s, with status 0",
    `${figures.stopSeconds} s, ${stopState.status} ${stopState.exitCode}`,
  );
  check(
    /"message":"shutting down"/.test(stopLog) && /"message":"stopped"/.test(stopLog),
    "the log says it shut down cleanly",
  );
  removeContainer(again.name);
}

async function checkPostgresContainer() {
  const database = await createDatabase("gw_container");
  try {
    const container = await startContainer("postgres", { env: { DATABASE_URL: database.url } });
    await waitForHealthy(container);
    const email = `postgres.${process.pid}@container-roofing.com`;
    const stored = await postLead(container.baseUrl, email);
    const sql = postgresClient(database.url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select email from demo_requests where email = ${email}`;
      const migrations = await sql`select count(*)::int as count from drizzle.__drizzle_migrations`;
      check(
        stored.status === 201 && rows.length === 1 && migrations[0].count > 0,
        "with DATABASE_URL it migrates, serves and stores a lead in PostgreSQL",
        `${stored.status}, ${migrations[0].count} migrations applied`,
      );
    } finally {
      await sql.end({ timeout: 5 });
    }
    podman(["stop", "-t", "10", container.name]);
    removeContainer(container.name);
  } finally {
    await dropDatabase(database.name);
  }
}

/** deploy/prometheus: the configuration loads, and each alert fires on what should page and only then. */
function checkAlertRules() {
  const config = spawnSync("promtool", ["check", "config", "deploy/prometheus/prometheus.yml"], { encoding: "utf8" });
  check(config.status === 0, "promtool loads deploy/prometheus (the configuration and its alert rules)", config.stderr);
  const rules = spawnSync("promtool", ["test", "rules", "deploy/prometheus/alerts.test.yml"], { encoding: "utf8" });
  check(rules.status === 0, "promtool's tests of the alert rules pass", `${rules.stdout}${rules.stderr}`.trim());
}

async function prometheusQuery(prometheus, query) {
  const response = await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(query)}`);
  const { data } = await response.json();
  return Number(data.result[0]?.value[1] ?? 0);
}

/** Waits up to a minute (four scrape intervals) for `condition`; returns its last result. */
async function withinAMinute(condition) {
  const started = Date.now();
  let last;
  while (Date.now() - started < 60_000) {
    last = await condition().catch((error) => ({ ok: false, error: String(error) }));
    if (last.ok) return last;
    await sleep(1_000);
  }
  return last;
}

/** compose.yaml's Prometheus scrapes the three replicas, and a lead posted through nginx moves their counter. */
async function checkPrometheus(prometheus, front) {
  const targets = await withinAMinute(async () => {
    const { data } = await (await fetch(`${prometheus}/api/v1/targets?state=active`)).json();
    const up = data.activeTargets.filter((target) => target.labels.job === "groundwork" && target.health === "up");
    return { ok: up.length === 3, up: up.map((target) => target.labels.replica).sort() };
  });
  check(targets.ok, "Prometheus sees the three replicas up", JSON.stringify(targets.up ?? targets.error));

  const posted = 'sum(groundwork_http_requests_total{method="POST",route="/api/demo-requests",status="2xx"})';
  const before = await prometheusQuery(prometheus, posted);
  const answer = await postLead(front, `counted.${process.pid}@container-roofing.com`);
  const moved = await withinAMinute(async () => {
    const after = await prometheusQuery(prometheus, posted);
    return { ok: after === before + 1, after };
  });
  check(
    answer.status === 201 && moved.ok,
    "a lead posted through nginx moves the request counter Prometheus scrapes",
    `${answer.status}; ${before} → ${moved.after}`,
  );
}

let composeCleanUp;

/**
 * compose.yaml, started by Docker Compose (Debian's docker-compose) through podman's Docker-compatible API: the
 * deployment of README "Containers", on ports of this run's own.
 */
async function checkCompose() {
  figures.composeStandIns = ensureServiceImages();
  const socket = path.join(scratch, "podman.sock");
  const service = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], { stdio: "ignore" });
  const project = runId.replace(/-/g, "");
  const ports = {};
  for (const name of [
    "POSTGRES_PORT",
    "REDIS_PORT",
    "APP_PORT_1",
    "APP_PORT_2",
    "APP_PORT_3",
    "HTTP_PORT",
    "PROMETHEUS_PORT",
  ]) {
    ports[name] = String(await freePort());
  }
  const secret = (bytes) => randomBytes(bytes).toString("hex");
  const environment = {
    ...process.env,
    ...ports,
    DOCKER_HOST: `unix://${socket}`,
    GROUNDWORK_IMAGE: IMAGE,
    POSTGRES_PASSWORD: secret(16),
    SESSION_SECRET: secret(32),
    APP_URL: `http://127.0.0.1:${ports.HTTP_PORT}`,
    // The load below comes from one client address; the per-mailbox limit keeps its default.
    RATE_LIMIT_PER_CLIENT: "100000",
  };
  const compose = (args, options = {}) =>
    spawnSync("docker-compose", ["-p", project, ...args], { encoding: "utf8", env: environment, ...options });
  composeCleanUp = () => {
    compose(["down", "-v", "-t", "10"]);
    service.kill();
    const label = `label=com.docker.compose.project=${project}`;
    for (const id of podman(["ps", "-a", "-q", "--filter", label]).stdout.split("\n").filter(Boolean)) {
      podman(["rm", "-f", "-v", "-t", "0", id], { allowFailure: true });
    }
    for (const id of podman(["volume", "ls", "-q", "--filter", label]).stdout.split("\n").filter(Boolean)) {
      podman(["volume", "rm", "-f", id], { allowFailure: true });
    }
  };
  const started = Date.now();
  while (!existsSync(socket) && Date.now() - started < 10_000) await sleep(100);

  const up = compose(["up", "-d", "--no-build"]);
  if (up.status !== 0) throw new Error(`docker-compose up failed:\n${up.stdout}${up.stderr}`);
  const containerOf = (serviceName) => compose(["ps", "-q", serviceName]).stdout.trim();
  for (const replica of ["app-1", "app-2", "app-3"]) {
    const port = ports[`APP_PORT_${replica.slice(-1)}`];
    await waitForHealthy({ name: containerOf(replica), baseUrl: `http://127.0.0.1:${port}` });
  }
  const front = `http://127.0.0.1:${ports.HTTP_PORT}`;
  await waitForHealthy({ name: containerOf("nginx"), baseUrl: front });
  figures.composeHealthySeconds = Math.round((Date.now() - started) / 1000);
  const sql = postgresClient(
    `postgres://groundwork:${environment.POSTGRES_PASSWORD}@127.0.0.1:${ports.POSTGRES_PORT}/groundwork`,
    { max: 1, onnotice: () => {} },
  );
  try {
    // Anonymous GET / from nginx's cache.
    const views = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${front}/`, { headers: { "Accept-Encoding": "gzip" } });
      views.push({
        status: response.status,
        cache: response.headers.get("x-cache-status"),
        html: await response.text(),
      });
    }
    check(
      views.every((view) => view.status === 200 && view.html.includes(HERO_HEADLINE)) && views[2].cache === "HIT",
      "anonymous GET / through nginx is served from its cache",
      views.map((view) => view.cache).join(", "),
    );
    // Single fetch's data answers, the same request three times: never from the cache.
    const dataAnswers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${front}/_root.data`);
      await response.arrayBuffer();
      dataAnswers.push(`${response.status} ${response.headers.get("x-cache-status")}`);
    }
    check(
      dataAnswers.every((answer) => /^200 /.test(answer) && !answer.endsWith("HIT")),
      "a data answer (/_root.data) through nginx is never served from its cache",
      dataAnswers.join(", "),
    );

    await checkPrometheus(`http://127.0.0.1:${ports.PROMETHEUS_PORT}`, front);

    // A lead posted twice through nginx (a double submit, answered by two replicas) is stored once.
    const once = `once.${process.pid}@container-roofing.com`;
    const submissionId = `compose-${process.pid}-once`;
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push((await postLead(front, once, { submissionId })).status);
    const [{ count: onceCount }] = await sql`select count(*)::int as count from demo_requests where email = ${once}`;
    check(
      answers.every((status) => status === 200 || status === 201) && onceCount === 1,
      "a lead posted through nginx is stored once",
      `answers ${answers.join(", ")}; ${onceCount} row`,
    );

    // The per-mailbox limit (5 a window) holds across the replicas nginx spreads the requests over.
    // Which replicas answered: each logs a line per demo request it stores or refuses.
    const replicas = ["app-1", "app-2", "app-3"].map(containerOf);
    const demoLines = () =>
      replicas.map((id) => (logs(id).match(/"message":"demo request (stored|refused)"/g) ?? []).length);
    const linesBefore = demoLines();
    const limited = `limited.${process.pid}@container-roofing.com`;
    const limitAnswers = [];
    for (let i = 0; i < 8; i++) {
      limitAnswers.push((await postLead(front, limited, { submissionId: `compose-${process.pid}-limit-${i}` })).status);
    }
    const accepted = limitAnswers.filter((status) => status === 201).length;
    const perReplica = demoLines().map((count, index) => count - linesBefore[index]);
    check(
      accepted === 5 && limitAnswers.slice(5).every((status) => status === 429) && perReplica.every((n) => n > 0),
      "the per-e-mail demo limit holds across replicas",
      `${limitAnswers.join(" ")}; answered by the replicas ${perReplica.join(" / ")}`,
    );

    // One replica killed in the middle of a load: every acknowledged lead is stored.
    const acknowledged = [];
    const refused = [];
    let sent = 0;
    let killedAt;
    let killed;
    const killTarget = containerOf("app-2");
    const worker = async () => {
      while (sent < 120) {
        const index = sent++;
        if (index === 40) {
          // SIGKILL, as a crash or an OOM kill; the load goes on while it lands.
          killedAt = acknowledged.length;
          killed = new Promise((resolve) => spawn("podman", ["kill", killTarget]).on("exit", resolve));
        }
        const email = `load.${process.pid}.${index}@container-roofing.com`;
        const answer = await postLead(front, email, { submissionId: `compose-${process.pid}-load-${index}` }).catch(
          (error) => ({ status: String(error) }),
        );
        (answer.status === 201 ? acknowledged : refused).push(email);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const killStatus = await killed;
    const restarts = podman(["inspect", "--format", "{{.RestartCount}}", killTarget], { allowFailure: true });
    const storedLoad = new Set(
      (await sql`select email from demo_requests where email like ${`load.${process.pid}.%`}`).map((row) => row.email),
    );
    const lost = acknowledged.filter((email) => !storedLoad.has(email));
    figures.composeLoad = { sent: 120, acknowledged: acknowledged.length, refused: refused.length, killedAt };
    check(killStatus === 0, "one replica was killed mid-load", `app-2 restarts: ${restarts.stdout.trim()}`);
    check(
      lost.length === 0 && acknowledged.length > 60,
      "killing one replica mid-load loses no acknowledged lead",
      `${acknowledged.length} of 120 acknowledged, ${refused.length} refused, ${lost.length} lost`,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }

  const down = compose(["down", "-v", "-t", "10"]);
  const left = podman(["ps", "-a", "-q", "--filter", `label=com.docker.compose.project=${project}`]).stdout.trim();
  const leftVolumes = podman([
    "volume",
    "ls",
    "-q",
    "--filter",
    `label=com.docker.compose.project=${project}`,
  ]).stdout.trim();
  check(
    down.status === 0 && left === "" && leftVolumes === "",
    "docker-compose down leaves no container or volume behind",
    left || leftVolumes || "none left",
  );
  composeCleanUp();
  composeCleanUp = undefined;
}

function cleanUp() {
  for (const name of containers) podman(["rm", "-f", "-v", "-t", "0", name], { allowFailure: true });
  composeCleanUp?.();
  podman(["rmi", IMAGE], { allowFailure: true });
  for (const volume of volumes) podman(["volume", "rm", "-f", volume], { allowFailure: true });
  rmSync(scratch, { recursive: true, force: true });
}

const started = Date.now();
try {
  installMissingTools();
  checkAlertRules();
  figures.baseImage = ensureBaseImage();
  buildImage();
  checkImage();
  await checkPgliteContainer();
  await checkPostgresContainer();
  await checkCompose();
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
} finally {
  cleanUp();
}
figures.totalSeconds = Math.round((Date.now() - started) / 1000);
console.log(`container figures: ${JSON.stringify(figures)}`);
if (failures.length > 0) {
  console.error(`container check: ${failures.length} failed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("container check: all passed");
