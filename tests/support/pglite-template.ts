// Vitest globalSetup: one PGlite data directory, made and migrated once per run by the app's own connection code.
// Every PGlite suite (describeWithDatabases) opens a copy of it: copying is much cheaper than initdb and migrations.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { closeDatabase, migrateDatabase } from "~/db/connection.server";
import { forget } from "~/utils/singleton.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite directory the suites copy (tests/support/database.ts); absent when PGlite is not run. */
    pgliteTemplateDir?: string;
  }
}

export default async function setup(project: TestProject) {
  const selected = process.env.TEST_DATABASES ?? project.config.env?.TEST_DATABASES;
  if (selected && !selected.split(",").some((kind) => kind.trim() === "pglite")) return;
  const dir = mkdtempSync(path.join(tmpdir(), "gw-pglite-template-"));
  const saved = { DATABASE_URL: process.env.DATABASE_URL, PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR };
  try {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DATA_DIR = dir;
    forget("env");
    await migrateDatabase();
  } finally {
    await closeDatabase();
    forget("env");
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  project.provide("pgliteTemplateDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
