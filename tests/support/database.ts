import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { closeDatabase, getConnection, migrateDatabase } from "~/db/connection.server";
import { createDatabase, dropDatabase } from "./postgres.mjs";
import { forget } from "~/utils/singleton.server";

export type DatabaseKind = "pglite" | "postgres";

function resetSingletons() {
  // The app parses env and opens its connection once per process; tests switch databases between suites.
  forget("env");
  forget("toast");
}

/**
 * The databases the suites run on: both unless TEST_DATABASES names some. `npm run validate` sets
 * TEST_DATABASES=pglite; `npm test` sets nothing, so there every suite runs on both and a missing PostgreSQL fails.
 */
export function selectedDatabases(): DatabaseKind[] {
  const value = process.env.TEST_DATABASES?.trim();
  if (!value) return ["pglite", "postgres"];
  const kinds = value.split(",").map((kind) => kind.trim());
  for (const kind of kinds) {
    if (kind !== "pglite" && kind !== "postgres") {
      throw new Error(`TEST_DATABASES: unknown database "${kind}"; use pglite, postgres or both, comma-separated.`);
    }
  }
  return kinds as DatabaseKind[];
}

/**
 * A PGlite data directory of this suite's own, already migrated: a copy of the one tests/support/pglite-template.ts
 * made for this run. Without that (a config with no globalSetup), PGlite in memory, migrated by the suite.
 */
function pgliteDataDir(): string {
  const template = inject("pgliteTemplateDir");
  if (!template) return "memory://";
  const dir = mkdtempSync(path.join(tmpdir(), "gw-pglite-suite-"));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Runs the same suite against embedded PGlite (a copy of a migrated data directory) and a fresh PostgreSQL
 * database, migrated with the project's migrations. A missing PostgreSQL fails the suite with a message saying how to point at one.
 */
export function describeWithDatabases(
  name: string,
  suite: (kind: DatabaseKind) => void,
  env: Record<string, string> = {},
  /** For a behaviour one database alone has (e.g. PostgreSQL's prepared statements): no suite for the other. */
  only?: DatabaseKind,
) {
  for (const kind of selectedDatabases().filter((selected) => !only || selected === only)) {
    describe(`${name} [${kind}]`, () => {
      let postgresName: string | undefined;
      let pgliteDir: string | undefined;
      beforeAll(async () => {
        await closeDatabase();
        resetSingletons();
        Object.assign(process.env, env);
        if (kind === "postgres") {
          const created = await createDatabase();
          postgresName = created.name;
          process.env.DATABASE_URL = created.url;
        } else {
          delete process.env.DATABASE_URL;
          process.env.PGLITE_DATA_DIR = pgliteDataDir();
          if (process.env.PGLITE_DATA_DIR !== "memory://") pgliteDir = process.env.PGLITE_DATA_DIR;
        }
        await migrateDatabase();
        if (getConnection().kind !== kind) throw new Error(`expected a ${kind} connection`);
      });
      afterAll(async () => {
        await closeDatabase();
        resetSingletons();
        if (postgresName) await dropDatabase(postgresName);
        if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
        delete process.env.DATABASE_URL;
      });
      suite(kind);
    });
  }
}
