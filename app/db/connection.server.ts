import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { PGlite, type Transaction as PgliteTransaction } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "~/db/schema.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { lockPgliteDirectory } from "~/db/pglite-lock.server";
import { inSpan, tracing } from "~/utils/tracing.server";
import { forget, recall, remember } from "~/utils/singleton.server";

// Both drivers speak the same pg-core dialect; one type keeps every model driver-agnostic.
export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Connection = {
  db: Database;
  kind: "postgres" | "pglite";
  migrate: () => Promise<void>;
  /** Stops taking queries; queries in flight get this long (seconds) before their connections are destroyed. */
  close: (timeoutSeconds?: number) => Promise<void>;
};

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Told the text of every statement a connection sends (BEGIN and COMMIT included). */
export type StatementObserver = (statement: string) => void;

const STATEMENT_OBSERVERS = "database statement observers";

/** Tests only: postgres.js `debug` puts failed queries' parameters on errors. Sees connections opened afterwards. */
export function observeStatements(observer: StatementObserver): () => void {
  const observers = remember(STATEMENT_OBSERVERS, () => new Set<StatementObserver>());
  observers.add(observer);
  return () => observers.delete(observer);
}

function statementHook(): StatementObserver | undefined {
  const observers = recall<Set<StatementObserver>>(STATEMENT_OBSERVERS);
  if (!observers) return undefined;
  return (statement) => {
    for (const observer of observers) observer(statement);
  };
}

/** The statement a PGlite Parse ("P") or simple Query ("Q") message starts; the messages after it belong to it. */
function pgliteStatement(message: Uint8Array): string | undefined {
  const type = String.fromCharCode(message[0] ?? 0);
  if (type !== "P" && type !== "Q") return undefined;
  let start = 5;
  if (type === "P") start = message.indexOf(0, start) + 1; // skip the prepared statement's name
  const end = message.indexOf(0, start);
  return new TextDecoder().decode(message.subarray(start, end < 0 ? undefined : end));
}

/** A statement's span (with tracing on, inside a trace): named by its first word, its text without values. */
function statementSpan<T>(text: string, run: () => Promise<T>): Promise<T> {
  const operation = text.trimStart().split(/\s/, 1)[0].toUpperCase();
  const attributes = { "db.system.name": "postgresql", "db.query.text": text };
  return inSpan(`db ${operation}`, { attributes, kind: "client", onlyInATrace: true }, run);
}

type PendingQuery = ReturnType<postgres.Sql["unsafe"]>;

/** postgres.js runs a query when it is first awaited: its span starts then and ends when it settles. */
function tracedQuery(query: PendingQuery, text: string): PendingQuery {
  const traced: PendingQuery = new Proxy(query, {
    get(target, key) {
      if (key === "then") {
        return (...handlers: Parameters<PendingQuery["then"]>) =>
          statementSpan(text, () => Promise.resolve(target)).then(...handlers);
      }
      if (key === "values") {
        return () => {
          target.values();
          return traced;
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return traced;
}

/** Names every parameterised statement, so each connection plans it once (ADR 0026); the texts are fixed by code. */
function preparingStatements<Client extends postgres.Sql | postgres.TransactionSql>(
  client: Client,
  traced = Boolean(tracing()),
): Client {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (
          query: string,
          parameters?: postgres.ParameterOrJSON<never>[],
          options?: postgres.UnsafeQueryOptions,
        ) => {
          const pending = target.unsafe(query, parameters, { ...options, prepare: true });
          return traced ? tracedQuery(pending, query) : pending;
        };
      }
      if (key === "begin" && "begin" in target) {
        // A transaction's statements go through the client postgres.js hands its callback: prepared alike.
        return (...args: unknown[]) => {
          const callback = args.pop() as (transaction: postgres.TransactionSql) => unknown;
          return (target.begin as (...rest: unknown[]) => unknown)(...args, (transaction: postgres.TransactionSql) =>
            callback(preparingStatements(transaction, traced)),
          );
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

function tracedPglite<Client extends Pick<PGlite, "query"> & Partial<Pick<PGlite, "transaction">>>(
  client: Client,
): Client {
  return new Proxy(client, {
    get(target, key) {
      if (key === "query") {
        return (text: string, ...rest: unknown[]) =>
          statementSpan(text, () => (target.query as (...args: unknown[]) => Promise<unknown>)(text, ...rest));
      }
      if (key === "transaction" && target.transaction) {
        return (callback: (transaction: PgliteTransaction) => Promise<unknown>) =>
          target.transaction!((transaction) => callback(tracedPglite(transaction)));
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Names this process's connections in `pg_stat_activity`, so its pool can be counted there. */
const APPLICATION_NAME = `groundwork ${hostname()} ${process.pid}`.slice(0, 63);

function connectPostgres(url: string, poolSize: number): Connection {
  let closing = false;
  const observe = statementHook();
  const client = postgres(url, {
    max: poolSize,
    connection: { application_name: APPLICATION_NAME },
    // Fail fast when the database is unreachable so visitors get an answer, not a hung request.
    connect_timeout: 5,
    idle_timeout: 30,
    onnotice: () => {},
    ...(observe ? { debug: (_connection: number, statement: string) => observe(statement) } : {}),
    // A closed connection can hang its next query (porsager/postgres#1208): retire the pool rather than reuse it.
    onclose: () => {
      if (!closing) retirePool(connection);
    },
  });
  const db = drizzlePostgres(preparingStatements(client), { schema });
  const connection: Connection = {
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
    close: (timeoutSeconds = 5) => {
      closing = true;
      return client.end({ timeout: timeoutSeconds });
    },
  };
  return connection;
}

function connectPglite(dataDir: string): Connection {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // Two processes on one directory each see only their own writes and leave it unreadable: refuse the second.
  const lock = inMemory ? undefined : lockPgliteDirectory(dataDir);
  let client: PGlite;
  try {
    // btree_gist: the bookings' exclusion constraint (migration 0005) needs it, as on PostgreSQL.
    client = new PGlite(dataDir, { extensions: { btree_gist } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const observe = statementHook();
  if (observe) {
    // Every query and exec of PGlite (inside transactions too) hands its protocol messages to this method.
    const send = client.execProtocolStream.bind(client);
    client.execProtocolStream = (message, options) => {
      const statement = pgliteStatement(message);
      if (statement !== undefined) observe(statement);
      return send(message, options);
    };
  }
  const db = drizzlePglite(tracing() ? tracedPglite(client) : client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close().finally(() => lock?.release()),
  };
}

const CONNECTION = "database connection";
const CLOSED_FOR_GOOD = "database closed for good";

/** The next getConnection() opens a fresh pool; queries in flight on the old one get a moment, then fail. */
function retirePool(stale: Connection) {
  if (recall(CONNECTION) !== stale) return;
  forget(CONNECTION);
  stale.close(1).catch((error: unknown) => logger.warn("a retired database pool did not close cleanly", { error }));
}

/** The process-wide connection; kept on globalThis so dev rebuilds reuse it (PGlite is single-process). */
export function getConnection(): Connection {
  return remember(CONNECTION, () => {
    if (recall(CLOSED_FOR_GOOD)) throw new Error("The database is closed: this process is shutting down.");
    const env = getEnv();
    return env.DATABASE_URL
      ? connectPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
      : connectPglite(env.PGLITE_DATA_DIR);
  });
}

export function getDb(): Database {
  return getConnection().db;
}

/** A moment on the app's clock as a SQL timestamptz (the clock the outbox, bookings and webhooks share). */
export const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The rows of a raw `db.execute()`: postgres.js answers an array of rows, PGlite an object holding them. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** A row of `table` as the driver returns it from raw SQL (snake_case, timestamps as text or Date) → drizzle's row. */
export function rowFromDriver<T>(table: PgTable, raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

export async function migrateDatabase() {
  await getConnection().migrate();
}

/** At shutdown: a late caller gets an error instead of reopening the database (PGlite would write while exiting). */
export async function closeDatabaseForGood() {
  remember(CLOSED_FOR_GOOD, () => true);
  await closeDatabase();
}

export async function closeDatabase() {
  await forget<Connection>(CONNECTION)?.close();
}

export type PoolState = { size: number; inUse: number; idle: number; waitingOnLocks: number };

/** Read from pg_stat_activity: postgres.js publishes no pool counts. This query's own connection is not "in use". */
export async function databasePoolState(): Promise<PoolState | undefined> {
  const env = getEnv();
  if (!env.DATABASE_URL) return undefined;
  const [row] = rowsOf<{ open: number; in_use: number; waiting: number }>(
    await getDb().execute(sql`
      select count(*)::int as open,
        (count(*) filter (where state <> 'idle'))::int - 1 as in_use,
        (count(*) filter (where wait_event_type = 'Lock'))::int as waiting
      from pg_stat_activity where application_name = ${APPLICATION_NAME}`),
  );
  return {
    size: env.DATABASE_POOL_SIZE,
    inUse: row.in_use,
    idle: row.open - row.in_use - 1,
    waitingOnLocks: row.waiting,
  };
}

/** The signature of porsager/postgres#1154 / #1208: socket.write on a socket the driver has already dropped. */
function isClosedSocketWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    error.message.includes("reading 'write'") &&
    /nextWrite[^\n]*postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? "")
  );
}

/**
 * postgres.js can throw from a timer when PostgreSQL goes away (porsager/postgres#1154): its query already failed,
 * so swap the pool rather than exit. Server only: test runners keep their own handlers.
 */
export function survivePostgresClosedSocketWrites() {
  remember("postgres closed-socket guard", () =>
    process.on("uncaughtException", (error) => {
      if (!isClosedSocketWrite(error)) {
        console.error(error);
        process.exit(1);
      }
      logger.error("database connection closed mid-write; replacing the connection pool", { error });
      const stale = recall<Connection>(CONNECTION);
      if (stale?.kind === "postgres") retirePool(stale);
    }),
  );
}
