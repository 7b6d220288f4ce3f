import { Redis } from "ioredis";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { forget, remember } from "~/utils/singleton.server";

const REDIS = "redis connection";
// ioredis reports every reconnect attempt; log an unreachable Redis only this often.
const ERROR_LOG_INTERVAL_MS = 30_000;

/** Rate limits only (ADR 0018). Commands fail fast while Redis is away, and the limiter falls back. */
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
        // Reconnect for ever: the limiter works without Redis meanwhile.
        retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      });
      // Only the first connection queues commands; later, a command sent while Redis is away fails at once.
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

/** At shutdown: QUIT, so commands already sent are answered first; a Redis that is away is dropped instead. */
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
