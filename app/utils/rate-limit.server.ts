import { getEnv } from "./env.server";
import { RequestRejected } from "./request.server";

type Window = { count: number; resetAt: number };

const globalForLimits = globalThis as unknown as { __groundworkRateLimits?: Map<string, Window> };
const windows = (globalForLimits.__groundworkRateLimits ??= new Map());

let lastSweep = 0;
function sweep(now: number) {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

/**
 * Fixed-window counter kept in memory: enough for one process, and the numbers are configurable so a
 * benchmark can lift them explicitly. Throws a 429 with Retry-After when the window is full.
 */
export function consumeRateLimit(bucket: string, key: string, limit: number, windowSeconds?: number) {
  const now = Date.now();
  sweep(now);
  const windowMs = (windowSeconds ?? getEnv().RATE_LIMIT_WINDOW_SECONDS) * 1000;
  const id = `${bucket}:${key}`;
  let window = windows.get(id);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + windowMs };
    windows.set(id, window);
  }
  window.count += 1;
  if (window.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    throw new RequestRejected(429, `Too many requests. Please try again in ${retryAfter} seconds.`, {
      "Retry-After": String(retryAfter),
    });
  }
}

/** Forgets a key's window (e.g. a successful sign-in clears its failures). */
export function resetRateLimit(bucket: string, key: string) {
  windows.delete(`${bucket}:${key}`);
}
