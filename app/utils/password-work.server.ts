import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { now } from "~/utils/clock.server";
import { getEnv } from "~/utils/env.server";
import { RequestRejected } from "~/utils/request.server";
import { remember } from "~/utils/singleton.server";

// An argon2 check takes one core for tens of milliseconds by design. A flood of sign-ins from ever-new addresses
// (which no per-client limit stops) would keep every core busy and page views would queue behind it (ADR 0012):
// - at most half the cores check passwords at once, each on its own worker thread;
// - on Linux those threads run at a low CPU priority (nice 10, about a tenth of the page thread's share when both
//   want the core), so a flood slows sign-in, not page views; not the lowest (19), which on a machine busy with
//   other work (a CI run with a browser) could leave a sign-in waiting for many seconds;
// - a few checks may wait per slot; beyond that a sign-in is refused (503, Retry-After) before any database or
//   argon2 work, the answer held back 2 seconds: a client that waits for its answers (every HTTP client with a
//   connection limit) then cannot turn cheap refusals into a request loop that takes the page's thread instead;
// - a browser that has signed in as that admin before (the device cookie, admin-session.server.ts) waits in its
//   own lane, served first, so a flood of strangers cannot fill the queue in front of the real admin;
// - the other lane is also paced: at most 20 checks a second start per slot (LOGIN_CHECKS_PER_SECOND), the rest
//   refused as above. Unpaced, a flood kept every slot busy, and each check's request (form, limits, user lookup,
//   answer) took the page's thread as well: GET /'s median rose 3-4x on both databases (issue #22), 1.1x paced.
const concurrency = Math.max(1, Math.floor(availableParallelism() / 2));
// Beyond this many waiting in a lane, a sign-in would wait longer than a person would: refuse it at once instead.
const maxWaiting = concurrency * 8;
/** The strangers' lane's pace: LOGIN_CHECKS_PER_SECOND, else 20 per slot (read each time: tests change it). */
const anyonePerSecond = () => getEnv().LOGIN_CHECKS_PER_SECOND ?? concurrency * 20;

/** How many checks run at once, may wait per lane and may start a second in the strangers' lane (for tests). */
export const passwordWorkCapacity = { concurrency, maxWaiting, anyonePerSecond };

/** "known": a browser that signed in as this admin before; "anyone": every other attempt. */
export type PasswordLane = "known" | "anyone";

const busyMessage = "Sign-in is busy right now. Please try again in a few seconds.";

// The worker's whole program. It lowers only its own thread's priority: on Linux nice is per thread, so
// setpriority(0) leaves the page's main thread alone. Elsewhere it would renice the whole process, so it does not.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
if (process.platform === "linux") {
  try { require("node:os").setPriority(10); } catch {}
}
const { verifySync } = require(workerData.argon2);
parentPort.on("message", ({ hash, password }) => {
  let ok = false;
  try { ok = verifySync(hash, password); } catch { ok = false; }
  parentPort.postMessage(ok);
});
`;

type Job = { hash: string; password: string; resolve: (ok: boolean) => void; reject: (error: unknown) => void };

class PasswordWork {
  running = 0;
  /** The most checks ever seen running at once: what the cap promises, observable by tests. */
  mostRunning = 0;
  readonly waiting: Record<PasswordLane, Job[]> = { known: [], anyone: [] };
  private readonly idle: Worker[] = [];
  private readonly argon2 = createRequire(import.meta.url).resolve("@node-rs/argon2");

  /** The "anyone" lane's pace, a token bucket: `anyonePerSecond()`, refilled continuously, at most a second's worth. */
  private tokens = anyonePerSecond();
  private refilledAt = now().getTime();

  private anyoneMayStart() {
    const time = now().getTime();
    const pace = anyonePerSecond();
    // max(0, …): a clock set back (tests) does not drain the bucket.
    this.tokens = Math.min(pace, this.tokens + (Math.max(0, time - this.refilledAt) / 1000) * pace);
    this.refilledAt = time;
    return this.tokens >= 1;
  }

  hasRoom(lane: PasswordLane) {
    if (lane === "anyone" && !this.anyoneMayStart()) return false;
    return this.running < concurrency || this.waiting[lane].length < maxWaiting;
  }

  verify(hash: string, password: string, lane: PasswordLane): Promise<boolean> {
    if (!this.hasRoom(lane)) return refuse();
    if (lane === "anyone") this.tokens -= 1;
    return new Promise<boolean>((resolve, reject) => {
      this.waiting[lane].push({ hash, password, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.running < concurrency) {
      const job = this.waiting.known.shift() ?? this.waiting.anyone.shift();
      if (!job) return;
      this.run(job);
    }
  }

  private run(job: Job) {
    this.running += 1;
    this.mostRunning = Math.max(this.mostRunning, this.running);
    const worker = this.idle.pop() ?? this.startWorker();
    const done = (settle: () => void, keepWorker: boolean) => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      this.running -= 1;
      if (keepWorker) this.idle.push(worker);
      settle();
      this.next();
    };
    const onMessage = (ok: boolean) => done(() => job.resolve(ok === true), true);
    // A crashed worker is replaced by a new one on the next check; this one's sign-in gets the server error.
    const onError = (error: unknown) => done(() => job.reject(error), false);
    // A worker that ends without an error event (killed, out of memory) must not leave its sign-in pending.
    const onExit = (code: number) => done(() => job.reject(new Error(`password worker exited with ${code}`)), false);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.once("exit", onExit);
    worker.postMessage({ hash: job.hash, password: job.password });
  }

  private startWorker() {
    const worker = new Worker(workerSource, { eval: true, workerData: { argon2: this.argon2 } });
    // An idle worker must not keep a finished process (a CLI, a test run) alive.
    worker.unref();
    return worker;
  }
}

// Long enough that a refused client's loop costs the page's thread little (one refusal per connection every
// 2 seconds), short enough that a person sees the busy message soon.
const refusalDelayMs = 2_000;
const busy = () => new RequestRejected(503, busyMessage, { "Retry-After": "5" });
/** The busy answer, after the delay; a timer holds the connection, no work does. */
const refuse = () =>
  new Promise<never>((_, reject) => {
    setTimeout(() => reject(busy()), refusalDelayMs);
  });

const work = () => remember("password checks", () => new PasswordWork());

/**
 * Refuses a sign-in (503 with Retry-After, after the refusal delay) when its lane's queue is full, so a refused
 * attempt costs no rate-limit bookkeeping, database query or argon2 work. verifyPassword checks again: others
 * may queue in between.
 */
export async function refuseWhenBusy(lane: PasswordLane): Promise<void> {
  if (!work().hasRoom(lane)) await refuse();
}

/** Checks a password against its argon2 hash within the process-wide cap; a malformed hash is a failed check. */
export function verifyPassword(hash: string, password: string, lane: PasswordLane = "anyone"): Promise<boolean> {
  return work().verify(hash, password, lane);
}

/** Running and waiting checks, and the most ever run at once (for tests and diagnostics). */
export function passwordWorkStats() {
  const state = work();
  return {
    running: state.running,
    mostRunning: state.mostRunning,
    waiting: { known: state.waiting.known.length, anyone: state.waiting.anyone.length },
  };
}
