import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const quietDefaults = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  OUTBOX_WORKER: "on",
};

/**
 * Starts the production build with remix-serve on a free port, the way `npm start` serves it, and waits
 * until /healthz answers. Without DATABASE_URL (or a PGLITE_DATA_DIR of the caller's) it gets its own PGlite
 * directory, removed on stop.
 */
/** The server build of a checkout, relative to it; undefined when it has not been built. */
export function serverBuildOf(cwd) {
  return ["build/server/index.js", "build/index.js"].find((file) => existsSync(path.join(cwd, file)));
}

export async function startAppServer({ env = {}, port, cwd = process.cwd() } = {}) {
  const listenPort = port ?? (await freePort());
  let dataDir;
  const childEnv = { ...process.env, ...quietDefaults, ...env, PORT: String(listenPort) };
  // A caller that passes its own PGLITE_DATA_DIR keeps it (e.g. to inspect the rows after stop()).
  if (!childEnv.DATABASE_URL && !env.PGLITE_DATA_DIR) {
    dataDir = mkdtempSync(path.join(tmpdir(), "gw-pglite-"));
    childEnv.PGLITE_DATA_DIR = dataDir;
  }
  // `env: { APP_URL: undefined }` starts the server without APP_URL, as an operator who did not set it would.
  if ("APP_URL" in env && env.APP_URL === undefined) delete childEnv.APP_URL;
  else childEnv.APP_URL ??= `http://localhost:${listenPort}`;
  // `cwd`: the checkout whose build to serve. A reference built before the Vite plugin (issue #52) has its server
  // build at build/index.js, so benchmarks can still pair against it.
  const child = spawn(
    process.execPath,
    [path.resolve(cwd, "node_modules/@remix-run/serve/dist/cli.js"), serverBuildOf(cwd)],
    {
      cwd,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));

  const baseUrl = `http://localhost:${listenPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    port: listenPort,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
