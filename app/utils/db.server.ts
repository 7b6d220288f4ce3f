import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "~/db/schema.server";
import { getEnv } from "./env.server";

// Both drivers speak the same pg-core dialect; one type keeps every model driver-agnostic.
export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Connection = {
  db: Database;
  kind: "postgres" | "pglite";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

function connectPostgres(url: string, poolSize: number): Connection {
  const client = postgres(url, {
    max: poolSize,
    // Fail fast when the database is unreachable so visitors get an answer, not a hung request.
    connect_timeout: 5,
    idle_timeout: 30,
    onnotice: () => {},
  });
  const db = drizzlePostgres(client, { schema });
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      // Several instances may start together; the advisory lock lets one migrate while the others wait.
      const lock = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(7283001)`;
        await migratePostgres(db, { migrationsFolder });
        await lock`select pg_advisory_unlock(7283001)`;
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

function connectPglite(dataDir: string): Connection {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

const globalForDb = globalThis as unknown as { __groundworkDb?: Connection };

/** The process-wide connection; kept on globalThis so dev rebuilds reuse it (PGlite is single-process). */
export function getConnection(): Connection {
  if (!globalForDb.__groundworkDb) {
    const env = getEnv();
    globalForDb.__groundworkDb = env.DATABASE_URL
      ? connectPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
      : connectPglite(env.PGLITE_DATA_DIR);
  }
  return globalForDb.__groundworkDb;
}

export function getDb(): Database {
  return getConnection().db;
}

export async function migrateDatabase() {
  await getConnection().migrate();
}

export async function closeDatabase() {
  const connection = globalForDb.__groundworkDb;
  globalForDb.__groundworkDb = undefined;
  await connection?.close();
}

export async function isDatabaseHealthy(): Promise<boolean> {
  try {
    await getDb().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
