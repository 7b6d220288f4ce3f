import { desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { demoRequests, orders, users } from "~/db/schema.server";
import { getConnection, getDb, migrateDatabase } from "~/db/connection.server";
import { probeDatabase } from "~/db/readiness.server";
import { describeWithDatabases } from "../support/database";

describeWithDatabases("database layer", (kind) => {
  it(`runs the migrations and answers on ${kind}`, async () => {
    expect(getConnection().kind).toBe(kind);
    expect(await probeDatabase()).toBe(true);
    // Applying them again is a no-op, as it is at every start.
    await migrateDatabase();
    console.info(`database integration ran on ${kind}`);
  });

  it("round-trips a demo request with generated id, submission id and createdAt", async () => {
    const [row] = await getDb()
      .insert(demoRequests)
      .values({
        firstName: "Ana",
        lastName: "Ruiz",
        email: "ana@ruizroofing.com",
        phone: "+1 555 010 2000",
        company: "Ruiz Roofing",
      })
      .returning();
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.createdAt).toBeInstanceOf(Date);
    const [found] = await getDb().select().from(demoRequests).orderBy(desc(demoRequests.createdAt)).limit(1);
    expect(found).toEqual(row);
  });

  it("enforces the unique username and submission id", async () => {
    await getDb().insert(users).values({ username: "ops", password: "hash" });
    await expect(getDb().insert(users).values({ username: "ops", password: "other" })).rejects.toThrow();
    await getDb().insert(demoRequests).values({
      firstName: "A",
      lastName: "B",
      email: "a@b.co",
      phone: "5550102000",
      company: "C",
      submissionId: "same",
    });
    await expect(
      getDb().insert(demoRequests).values({
        firstName: "A",
        lastName: "B",
        email: "a@b.co",
        phone: "5550102000",
        company: "C",
        submissionId: "same",
      }),
    ).rejects.toThrow();
  });

  it("stores orders with plan arrays and refuses unknown statuses", async () => {
    const [order] = await getDb()
      .insert(orders)
      .values({
        planIds: ["scale-master", "power-platform"],
        billingPeriod: "monthly",
        subtotalCents: 109400,
        totalCents: 109400,
        companyName: "Ruiz Roofing",
        fullName: "Ana Ruiz",
        email: "ana@ruizroofing.com",
        phone: "5550102000",
        provider: "test",
        livemode: false,
        attemptId: crypto.randomUUID(),
      })
      .returning();
    const [found] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(found.planIds).toEqual(["scale-master", "power-platform"]);
    expect(found.status).toBe("pending");
    await expect(
      getDb()
        .update(orders)
        .set({ status: "bogus" as never })
        .where(eq(orders.id, order.id)),
    ).rejects.toThrow();
  });
});
