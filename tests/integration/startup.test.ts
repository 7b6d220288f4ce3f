import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer } from "../support/app-server.mjs";

// These start the production build (`npm run build` first) the way an operator does, and read what it says.
// Each server gets its own PGlite directory and free port.

type LogLine = { message: string; level: string } & Record<string, unknown>;

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

function requireBuild() {
  if (!existsSync("build/server/index.js"))
    throw new Error("build/server/index.js is missing: run `npm run build` first");
}

/** Only what a shell would pass: the test runner's own NODE_ENV, LOG_LEVEL and APP_URL stay out. */
function cleanEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env };
}

/** Resolves when the child exits; `onOutput` sees every chunk as it arrives. */
function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env: Record<string, string>; onOutput?: (all: string) => void },
) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env as NodeJS.ProcessEnv,
    stdio: "pipe",
    detached: true,
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(output);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
  return {
    exited,
    output: () => output,
    /** Stops the whole process group (npm runs node under a shell). */
    stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
      return exited;
    },
  };
}

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitFor<T>(what: string, read: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("APP_URL follows PORT when it is not set", () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    requireBuild();
    server = await startAppServer({ env: { APP_URL: undefined, LOG_LEVEL: "info" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the canonical link, the test-mode checkout URL and the no-JS checkout redirect use the port it listens on", async () => {
    const origin = `http://localhost:${server.port}`;
    expect(server.port).not.toBe(3000);

    const page = await (await fetch(`${origin}/`)).text();
    expect(page).toContain(`<link rel="canonical" href="${origin}/"/>`);

    const userInfo = {
      companyName: "Ruiz Roofing",
      fullName: "Ana Ruiz",
      email: "ana@ruizroofing.com",
      phone: "+1 555 010 2000",
    };
    const api = await fetch(`${origin}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({
        planIds: ["scale-master"],
        planNames: ["Scale Master"],
        amount: 397,
        isAnnual: false,
        couponCode: "",
        userInfo,
      }),
    });
    expect(api.status).toBe(200);
    const created = (await api.json()) as { url: string; orderId: string };
    const checkoutUrl = new URL(created.url);
    expect(checkoutUrl.origin).toBe(origin);
    expect(checkoutUrl.pathname).toBe(`/checkout/test/${created.orderId}`);
    expect((await fetch(checkoutUrl)).status).toBe(200);

    // Without JavaScript: step 1 (details) stores the info in a cookie, Complete Order answers 303 to the checkout.
    const post = (fields: Record<string, string>, cookie?: string) =>
      fetch(`${origin}/?index`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields),
      });
    const info = await post({
      intent: "checkout-info",
      ...userInfo,
      email: "ana.nojs@ruizroofing.com",
      planIds: "scale-master",
      billing: "monthly",
    });
    expect(info.status).toBe(302);
    const cookie = info.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const pay = await post(
      { intent: "checkout-pay", planIds: "scale-master", billing: "monthly", attemptId: crypto.randomUUID() },
      cookie,
    );
    expect(pay.status).toBe(303);
    const location = new URL(pay.headers.get("Location")!, `${origin}/`);
    expect(location.origin).toBe(origin);
    expect(location.pathname).toMatch(/^\/checkout\/test\/[\w-]+$/);
    expect((await fetch(location)).status).toBe(200);
  });

  it("warns at start-up in production that APP_URL is not set, naming the URL it uses instead", () => {
    const warning = logLines(server.output()).find(
      (line) => line.level === "warn" && line.message.startsWith("APP_URL is not set"),
    );
    expect(warning?.message).toContain(`http://localhost:${server.port}`);
  });
});

describe("start-up messages of the production server", () => {
  it("says it applies the migrations, which payment mode is on, and 'listening' only once the port accepts connections", async () => {
    requireBuild();
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "gw-startup-"));
    let connectedWhenAnnounced: Promise<boolean> | undefined;
    const child = runProcess(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"], {
      env: cleanEnv({ NODE_ENV: "production", LOG_LEVEL: "info", PORT: String(port), PGLITE_DATA_DIR: dataDir }),
      // Checked the moment the line appears: the claim must already be true.
      onOutput: (all) => {
        if (!connectedWhenAnnounced && all.includes('"message":"listening"')) connectedWhenAnnounced = canConnect(port);
      },
    });
    try {
      const announced = await waitFor("the listening line", () => connectedWhenAnnounced);
      expect(await announced).toBe(true);
      const lines = logLines(child.output());
      const messages = lines.map((line) => line.message);
      expect(messages.indexOf("applying migrations")).toBeGreaterThanOrEqual(0);
      expect(messages.indexOf("migrations applied")).toBeGreaterThan(messages.indexOf("applying migrations"));
      expect(messages.indexOf("listening")).toBeGreaterThan(messages.indexOf("migrations applied"));
      expect(child.output()).not.toContain("server ready");
      const listening = lines.find((line) => line.message === "listening")!;
      expect(listening).toMatchObject({
        url: `http://localhost:${port}`,
        appUrl: `http://localhost:${port}`,
        database: "pglite",
      });
      expect(listening.payments).toMatch(/^test mode \(STRIPE_SECRET_KEY is not set\)/);
    } finally {
      await child.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("without PORT, when 3000 is taken, APP_URL follows the port remix-serve picks instead", async () => {
    requireBuild();
    // Hold 3000 (unless someone else already does): either way remix-serve must pick another port.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.once("error", () => resolve()).listen(3000, () => resolve()));
    const dataDir = mkdtempSync(path.join(tmpdir(), "gw-startup-"));
    const child = runProcess(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"], {
      env: cleanEnv({ NODE_ENV: "production", LOG_LEVEL: "info", PGLITE_DATA_DIR: dataDir }),
    });
    try {
      const listening = await waitFor("the listening line", () =>
        logLines(child.output()).find((line) => line.message === "listening"),
      );
      const port = Number(new URL(String(listening.url)).port);
      expect(port).not.toBe(3000);
      expect(listening.appUrl).toBe(`http://localhost:${port}`);
      const page = await (await fetch(`http://localhost:${port}/`)).text();
      expect(page).toContain(`<link rel="canonical" href="http://localhost:${port}/"/>`);
    } finally {
      await child.stop();
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("names Stripe Checkout as the payment mode when a secret key is set", async () => {
    requireBuild();
    const server = await startAppServer({ env: { LOG_LEVEL: "info", STRIPE_SECRET_KEY: "sk_test_startup" } });
    try {
      const listening = await waitFor("the listening line", () =>
        logLines(server.output()).find((line) => line.message === "listening"),
      );
      expect(listening.payments).toBe("Stripe Checkout, test keys: no card is charged, no order is revenue");
    } finally {
      await server.stop();
    }
  });

  /** Starts the production server with `settings` and returns how it exited and what it printed. */
  async function refusedStart(settings: Record<string, string>) {
    requireBuild();
    const dataDir = mkdtempSync(path.join(tmpdir(), "gw-startup-"));
    const child = runProcess(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"], {
      env: cleanEnv({ NODE_ENV: "production", PORT: String(await freePort()), PGLITE_DATA_DIR: dataDir, ...settings }),
    });
    try {
      return await child.exited;
    } finally {
      await child.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it.each(["pk_test_123", "whsec_123", "not-a-key"])(
    "refuses STRIPE_SECRET_KEY=%s at start-up with a message naming the variable",
    async (key) => {
      const { code, output } = await refusedStart({ STRIPE_SECRET_KEY: key });
      expect(code).not.toBe(0);
      expect(output).toContain("STRIPE_SECRET_KEY: must be a Stripe secret key");
      expect(output).not.toContain(key);
    },
  );

  it.each([
    [
      { WEBHOOK_URL: "http://crm.example.com/hooks" },
      "WEBHOOK_URL: The URL must start with https:// (plain http is not allowed in production).",
    ],
    [
      { WEBHOOK_URL: "https://crm.example.com/hooks", WEBHOOK_SECRET: "not-a-secret" },
      "WEBHOOK_SECRET: must be a Standard Webhooks secret",
    ],
    [
      { WEBHOOK_URL: "https://crm.example.com/hooks", WEBHOOK_SECRET: "" },
      "WEBHOOK_SECRET: WEBHOOK_URL and WEBHOOK_SECRET go together.",
    ],
  ])("refuses a webhook setting (%j) in production at start-up with a message naming it", async (settings, message) => {
    const { code, output } = await refusedStart({
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      ...settings,
    });
    expect(code).not.toBe(0);
    expect(output).toContain(message);
  });
});

// A copy of the project's layout (package.json, and links to the build and its dependencies) in a temporary
// directory, so that the real npm scripts can be run with a .env file without touching the developer's own.
describe("npm start and the scripts read .env like npm run dev", () => {
  let project: string;
  beforeAll(() => {
    requireBuild();
    project = mkdtempSync(path.join(tmpdir(), "gw-dotenv-"));
    copyFileSync("package.json", path.join(project, "package.json"));
    for (const entry of ["build", "node_modules", "public", "scripts", "drizzle"]) {
      symlinkSync(path.resolve(entry), path.join(project, entry));
    }
    mkdirSync(path.join(project, "data"));
  });
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const writeDotEnv = (values: Record<string, string>) =>
    writeFileSync(
      path.join(project, ".env"),
      Object.entries(values)
        .map(([key, value]) => `${key}=${value}\n`)
        .join(""),
    );

  it("npm run db:migrate and npm run admin:create use .env's database and do not claim a server is ready", async () => {
    const dataDir = path.join(project, "data", "from-dotenv");
    writeDotEnv({ PGLITE_DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "production" });

    const migrate = await runProcess("npm", ["run", "--silent", "db:migrate"], { cwd: project, env: cleanEnv({}) })
      .exited;
    expect(migrate.code).toBe(0);
    expect(existsSync(dataDir)).toBe(true);
    const messages = logLines(migrate.output).map((line) => line.message);
    expect(messages).toEqual(expect.arrayContaining(["applying migrations", "migrations applied"]));
    expect(migrate.output).not.toMatch(/server ready|"listening"/);

    const admin = await runProcess("npm", ["run", "--silent", "admin:create", "--", "dotenv-admin"], {
      cwd: project,
      env: cleanEnv({ ADMIN_PASSWORD: "a-long-dotenv-password" }),
    }).exited;
    expect(admin.output).toContain('Admin "dotenv-admin" created.');
    expect(admin.code).toBe(0);
    expect(admin.output).not.toMatch(/server ready|"listening"/);
  });

  it("npm start listens on .env's PORT, and a variable set in the shell wins over .env", async () => {
    const port = await freePort();
    writeDotEnv({
      PORT: String(port),
      PGLITE_DATA_DIR: path.join(project, "data", "start"),
      LOG_LEVEL: "warn",
      BRAND_NAME: "FromDotEnv",
    });
    const child = runProcess("npm", ["start", "--silent"], {
      cwd: project,
      env: cleanEnv({ NODE_ENV: "production", BRAND_NAME: "FromShell" }),
    });
    try {
      const page = await waitFor("the server on .env's PORT", () =>
        child.output().includes(`localhost:${port}`) ? true : undefined,
      );
      expect(page).toBe(true);
      const html = await (await fetch(`http://localhost:${port}/`)).text();
      expect(html).toContain("FromShell");
      expect(html).not.toContain("FromDotEnv");
    } finally {
      await child.stop();
    }
  });
});
