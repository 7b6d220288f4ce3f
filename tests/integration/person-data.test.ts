// A person's data on request (issue #38): /admin/privacy finds everything held about an e-mail address, exports it as
// one JSON file and erases it in one confirmed action. Paid orders stay (the law keeps them), an audit row with no
// personal data records the erasure, endpoints get a signed `lead.erased` with ids only, and the address can
// request a demo again as a new lead. Through the real routes, on both databases.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb, rowsOf } from "~/db/connection.server";
import { demoRequests, erasureAudit, orders, outbox, webhookEndpoints } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { action as privacyAction, loader as privacyLoader } from "~/routes/admin.privacy";
import { loader as exportLoader } from "~/routes/admin.privacy[.]json";
import { loader as csvLoader } from "~/routes/admin.demo-requests[.]csv";
import { loader as apiLoader } from "~/routes/api.demo-requests";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { describeWithDatabases } from "../support/database";
import { slotAt } from "../support/demo-hosts";
import { setClock } from "~/utils/time/clock.server";
import { args, origin, respond, signIn } from "../support/route-calls";

const address = "Ana.Ruiz@RuizRoofing.com";

function lead(email: string) {
  return {
    firstName: "Ana",
    lastName: "Ruiz",
    email,
    phone: "+1 555 010 2000",
    company: "Ruiz Roofing",
    dealVolume: "11-25" as const,
    challenges: "Leaks",
    submissionId: crypto.randomUUID(),
  };
}

async function order(email: string, status: "paid" | "pending") {
  const [row] = await getDb()
    .insert(orders)
    .values({
      status,
      planIds: ["starter"],
      billingPeriod: "monthly",
      subtotalCents: 4900,
      totalCents: 4900,
      companyName: "Ruiz Roofing",
      fullName: "Ana Ruiz",
      email,
      phone: "+1 555 010 2000",
      provider: "stripe",
      livemode: true,
      attemptId: crypto.randomUUID(),
      paidAt: status === "paid" ? new Date() : null,
    })
    .returning();
  return row!;
}

describeWithDatabases("a person's data on request", (kind) => {
  let cookie: string;
  const get = (path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });
  const erase = (fields: Record<string, string>) =>
    new Request(`${origin}/admin/privacy`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
      body: new URLSearchParams({ intent: "erase", ...fields }),
    });
  const mentions = async () => {
    const [row] = rowsOf<{ count: number }>(
      await getDb().execute(sql`
        select (select count(*) from ${demoRequests} where lower(email) = lower(${address}))::int
          + (select count(*) from ${outbox} where ${outbox.payload}::text ilike ${"%ruizroofing%"})::int as count`),
    );
    return Number(row?.count);
  };

  beforeAll(async () => {
    await createUser(`privacy-${kind}`, "a-long-admin-password-42");
    cookie = await signIn(`privacy-${kind}`, "a-long-admin-password-42");
    await getDb()
      .insert(webhookEndpoints)
      .values({
        url: "https://crm.example.com/hooks",
        eventTypes: ["lead.created", "lead.erased", "order.created"],
        secret: "whsec_unused",
      });
  });

  afterAll(() => setClock(undefined));

  it("finds, exports and erases everything about an address, keeping paid orders and leaving others alone", async () => {
    // Monday 8:00 in Chicago; the demo on Tuesday at 9:00, with one of the two seeded hosts.
    setClock(new Date("2027-02-01T14:00:00Z"));
    const { row: booked, booking } = await createDemoRequest(
      lead(address),
      await slotAt(new Date("2027-02-02T15:00:00Z")),
    );
    expect(booking).toBeDefined();
    await createDemoRequest(lead(address.toLowerCase()));
    const { row: other } = await createDemoRequest(lead("noor@haddadelectric.com"));
    const paid = await order(address, "paid");
    const pending = await order(address.toUpperCase(), "pending");

    const page = (await privacyLoader(args(get(`/admin/privacy?email=${encodeURIComponent(address)}`)))) as Awaited<
      ReturnType<typeof privacyLoader>
    >;
    expect(page.lookup.state).toBe("found");
    if (page.lookup.state !== "found") return;
    const held = page.lookup.export;
    expect(held.leads).toHaveLength(2);
    expect(held.leads.map((row) => [row.id, row.bookings.length])).toEqual([
      [booked.id, 1],
      [expect.any(String), 0],
    ]);
    expect(held.orders.map((row) => [row.id, row.keptUntil !== null])).toEqual([
      [paid.id, true],
      [pending.id, false],
    ]);
    expect(held.messages).toBeGreaterThanOrEqual(3);

    const download = await respond(() =>
      exportLoader(args(get(`/admin/privacy.json?email=${encodeURIComponent(address)}`))),
    );
    expect(download.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = await download.json();
    expect(exported.leads.map((row: { email: string }) => row.email.toLowerCase())).toEqual([
      address.toLowerCase(),
      address.toLowerCase(),
    ]);
    expect(exported.note).toMatch(/law requires us to keep/);
    const badExport = await respond(() => exportLoader(args(get("/admin/privacy.json?email=not-an-address"))));
    expect(badExport.status).toBe(400);

    // Not confirmed: nothing happens, and the form says why.
    const refused = await respond(() => privacyAction(args(erase({ email: address }))));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.confirm).toMatch(/Tick the box/);
    expect(await getDb().select().from(erasureAudit)).toHaveLength(0);

    const erased = await respond(() => privacyAction(args(erase({ email: address, confirm: "yes" }))));
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toBe("/admin/privacy");

    // The database, the CSV and the JSON API no longer hold the address; the paid order stays, the pending one went.
    expect(await mentions()).toBe(0);
    expect(
      (
        await getDb()
          .select()
          .from(orders)
          .where(sql`lower(${orders.email}) = lower(${address})`)
      ).map((row) => row.id),
    ).toEqual([paid.id]);
    const csv = await (await respond(() => csvLoader(args(get("/admin/demo-requests.csv"))))).text();
    expect(csv.toLowerCase()).not.toContain("ruizroofing");
    expect(csv).toContain("noor@haddadelectric.com");
    const api = await (
      await respond(() => apiLoader(args(get(`/api/demo-requests?q=${encodeURIComponent(address)}`))))
    ).json();
    expect(api.items).toEqual([]);
    expect(await getDb().select().from(demoRequests).where(eq(demoRequests.id, other.id))).toHaveLength(1);

    const [audit] = await getDb().select().from(erasureAudit);
    expect(audit).toMatchObject({ erasedBy: `privacy-${kind}`, leads: 2, bookings: 1, ordersErased: 1, ordersKept: 1 });
    expect(audit!.messages).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit).toLowerCase()).not.toMatch(/ruiz|ana|@/);

    const notices = await getDb()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'event'->>'type' = 'lead.erased'`);
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      const { event } = notice.payload as { event: { data: Record<string, unknown> } };
      expect(Object.keys(event.data).sort()).toEqual(["erasedAt", "id"]);
      expect(held.leads.map((row) => row.id)).toContain(event.data.id);
    }

    // The address is a stranger again: a new request makes a new lead.
    await forgetAttempts(limitRules.demoEmail, address);
    const { row: again, created } = await createDemoRequest(lead(address));
    expect(created).toBe(true);
    expect(held.leads.map((row) => row.id)).not.toContain(again.id);
  });
});
