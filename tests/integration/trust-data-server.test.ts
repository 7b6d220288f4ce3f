// Issue #53 through the production build on real sockets (needs `npm run build` first), on each database: the
// checkout cookie is sealed, a mail logged without SMTP_URL names no one, and the per-mailbox limit's counters hold
// no address (in PostgreSQL; on PGlite the counters live in the process).
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

describe.each(["pglite", "postgres"] as const)("personal data where it need not be, production build [%s]", (kind) => {
  let app: Awaited<ReturnType<typeof startAppServer>>;
  let database: { name: string; url: string } | undefined;
  beforeAll(async () => {
    if (kind === "postgres") database = await createDatabase("gw_trust_data");
    app = await startAppServer({
      env: {
        ...(database ? { DATABASE_URL: database.url } : {}),
        LOG_LEVEL: "info",
        SMTP_URL: "",
        RATE_LIMIT_PER_EMAIL: "2",
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    if (database) await dropDatabase(database.name);
  });

  it("gw_checkout carries no readable name, e-mail or phone, and step 2 still has them", async () => {
    const email = `sealed.server.${kind}@ruizroofing.com`;
    const phone = "+1 555 010 3131";
    const step1 = await fetch(`${app.baseUrl}/?index&checkout=info`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseUrl },
      body: new URLSearchParams({
        intent: "checkout-info",
        companyName: "Ruiz Roofing",
        fullName: "Ana Ruiz",
        email,
        phone,
        planIds: "scale-master",
      }),
    });
    expect(step1.status).toBe(302);
    const header = step1.headers.getSetCookie().find((cookie) => cookie.startsWith("gw_checkout="))!;
    const value = decodeURIComponent(header.split(";")[0].slice("gw_checkout=".length));
    const decoded = [value, ...value.split(/[.:]/).map((part) => Buffer.from(part, "base64").toString("latin1"))];
    for (const plain of [email, phone, "Ana Ruiz", Buffer.from(email).toString("base64").slice(0, 20)])
      expect(decoded.join("\n"), plain).not.toContain(plain);
    const step2 = await fetch(`${app.baseUrl}/?checkout=plan`, { headers: { Cookie: header.split(";")[0] } });
    expect(step2.status).toBe(200);
    expect(await step2.text()).toContain(email);
  });

  it("a lead's mail, logged without SMTP_URL, names no one; its mailbox's counters hold no address", async () => {
    const mailbox = `loretta.server.${kind}`;
    const statuses: number[] = [];
    for (const email of [`${mailbox}@quill.example`, `${mailbox}+b@quill.example`, `${mailbox}+c@quill.example`]) {
      const response = await fetch(`${app.baseUrl}/api/demo-requests`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Loretta",
          lastName: "Quillfeather",
          email,
          phone: "+1 555 010 8787",
          company: "Quillfeather Gutters",
        }),
      });
      statuses.push(response.status);
    }
    // RATE_LIMIT_PER_EMAIL is 2: one mailbox however it is tagged.
    expect(statuses).toEqual([201, 201, 429]);

    const deadline = Date.now() + 20_000;
    while (!app.output().includes("SMTP_URL not set") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const mailLines = app
      .output()
      .split("\n")
      .filter((line) => line.includes("SMTP_URL not set"));
    expect(mailLines.length).toBeGreaterThan(0);
    expect(JSON.parse(mailLines[0])).toMatchObject({ kind: "new-lead-email", recipient: "sales" });
    for (const personal of ["Loretta", "Quillfeather", mailbox, "quill.example", "5550108787"])
      expect(app.output(), personal).not.toContain(personal);

    if (database) {
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        const keys = (await sql`select key from rate_limit_counters`).map((row) => String(row.key));
        expect(keys.some((key) => key.startsWith("demo:email:"))).toBe(true);
        expect(keys.join("\n")).not.toContain("quill");
      } finally {
        await sql.end({ timeout: 5 });
      }
    }
  });
});
