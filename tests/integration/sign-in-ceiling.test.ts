// A ceiling on failed sign-ins per username (issue #53, ADR 0054), through the production server on both databases:
// 1,000 wrong passwords for the admin's username from 200 addresses (TRUST_PROXY=1, one X-Forwarded-For each, five
// guesses apiece, within every per-client limit) get at most the ceiling of real password checks, counted by the
// server's own metric; a right password from a new address is refused too while the ceiling holds, and the owner
// signs in from a browser that signed in before. Needs `npm run build` first.
import pLimit from "p-limit";
import { expect, it } from "vitest";
import { closeDatabase } from "~/db/connection.server";
import { freePort, startAppServer } from "../support/app-server.mjs";
import { describeWithDatabases, type DatabaseKind } from "../support/database";
import { parseExposition, sampleValue } from "../support/metrics";

const owner = { username: "ceiling-owner", password: "ceiling-owner-password-1" };
// The defaults: LOGIN_RATE_LIMIT (5) per client and per username, in a RATE_LIMIT_WINDOW_SECONDS window.
const ceiling = 5;
const addresses = 200;
const guessesPerAddress = 5;

describeWithDatabases("a ceiling on failed sign-ins per username", (kind: DatabaseKind) => {
  it("1,000 guesses from 200 addresses get at most the ceiling of password checks; the owner still gets in", async () => {
    await closeDatabase();
    const metricsPort = await freePort();
    for (const name of Object.keys(process.env)) {
      if (/^(RATE_LIMIT_|LOGIN_RATE_LIMIT)/.test(name)) delete process.env[name];
    }
    const server = await startAppServer({
      env: {
        ...(kind === "postgres"
          ? { DATABASE_URL: process.env.DATABASE_URL }
          : { PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR }),
        ADMIN_USERNAME: owner.username,
        ADMIN_PASSWORD: owner.password,
        TRUST_PROXY: "1",
        METRICS_PORT: String(metricsPort),
        OUTBOX_WORKER: "off",
        // A window longer than the flood takes on a slow machine, so one window's ceiling is what is counted.
        RATE_LIMIT_WINDOW_SECONDS: "600",
      },
    });
    const signIn = async (password: string, address: string, cookie = "") => {
      const response = await fetch(`${server.baseUrl}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.baseUrl,
          "X-Forwarded-For": address,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams({ ...owner, password, redirectTo: "/admin" }),
      });
      await response.arrayBuffer();
      const cookies = response.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      return { status: response.status, cookies };
    };
    const passwordChecks = async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      return sampleValue(parseExposition(text), "groundwork_admin_password_checks_total");
    };
    try {
      // The owner's browser signs in once before the flood, and keeps its cookies.
      const before = await signIn(owner.password, "192.0.2.10");
      expect(before.status).toBe(302);
      const checksBefore = await passwordChecks();

      // No more at once than the sign-in queue holds, so every guess meets the limits rather than the busy answer.
      const limit = pLimit(6);
      const statuses: Record<number, number> = {};
      await Promise.all(
        Array.from({ length: addresses * guessesPerAddress }, (_, i) =>
          limit(async () => {
            const address = `10.53.${Math.floor((i % addresses) / 250)}.${(i % addresses) % 250}`;
            const { status } = await signIn(`wrong-guess-${i}`, address);
            statuses[status] = (statuses[status] ?? 0) + 1;
          }),
        ),
      );
      const checks = (await passwordChecks()) - checksBefore;
      console.log(`[${kind}] 1,000 guesses from ${addresses} addresses: ${checks} password checks, answers`, statuses);
      expect(checks).toBeLessThanOrEqual(ceiling);
      expect(Object.keys(statuses).sort()).toEqual(["401", "429"]);
      expect(statuses[401]).toBe(checks);

      // While the ceiling holds, even the right password from a browser never signed in is refused, unchecked.
      expect((await signIn(owner.password, "198.51.100.7")).status).toBe(429);
      // The owner's browser that signed in before gets in, from any address.
      expect((await signIn(owner.password, "198.51.100.8", before.cookies)).status).toBe(302);
      expect(await passwordChecks()).toBe(checksBefore + checks + 1);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
