import postgres from "postgres";

export const defaultAdminUrl = "postgresql://postgres@127.0.0.1:5432/postgres";

/** The server tests make their databases on: TEST_DATABASE_URL, else this machine's local PostgreSQL. */
export function adminUrl() {
  return process.env.TEST_DATABASE_URL || defaultAdminUrl;
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin(run) {
  const selected = process.env.TEST_DATABASES?.split(",").map((kind) => kind.trim());
  if (selected && !selected.includes("postgres")) {
    // Loud, not skipped: a test that needs PostgreSQL belongs in `npm test`, not in the PGlite-only `npm run validate`.
    throw new Error(
      `This test needs PostgreSQL, which TEST_DATABASES=${process.env.TEST_DATABASES} leaves out. ` +
        "Add its file to the exclude list in tests/validate/vitest.config.ts.",
    );
  }
  const sql = postgres(adminUrl(), { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    return await run(sql);
  } catch (error) {
    if (
      error &&
      typeof error === "object" &&
      "code" in error &&
      ["ECONNREFUSED", "CONNECT_TIMEOUT", "ENOTFOUND"].includes(error.code)
    ) {
      throw new Error(
        `PostgreSQL is not reachable at ${adminUrl()} (${error.code}). The PostgreSQL tests need a server: ` +
          "start the local cluster (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL to a database URL " +
          "whose user may CREATE DATABASE.",
      );
    }
    throw error;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Creates an empty database for one test run and returns its URL. */
export async function createDatabase(prefix = "gw_test") {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
  return { name, url: withDatabase(adminUrl(), name) };
}

export async function createNamedDatabase(name) {
  await withAdmin(async (sql) => {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}"`);
  });
  return withDatabase(adminUrl(), name);
}

export async function dropDatabase(name) {
  await withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
}

export function databaseUrl(name) {
  return withDatabase(adminUrl(), name);
}
