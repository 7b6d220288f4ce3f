import { RateLimiterDrizzle, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getDb } from "~/db/connection.server";
import { getRedis } from "~/db/redis-connection.server";
import { rateLimitCounters } from "~/db/schema.server";

/** One limit's window: counters are named `${keyPrefix}:${key}`. */
export type CounterOptions = { keyPrefix: string; points: number; duration: number };

/**
 * Counters in PostgreSQL's `rate_limit_counters`: each attempt is one atomic upsert (INSERT … ON CONFLICT DO
 * UPDATE … RETURNING), so instances counting the same key at once never lose a count. The library deletes rows
 * that expired over an hour ago every five minutes, so the table holds about one window of keys.
 */
export function postgresCounters(options: CounterOptions): RateLimiterAbstract {
  // Asked for at each query, not kept: a retired pool (see connection.server) is replaced under the limiter.
  const client = {
    insert: (table: typeof rateLimitCounters) => getDb().insert(table),
    select: (...args: Parameters<ReturnType<typeof getDb>["select"]>) => getDb().select(...args),
    delete: (table: typeof rateLimitCounters) => getDb().delete(table),
  };
  return new RateLimiterDrizzle({
    ...options,
    storeClient: client,
    schema: rateLimitCounters,
    clearExpiredByTimeout: true,
  });
}

/** Counters in Redis (REDIS_URL): one Lua script per attempt, keys expiring with their window. */
export function redisCounters(options: CounterOptions & { keyNamespace: string }): RateLimiterAbstract {
  const { keyNamespace, ...limit } = options;
  return new RateLimiterRedis({ ...limit, keyPrefix: `${keyNamespace}${limit.keyPrefix}`, storeClient: getRedis() });
}
