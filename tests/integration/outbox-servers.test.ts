import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../fakes/smtp-server";
import { freePort, startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

type AppServer = Awaited<ReturnType<typeof startAppServer>>;

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function postLead(server: AppServer, email: string) {
  const response = await fetch(`${server.baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Sam",
      lastName: "Okafor",
      email,
      phone: "555 010 9000",
      company: "Okafor HVAC",
      dealVolume: "1-10",
      challenges: "",
    }),
  });
  expect(response.status).toBe(201);
}

// The production build, as deployed: the worker runs inside remix-serve, started by startServer().
describe("new-lead e-mail from running servers on one PostgreSQL", () => {
  let database: { name: string; url: string };
  let smtpPort: number;
  const servers: AppServer[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createDatabase("gw_outbox_servers");
    smtpPort = (await freePort()) as number;
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SALES_EMAIL: "sales-servers@example.com",
      // Every request comes from one loopback client.
      RATE_LIMIT_PER_CLIENT: "1000",
      RATE_LIMIT_PER_EMAIL: "1000",
      RATE_LIMIT_GLOBAL: "1000",
    };
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropDatabase(database.name);
  });

  it("two server instances deliver each lead's e-mail exactly once", async () => {
    const smtp = await startSmtpServer(smtpPort, { delayMs: 30 });
    try {
      servers.push(await startAppServer({ env }), await startAppServer({ env }));
      const emails = Array.from({ length: 10 }, (_, index) => `servers-${index}@okaforhvac.com`);
      await Promise.all(emails.map((email, index) => postLead(servers[index % 2], email)));
      await waitFor(() => smtp.messages.length >= emails.length, "ten e-mails");
      // Both workers keep polling; give them a few more rounds to (wrongly) send anything twice.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect(smtp.messages).toHaveLength(emails.length);
      for (const email of emails) {
        const mails = smtp.messages.filter((mail) => mail.body.includes(email));
        expect(mails, email).toHaveLength(1);
        expect(mails[0].to).toEqual(["sales-servers@example.com"]);
      }
    } finally {
      await smtp.stop();
    }
  });

  it("a lead sent while the mail server is down is accepted at once and delivered after a restart", async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    const first = await startAppServer({ env });
    servers.push(first);
    await postLead(first, "outage@okaforhvac.com");
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const attempted = async () => {
        const [row] =
          await sql`select o.status, o.attempts, o.last_error from outbox o join demo_requests d on d.id = o.payload->>'demoRequestId' where d.email = 'outage@okaforhvac.com'`;
        return row;
      };
      // attempts rises when a worker claims the row, last_error once the SMTP attempt has failed: wait for the latter.
      await waitFor(async () => (await attempted())?.last_error != null, "a failed attempt");
      expect(await attempted()).toMatchObject({ status: "pending" });
      expect((await attempted()).last_error).toMatch(/ECONNREFUSED|connect/i);

      // The process goes away with the mail still pending; a new one picks it up once SMTP is back.
      await servers.pop()!.stop();
      const smtp = await startSmtpServer(smtpPort);
      try {
        servers.push(await startAppServer({ env }));
        await waitFor(async () => (await attempted()).status === "delivered", "delivery after restart");
        expect(smtp.messages.filter((mail) => mail.body.includes("outage@okaforhvac.com"))).toHaveLength(1);
      } finally {
        await smtp.stop();
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
