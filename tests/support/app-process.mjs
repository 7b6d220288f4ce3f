import { spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { freePort } from "./app-server.mjs";

const quietDefaults = {
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  OUTBOX_WORKER: "on",
};

/**
 * The production build under remix-serve as a process the test controls: unlike startAppServer it does not
 * wait for /healthz, so a test can watch start-up refuse or wait, send signals and read the exit code.
 * The caller chooses the database (DATABASE_URL or PGLITE_DATA_DIR), `cwd` (the build to serve), or a
 * `script` of scripts/ with its `args` instead of the server.
 */
/** @param {{ env?: Record<string, string>, cwd?: string, script?: string, args?: string[] }} [options] */
export async function spawnApp({ env = {}, cwd = process.cwd(), script, args: scriptArgs = [] } = {}) {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    ...quietDefaults,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    ...env,
  };
  const args = script
    ? [path.resolve(cwd, script), ...scriptArgs]
    : [path.resolve(cwd, "node_modules/@remix-run/serve/dist/cli.js"), "build/server/index.js"];
  const child = spawn(process.execPath, args, { cwd, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listeners = new Set();
  const onData = (chunk) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://localhost:${port}`;

  return {
    pid: child.pid,
    /** Sends a signal, as `docker stop` (SIGTERM) or Ctrl-C (SIGINT) does. */
    signal(name) {
      child.kill(name);
    },
    port,
    baseUrl,
    exited,
    output: () => output,
    /** Resolves once the output matches `pattern`; rejects if the process exits first or `timeoutMs` passes. */
    waitForOutput(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (!match) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const onExit = () => {
          // The last chunks may arrive with the exit; check once more before giving up.
          setImmediate(() => {
            check();
            if (listeners.has(check)) {
              done();
              reject(new Error(`the process exited before printing ${pattern}:\n${output}`));
            }
          });
        };
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
        };
        listeners.add(check);
        child.once("exit", onExit);
        check();
      });
    },
    /** Resolves when /healthz answers 200; rejects if the process exits or `timeoutMs` passes. */
    async waitForHealthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the app exited during start-up:\n${output}`);
        try {
          const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
          await response.body?.cancel();
          if (response.ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`the app did not become healthy within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Resolves with the exit, or with undefined if it has not exited within `timeoutMs`. */
    async exitWithin(timeoutMs) {
      let timer;
      const timeout = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, undefined)));
      const result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      return result;
    },
    /** Ends the process for good (cleanup after a test). */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * Starts a POST whose body is sent in two parts: resolves once the server has read the headers (it answered
 * `100 Continue`), with `finish()` to send the rest and read the answer. A request held open like this is
 * "in flight" for as long as the test wants, with no hook in the app.
 */
export function startSlowPost(baseUrl, pathname, body) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, baseUrl);
    let settle;
    const answer = new Promise((resolveAnswer, rejectAnswer) => (settle = { resolveAnswer, rejectAnswer }));
    // An abandoned request rejects its answer; only a caller of finish() wants to hear about it.
    answer.catch(() => {});
    const req = request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Content-Length": String(bytes.length),
        Expect: "100-continue",
        Connection: "close",
      },
    });
    req.on("error", (error) => {
      reject(error);
      settle.rejectAnswer(error);
    });
    req.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => settle.resolveAnswer({ status: response.statusCode, text }));
      response.on("error", settle.rejectAnswer);
    });
    req.on("continue", () => {
      req.write(bytes.subarray(0, half));
      resolve({
        finish() {
          req.end(bytes.subarray(half));
          return answer;
        },
        abandon() {
          req.destroy();
        },
      });
    });
    req.flushHeaders();
  });
}
