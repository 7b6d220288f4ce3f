// `npm start` after `npm run dev` used to serve the development build: every page answered 500 ("jsxDEV is not
// a function") while /healthz said 200. The production server now refuses such a build at start-up.
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp } from "../support/app-process.mjs";

const run = promisify(execFile);
const repo = process.cwd();

describe("the production server and a development build", () => {
  let project: string;
  let dataDir: string;

  beforeAll(async () => {
    // A copy of the project's shape whose build/ is the development build `remix dev` writes, made without
    // touching the repository's own build/ that the other tests serve.
    project = mkdtempSync(path.join(tmpdir(), "gw-dev-build-"));
    for (const entry of ["node_modules", "drizzle", "package.json"])
      symlinkSync(path.join(repo, entry), path.join(project, entry));
    // Copied, not linked: the compiler recognises app modules (and drops *.server files from the browser
    // bundle) by their real path inside the project.
    cpSync(path.join(repo, "app"), path.join(project, "app"), { recursive: true });
    for (const file of ["remix.config.js", "tailwind.config.ts", "tsconfig.json"])
      copyFileSync(path.join(repo, file), path.join(project, file));
    mkdirSync(path.join(project, "public"));
    await run(process.execPath, [path.join(repo, "node_modules/@remix-run/dev/dist/cli.js"), "build", project], {
      cwd: project,
      env: { ...process.env, NODE_ENV: "development" },
      timeout: 120_000,
    });
    dataDir = mkdtempSync(path.join(tmpdir(), "gw-dev-build-data-"));
  }, 180_000);
  afterAll(() => {
    rmSync(project, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to start on it, saying to run npm run build", async () => {
    const app = await spawnApp({ cwd: project, env: { NODE_ENV: "production", PGLITE_DATA_DIR: dataDir } });
    try {
      const exit = await app.exitWithin(30_000);
      expect(exit?.code, app.output()).toBe(1);
      expect(app.output()).toContain("build/ holds a development build (made by `npm run dev`)");
      expect(app.output()).toContain("Run `npm run build`");
      expect(app.output()).not.toContain("[remix-serve]");
    } finally {
      await app.kill();
    }
  });

  it("serves the production build, whose /healthz reports that pages render", async () => {
    const app = await spawnApp({ env: { PGLITE_DATA_DIR: dataDir } });
    try {
      await app.waitForHealthy();
      const health = await fetch(`${app.baseUrl}/healthz`);
      expect(await health.json()).toEqual({ status: "ok", database: "up", rendering: "ok", payments: "simulated" });
      expect((await fetch(`${app.baseUrl}/`)).status).toBe(200);
    } finally {
      await app.kill();
    }
  });
});
