import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

// The script loads the production build, as it does for operators: `npm run build` must have run.
function run(args: string[], env: Record<string, string>) {
  if (!existsSync("build/server/index.js"))
    throw new Error("build/server/index.js is missing: run `npm run build` first");
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/admin-create.js", ...args], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run admin:create", () => {
  let database: { name: string; url: string };
  let pgliteDir: string;
  beforeAll(async () => {
    database = await createDatabase("gw_admin_create");
    pgliteDir = mkdtempSync(path.join(tmpdir(), "gw-admin-create-"));
  });
  afterAll(async () => {
    await dropDatabase(database.name);
    rmSync(pgliteDir, { recursive: true, force: true });
  });

  it("creates an admin on PostgreSQL with an argon2id hash, refuses a duplicate, resets a password", async () => {
    const env = { DATABASE_URL: database.url };
    const created = await run(["Alice"], { ...env, ADMIN_PASSWORD: "first-password-123" });
    expect(created.output).toContain('Admin "alice" created.');
    expect(created.code).toBe(0);
    expect(created.output).not.toContain("PGlite");

    const again = await run(["alice"], { ...env, ADMIN_PASSWORD: "another-password-1" });
    expect(again.code).toBe(1);
    expect(again.output).toContain(
      'an admin named "alice" already exists. To set a new password, add --reset-password.',
    );

    // A signed-in session of alice's (as the sign-in page stores it) must end with the reset.
    const sessions = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await sessions`insert into admin_sessions (token_hash, user_id, expires_at) select ${"f".repeat(64)}, id, now() + interval '1 hour' from users where username = 'alice'`;
      const reset = await run(["alice", "--reset-password"], { ...env, ADMIN_PASSWORD: "second-password-456" });
      expect(reset.code).toBe(0);
      expect(await sessions`select token_hash from admin_sessions`).toHaveLength(0);
    } finally {
      await sessions.end({ timeout: 5 });
    }

    const weak = await run(["bob"], { ...env, ADMIN_PASSWORD: "short" });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain("at least 12 characters");

    const noPassword = await run(["carol"], env);
    expect(noPassword.code).toBe(1);
    expect(noPassword.output).toContain("set ADMIN_PASSWORD");

    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select username, password from users order by username`;
      expect(rows.map((row) => row.username)).toEqual(["alice"]);
      expect(rows[0].password).toMatch(/^\$argon2id\$/);
      expect(await verify(rows[0].password, "second-password-456")).toBe(true);
      expect(await verify(rows[0].password, "first-password-123")).toBe(false);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("with PGlite says plainly that the server must be stopped first", async () => {
    const result = await run(["dave"], { PGLITE_DATA_DIR: pgliteDir, ADMIN_PASSWORD: "pglite-password-789" });
    expect(result.output).toContain("Stop the server first: a PGlite data directory can be opened by one process only");
    expect(result.output).toContain('Admin "dave" created.');
    expect(result.code).toBe(0);
  });
});
