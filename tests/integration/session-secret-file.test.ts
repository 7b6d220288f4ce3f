// Links that survive (issue #38, ADR 0043): with no SESSION_SECRET, the secret made on the first start is kept in
// SESSION_SECRET_FILE, so a manage link e-mailed before a restart still opens after it, and on a second instance
// that shares the file and the database. The production build, started as `npm start` starts it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/utils/env.server";
import { forget } from "~/utils/singleton.server";
import { startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

type AppServer = Awaited<ReturnType<typeof startAppServer>>;

describe("SESSION_SECRET_FILE", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gw-session-secret-"));
  const saved = { secret: process.env.SESSION_SECRET, file: process.env.SESSION_SECRET_FILE };
  afterAll(() => {
    for (const [key, value] of [
      ["SESSION_SECRET", saved.secret],
      ["SESSION_SECRET_FILE", saved.file],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    forget("env");
    rmSync(dir, { recursive: true, force: true });
  });
  const envWithFile = (file: string) => {
    delete process.env.SESSION_SECRET;
    process.env.SESSION_SECRET_FILE = file;
    forget("env");
    return getEnv();
  };

  it("is made once, readable by its owner only, and read back on every later start", () => {
    const file = path.join(dir, "nested", "session-secret");
    const first = envWithFile(file);
    expect(first.sessionSecretSource).toBe("SESSION_SECRET_FILE");
    expect(first.sessionSecrets).toEqual([readFileSync(file, "utf8").trim()]);
    expect(first.sessionSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(envWithFile(file).sessionSecrets).toEqual(first.sessionSecrets);
  });

  it("a file too short to be a secret, or a place no file can be made, fails start-up saying what to do", () => {
    const short = path.join(dir, "short");
    writeFileSync(short, "tooshort\n");
    expect(() => envWithFile(short)).toThrow(/SESSION_SECRET_FILE: .*short holds fewer than 32 characters/);
    const blocked = path.join(short, "session-secret");
    expect(() => envWithFile(blocked)).toThrow(/SESSION_SECRET_FILE: cannot keep a secret in .* \(ENOTDIR\)/);
  });

  it("SESSION_SECRET, when set, is used and no file is made", () => {
    process.env.SESSION_SECRET = "set-session-secret-0123456789abcdef0123456789";
    process.env.SESSION_SECRET_FILE = path.join(dir, "unused");
    forget("env");
    expect(getEnv().sessionSecretSource).toBe("SESSION_SECRET");
    expect(() => statSync(path.join(dir, "unused"))).toThrow();
  });
});

describe("a manage link without SESSION_SECRET, across a restart and a second instance", () => {
  let database: { name: string; url: string };
  const dir = mkdtempSync(path.join(tmpdir(), "gw-session-secret-servers-"));
  const servers: AppServer[] = [];
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    database = await createDatabase("gw_session_secret_file");
    env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: undefined,
      SESSION_SECRET_FILE: path.join(dir, "session-secret"),
      OUTBOX_WORKER: "off",
      RATE_LIMIT_PER_CLIENT: "1000",
      RATE_LIMIT_PER_EMAIL: "1000",
      RATE_LIMIT_GLOBAL: "1000",
    };
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropDatabase(database.name);
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens after the restart and on the other instance; an altered link does not", async () => {
    const first = await startAppServer({ env });
    servers.push(first);
    const slots = await (await fetch(`${first.baseUrl}/api/demo-slots?days=14`)).json();
    const slotStart: string = slots.days.flatMap((day: { slots: { start: string }[] }) => day.slots)[0].start;
    const booked = await fetch(`${first.baseUrl}/api/demo-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Noor",
        lastName: "Haddad",
        email: "noor@haddadelectric.com",
        phone: "+1 (555) 010-3131",
        company: "Haddad Electric",
        dealVolume: "11-25",
        challenges: "",
        slotStart,
      }),
    });
    expect(booked.status).toBe(201);
    const managePath = new URL((await booked.json()).booking.manageUrl).pathname;
    expect((await fetch(`${first.baseUrl}${managePath}`)).status).toBe(200);

    await servers.pop()!.stop();
    const [restarted, second] = await Promise.all([startAppServer({ env }), startAppServer({ env })]);
    servers.push(restarted, second);
    for (const server of servers) {
      const page = await fetch(`${server.baseUrl}${managePath}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`id="reschedule-heading"`);
    }
    const altered = managePath.slice(0, -1) + (managePath.endsWith("A") ? "B" : "A");
    expect((await fetch(`${second.baseUrl}${altered}`)).status).toBe(404);
  });
});
