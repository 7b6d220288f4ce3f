import { Redis } from "ioredis";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { forget, remember } from "~/utils/singleton.server";

const REDIS = "redis connection";
// How often a Redis that stays unreachable is mentioned in the log (ioredis reports every reconnect attempt).
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * The process's Redis client for REDIS_URL (only the rate-limit counters use it, ADR 0018), opened on first use.
 * Commands never wait long for a Redis that is away: one reconnect attempt per command, then an error, which
 * the limiter turns into its fail-open or fail-closed answer.
 */
export function getRedis(): Redis {
  const url = getEnv().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  return remember(
    REDIS,
    () => {
      let lastLogged = 0;
      const client = new Redis(url, {
        connectTimeout: 2_000,
        // A command waiting for the first connection fails with that connection's first failure.
        maxRetriesPerRequest: 0,
        // Reconnect for ever, at most every 2 s: the limiter works without Redis meanwhile.
        retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      });
      // Commands sent while the first connection is being made wait for it; once Redis has been reached, a
      // command sent while it is away fails at once instead of queueing (its answer comes from the fallback).
      client.once("ready", () => {
        client.options.enableOfflineQueue = false;
      });
      client.on("error", (error: Error) => {
        if (Date.now() - lastLogged < ERROR_LOG_INTERVAL_MS) return;
        lastLogged = Date.now();
        logger.warn("redis unreachable; rate limits use their fallback", { error: error.message });
      });
      return client;
    },
    { basedOn: url, dispose: (stale) => stale.disconnect() },
  );
}

/** Drops the connection (tests) without waiting on a Redis that may not answer; the next getRedis() opens a new one. */
export async function closeRedis() {
  forget<Redis>(REDIS)?.disconnect();
}

/**
 * For the end of the process (graceful shutdown, which bounds the wait): QUIT, so Redis answers the commands
 * already sent before it closes the connection; a Redis that is away is dropped instead. Nothing when none was opened.
 */
export async function quitRedis() {
  const client = forget<Redis>(REDIS);
  if (!client) return;
  try {
    await client.quit();
  } catch (error) {
    client.disconnect();
    throw error;
  }
}
