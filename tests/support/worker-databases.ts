import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { getDb, type Database } from "~/db/connection.server";
import * as schema from "~/db/schema.server";
import type { DatabaseKind } from "./database";

/**
 * Databases for `count` outbox workers running side by side: on PostgreSQL each has its own pool, as separate server
 * instances would (so SKIP LOCKED is between them); on PGlite, the one embedded connection. `close` ends the pools.
 */
export function workerDatabases(kind: DatabaseKind, count = 2): { databases: Database[]; close: () => Promise<void> } {
  const clients: postgres.Sql[] = [];
  const databases = Array.from({ length: count }, () => {
    if (kind === "pglite") return getDb();
    const client = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
    clients.push(client);
    return drizzle(client, { schema }) as Database;
  });
  return {
    databases,
    close: async () => void (await Promise.all(clients.map((client) => client.end({ timeout: 5 })))),
  };
}
