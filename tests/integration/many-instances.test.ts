// Issue #15's proof: three app processes (the production build under remix-serve, as the Dockerfile runs it)
// started at the same moment on one fresh PostgreSQL database behave as one site. Migrations run once, a rate
// limit holds across the three, each lead is e-mailed once with three outbox workers, a checkout and an admin
// session move between instances, and a SIGKILL under load loses no acknowledged lead. Needs `npm run build`.
import { readdirSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../fakes/smtp-server";
import { spawnApp } from "../support/app-process.mjs";
import { freePort } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

type App = Awaited<ReturnType<typeof spawnApp>>;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

// The limit proven to hold across instances: a small per-mailbox number (every request here comes from one
// loopback client, so the per-client and global limits are lifted).
const PER_EMAIL_LIMIT = 4;
const admin = { username: "fleet-admin", password: "fleet-admin-password-1" };
const runId = Date.now().toString(36);

let database: { name: string; url: string };
let sql: postgres.Sql;
let smtp: Smtp;
let apps: App[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function lead(email: string) {
  return {
    firstName: "Fleet",
    lastName: "Instance",
    email,
    phone: "+1 (555) 010-1515",
    company: "Three Instances Roofing",
    dealVolume: "11-25",
    challenges: "",
  };
}

async function postLead(app: App, email: string, timeoutMs = 30_000) {
  const response = await fetch(`${app.baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(lead(email)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  return response.status;
}

/** A browser's cookie jar, reduced to what these flows need: name=value pairs, replaced as they are set. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (/max-age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A form POST as a browser without JavaScript sends it, to `app`, carrying the jar's cookies. */
async function postForm(app: App, path: string, fields: Array<[string, string]>, jar: CookieJar) {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.baseUrl,
      Cookie: jar.header(),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  jar.take(response);
  return response;
}

async function getPage(app: App, path: string, jar: CookieJar) {
  const response = await fetch(new URL(path, app.baseUrl), { headers: { Cookie: jar.header() }, redirect: "manual" });
  jar.take(response);
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("three instances on one PostgreSQL are one site", () => {
  beforeAll(async () => {
    database = await createDatabase("gw_many_instances");
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    const smtpPort = (await freePort()) as number;
    // Each message is held a moment before it is accepted: a wider window for two workers to (wrongly) both send.
    smtp = await startSmtpServer(smtpPort, { delayMs: 30 });
    const env = {
      DATABASE_URL: database.url,
      // What must be equal across instances (README "Running several instances").
      SESSION_SECRET: "fleet-session-secret-0123456789abcdef0123456789",
      APP_URL: "http://groundwork.localhost",
      TRUST_PROXY: "0",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SALES_EMAIL: "sales-fleet@example.com",
      OUTBOX_WORKER: "on",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_PER_EMAIL: String(PER_EMAIL_LIMIT),
      RATE_LIMIT_PER_CLIENT: "1000000",
      RATE_LIMIT_GLOBAL: "1000000",
      LOG_LEVEL: "info",
    };
    // At the same moment: all three race for the migrations and the first admin.
    apps = await Promise.all([spawnApp({ env }), spawnApp({ env }), spawnApp({ env })]);
    await Promise.all(apps.map((app) => app.waitForHealthy(120_000)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.kill()));
    await smtp?.stop();
    await sql?.end({ timeout: 5 });
    if (database) await dropDatabase(database.name);
  }, 60_000);

  it("applies each migration once while all three start together, and all three serve", async () => {
    const migrationFiles = readdirSync("drizzle").filter((name) => name.endsWith(".sql"));
    const applied = await sql`select hash from drizzle.__drizzle_migrations`;
    expect(applied).toHaveLength(migrationFiles.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(migrationFiles.length);
    // One admin, although each instance was told to create it.
    expect(await sql`select username from users`).toEqual([{ username: admin.username }]);
    for (const app of apps) {
      expect(app.output()).toMatch(/"message":"migrations applied"/);
      expect(app.output()).toMatch(/"rateLimits":"postgres".*"message":"listening"/);
      const health = await fetch(`${app.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", database: "up" });
      const page = await fetch(`${app.baseUrl}/`);
      expect(page.status).toBe(200);
      await page.body?.cancel();
    }
  });

  it(`holds a limit of ${PER_EMAIL_LIMIT} per mailbox across the three (requests round-robin, at once)`, async () => {
    const mailbox = `limit.${runId}@threeinstances.example`;
    const attempts = PER_EMAIL_LIMIT * 3 * 2;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        // One mailbox, each time spelt apart (the per-mailbox key ignores +tags), so each lead's e-mail is told apart.
        postLead(apps[index % 3], mailbox.replace("@", `+${index}@`)),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(PER_EMAIL_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - PER_EMAIL_LIMIT);
    const [{ count }] =
      await sql`select count(*)::int as count from demo_requests where email like ${`limit.${runId}+%`}`;
    expect(count).toBe(PER_EMAIL_LIMIT);
  });

  it("e-mails every lead posted through any instance exactly once, with three outbox workers running", async () => {
    const emails = Array.from({ length: 9 }, (_, index) => `mail.${runId}.${index}@threeinstances.example`);
    const statuses = await Promise.all(emails.map((email, index) => postLead(apps[index % 3], email)));
    expect(statuses).toEqual(emails.map(() => 201));

    const leads = async () =>
      (await sql<{ email: string }[]>`select email from demo_requests`).map((row) => row.email.toLowerCase());
    await waitFor(async () => smtp.messages.length >= (await leads()).length, "an e-mail for every lead");
    // Three workers keep polling (every 2 s); give them rounds to (wrongly) send anything a second time.
    await sleep(5_000);
    const all = await leads();
    expect(smtp.messages).toHaveLength(all.length);
    for (const email of all) {
      const mails = smtp.messages.filter((mail) => mail.body.toLowerCase().includes(email));
      expect(mails, email).toHaveLength(1);
      expect(mails[0].to).toEqual(["sales-fleet@example.com"]);
    }
    const workersThatSent = await sql`select count(*)::int as count from outbox where status = 'delivered'`;
    expect(workersThatSent[0].count).toBe(all.length);
  });

  it("continues a checkout started on A on B and pays it on C; an admin signed in on A is signed in on B", async () => {
    const [a, b, c] = apps;
    const buyer = new CookieJar();
    const company = `Handover Plumbing ${runId}`;
    const info = await postForm(
      a,
      "/?index",
      [
        ["intent", "checkout-info"],
        ["companyName", company],
        ["fullName", "Ana Handover"],
        ["email", `checkout.${runId}@threeinstances.example`],
        ["phone", "+1 555 010 3000"],
        ["planIds", "scale-master"],
        ["billing", "monthly"],
      ],
      buyer,
    );
    expect(info.status).toBe(302);
    expect(info.headers.get("location")).toBe("/?checkout=plan");

    // B reads the state A signed: step 2 shows the buyer's details.
    const planStep = await getPage(b, "/?checkout=plan", buyer);
    expect(planStep.status).toBe(200);
    expect(planStep.html).toContain(company);
    const attemptId = /name="attemptId" value="([\w-]+)"/.exec(planStep.html)?.[1];
    expect(attemptId).toBeTruthy();
    const pay = await postForm(
      b,
      "/?index",
      [
        ["intent", "checkout-pay"],
        ["planIds", "scale-master"],
        ["billing", "monthly"],
        ["attemptId", attemptId!],
      ],
      buyer,
    );
    expect(pay.status).toBe(303);
    const testCheckout = pay.headers.get("location")!;
    expect(testCheckout).toMatch(/^\/checkout\/test\//);

    // C opens the signed test-mode checkout page B sent the buyer to, and takes the payment.
    expect((await getPage(c, testCheckout, buyer)).status).toBe(200);
    const paid = await postForm(c, testCheckout, [["intent", "pay"]], buyer);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(/^\/checkout\/success\?order_id=/);
    const orders = await sql`select status, company_name from orders where attempt_id = ${attemptId!}`;
    expect(orders).toEqual([{ status: "paid", company_name: company }]);

    const operator = new CookieJar();
    const signIn = await postForm(
      a,
      "/admin/login",
      [
        ["username", admin.username],
        ["password", admin.password],
        ["redirectTo", "/admin"],
      ],
      operator,
    );
    expect(signIn.status).toBe(302);
    const onB = await getPage(b, "/admin", operator);
    expect(onB.status).toBe(200);
    expect(onB.html).toContain("Sign out");
    expect(onB.html).toContain(company);
    // Without the cookie B sends the visitor to sign in: it is the session that moved, not an open page.
    const anonymous = await getPage(b, "/admin", new CookieJar());
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
  });

  it("keeps answering when one instance is killed (SIGKILL) under load, and loses no acknowledged lead", async () => {
    const victim = apps[2];
    const survivors = apps.slice(0, 2);
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let sequence = 0;
    let killed = false;
    let acknowledgedAfterKill = 0;

    const worker = async () => {
      // Until the survivors have taken a good number of leads after the kill (no clock involved).
      while (acknowledgedAfterKill < 30) {
        sequence += 1;
        const email = `load.${runId}.${sequence}@threeinstances.example`;
        const app = apps[sequence % 3];
        const afterKill = killed;
        try {
          const status = await postLead(app, email);
          if (status === 201) {
            acknowledged.push(email);
            if (afterKill) acknowledgedAfterKill += 1;
          } else failures.push(`${status} from ${app.baseUrl}`);
        } catch (error) {
          // Only the killed instance may fail to answer.
          if (app !== victim || !killed) failures.push(`${String(error)} from ${app.baseUrl}`);
          await sleep(20);
        }
      }
    };
    const load = Array.from({ length: 9 }, worker);
    await waitFor(() => acknowledged.length >= 30, "leads under load before the kill");
    victim.signal("SIGKILL");
    killed = true;
    await Promise.all(load);
    expect(await victim.exitWithin(10_000)).toMatchObject({ signal: "SIGKILL" });

    expect(failures).toEqual([]);
    for (const app of survivors) {
      const health = await fetch(`${app.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      await health.body?.cancel();
    }
    const rows = await sql<{ email: string }[]>`select email from demo_requests where email like ${`load.${runId}.%`}`;
    const stored = new Set(rows.map((row) => row.email));
    const lost = acknowledged.filter((email) => !stored.has(email));
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
  });
});

// Issue #24: the database chooses the host, so two instances booking one slot at once still give each host at most
// one demo then. Real clocks here (separate processes): the slot is 10:00 Chicago (the default business zone) on
// the first weekday at least two days ahead, inside the default 14-day horizon and far past the 2-hour notice.
describe("two instances on one PostgreSQL book hosts once", () => {
  let hostsDatabase: { name: string; url: string };
  let hostsSql: postgres.Sql;
  let pair: App[] = [];

  /** 10:00 in Chicago on the first Monday–Friday at least two days from now, as a UTC instant (read through Intl). */
  function tenInChicago(): string {
    const parts = (instant: number) =>
      Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone: "America/Chicago",
          weekday: "short",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
          .formatToParts(new Date(instant))
          .map((part) => [part.type, part.value]),
      );
    for (let days = 2; ; days += 1) {
      const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      // Chicago is UTC−6 (CST) or UTC−5 (CDT): 10:00 there is 16:00Z or 15:00Z.
      for (const utcHour of [16, 15]) {
        const instant = Date.parse(`${date}T${utcHour}:00:00Z`);
        const local = parts(instant);
        if (["Sat", "Sun"].includes(local.weekday)) break;
        if (local.hour === "10" && local.minute === "00") return new Date(instant).toISOString();
      }
    }
  }

  beforeAll(async () => {
    hostsDatabase = await createDatabase("gw_two_instances_hosts");
    hostsSql = postgres(hostsDatabase.url, { max: 2, onnotice: () => {} });
    const env = {
      DATABASE_URL: hostsDatabase.url,
      SESSION_SECRET: "hosts-session-secret-0123456789abcdef0123456789",
      APP_URL: "http://groundwork.localhost",
      TRUST_PROXY: "0",
      OUTBOX_WORKER: "off",
      DEMO_HOSTS: "2",
      RATE_LIMIT_PER_EMAIL: "1000000",
      RATE_LIMIT_PER_CLIENT: "1000000",
      RATE_LIMIT_GLOBAL: "1000000",
      LOG_LEVEL: "info",
    };
    pair = await Promise.all([spawnApp({ env }), spawnApp({ env })]);
    await Promise.all(pair.map((app) => app.waitForHealthy(120_000)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(pair.map((app) => app.kill()));
    await hostsSql?.end({ timeout: 5 });
    if (hostsDatabase) await dropDatabase(hostsDatabase.name);
  }, 60_000);

  it("30 concurrent bookings of one slot split across the two, with 2 hosts: exactly 2 booked, on different hosts", async () => {
    const slotStart = tenInChicago();
    const emails = Array.from({ length: 30 }, (_, index) => `slot.${runId}.${index}@twoinstances.example`);
    // Nothing read the hosts yet: both instances seed them on their first booking, at the same moment.
    const responses = await Promise.all(
      emails.map((email, index) =>
        fetch(`${pair[index % 2].baseUrl}/api/demo-requests`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ ...lead(email), slotStart }),
          signal: AbortSignal.timeout(60_000),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(28);
    const booked = bodies.filter((_, index) => statuses[index] === 201);
    expect(booked.map((body) => body.booking.start)).toEqual([slotStart, slotStart]);
    expect(new Set(booked.map((body) => body.booking.host?.name)).size).toBe(2);
    for (const [index, body] of bodies.entries()) {
      if (statuses[index] === 409) {
        expect(body.reason).toBe("slot-taken");
        expect(body.demoRequest.email).toBe(emails[index]);
      }
    }

    // The database: two hosts seeded once, each with exactly one live booking then; every lead stored once.
    expect((await hostsSql`select id from demo_hosts order by id`).map((row) => row.id)).toEqual(["host-1", "host-2"]);
    const live = await hostsSql`
      select host_id from demo_bookings where status = 'booked' and slot_start = ${slotStart}::timestamptz
      order by host_id`;
    expect(live.map((row) => row.host_id)).toEqual(["host-1", "host-2"]);
    const [{ count }] = await hostsSql`
      select count(*)::int as count from demo_requests where email like ${`slot.${runId}.%`}`;
    expect(count).toBe(30);
    // Neither instance offers the slot any more.
    for (const app of pair) {
      const slots = await (await fetch(`${app.baseUrl}/api/demo-slots?from=${slotStart.slice(0, 10)}&days=1`)).json();
      const starts = slots.days.flatMap((day: { slots: { start: string }[] }) => day.slots.map((slot) => slot.start));
      expect(starts).not.toContain(slotStart);
      expect(starts.length).toBeGreaterThan(0);
    }
  });
});
