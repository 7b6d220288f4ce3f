import { RateLimiterDrizzle, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/connection.server";
import { preparedPerHandle } from "~/db/prepared.server";
import { getRedis } from "~/db/redis-connection.server";
import { rateLimitCounters } from "~/db/schema.server";

/** One limit's window: counters are named `${keyPrefix}:${key}`. */
export type CounterOptions = { keyPrefix: string; points: number; duration: number };

/** Counters in PostgreSQL: each attempt is one atomic upsert, so instances counting one key never lose a count. */
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

/** `key` is the counter's full key, `${keyPrefix}:${key}`. */
export type CounterAttempt = { key: string; limit: number; durationMs: number };

export type CounterState = { points: number; expire: Date };

/** Chained data-modifying CTEs: each step counts only when the one before stayed within its limit. */
function ladderStatement(steps: number) {
  return preparedPerHandle((db: Database) => {
    const { key, points, expire } = rateLimitCounters;
    const step = (index: number) => sql.raw(`step${index}`);
    const ended = sql`${rateLimitCounters}.${sql.identifier(expire.name)} <= ${sql.placeholder("now")}::timestamptz`;
    const ctes = Array.from({ length: steps }, (_, index) => {
      const row = sql`${sql.placeholder(`key${index}`)}, 1, ${sql.placeholder(`expire${index}`)}::timestamptz`;
      const source =
        index === 0
          ? sql`values (${row})`
          : sql`select ${row} from ${step(index - 1)} where ${step(index - 1)}.points <= ${sql.placeholder(`limit${index - 1}`)}`;
      return db.$with(`step${index}`, {}).as(sql`
        insert into ${rateLimitCounters} (${sql.identifier(key.name)}, ${sql.identifier(points.name)}, ${sql.identifier(expire.name)})
        ${source}
        on conflict (${sql.identifier(key.name)}) do update set
          ${sql.identifier(points.name)} = case when ${ended} then 1 else ${rateLimitCounters}.${sql.identifier(points.name)} + 1 end,
          ${sql.identifier(expire.name)} = case when ${ended} then excluded.${sql.identifier(expire.name)} else ${rateLimitCounters}.${sql.identifier(expire.name)} end
        returning ${sql.identifier(points.name)} as points, ${sql.identifier(expire.name)} as expire`);
    });
    const reached = sql.join(
      // The window's end as epoch milliseconds: a number in both drivers, whatever they make of timestamps.
      ctes.map(
        (_, index) =>
          sql`select ${index}::int as step, points, (extract(epoch from expire) * 1000)::float8 as expire_ms from ${step(index)}`,
      ),
      sql` union all `,
    );
    return db
      .with(...ctes)
      .select({ points: sql<number>`points`, expireMs: sql<number>`expire_ms` })
      .from(sql`(${reached}) as reached`)
      .orderBy(sql`step`)
      .prepare(`rate_limit_ladder_${steps}`);
  });
}

const ladders = new Map<number, ReturnType<typeof ladderStatement>>();

/** Stops after the first counter over its limit. Same rows as RateLimiterDrizzle's, so the library still reads them. */
export async function consumeCounters(attempts: CounterAttempt[]): Promise<CounterState[]> {
  let ladder = ladders.get(attempts.length);
  if (!ladder) ladders.set(attempts.length, (ladder = ladderStatement(attempts.length)));
  const now = new Date();
  const values: Record<string, unknown> = { now: now.toISOString() };
  attempts.forEach((attempt, index) => {
    values[`key${index}`] = attempt.key;
    values[`expire${index}`] = new Date(now.getTime() + attempt.durationMs).toISOString();
    values[`limit${index}`] = attempt.limit;
  });
  const rows = await ladder(getDb()).execute(values);
  return rows.map((row) => ({ points: Number(row.points), expire: new Date(Number(row.expireMs)) }));
}
