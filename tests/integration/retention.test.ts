// Retention that runs (issue #38, ADR 0046): with the app clock frozen, the job deletes exactly what /privacy says
// on the day it says it, with everything copied from a deleted lead or order, and nothing younger; of two instances
// claiming a turn together, one runs it.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import {
  consentDisclosures,
  demoBookings,
  demoRequests,
  funnelDailyCounts,
  orders,
  outbox,
  paymentsWithoutOrder,
  rateLimitCounters,
  scheduledJobs,
  webhookAttempts,
  webhookEndpoints,
} from "~/db/schema.server";
import { applyRetentionIfDue, RETENTION_EVERY_MS } from "~/services/privacy/retention.server";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { workerDatabases } from "../support/worker-databases";

const today = new Date("2026-11-28T12:00:00Z");
const second = 1000;
const day = 24 * 60 * 60 * second;
const at = (iso: string, offsetMs = 0) => new Date(new Date(iso).getTime() + offsetMs);
// The policy's defaults: leads 24 months, orders 7 years, delivery logs 30 days.
const leadCutoff = "2024-11-28T12:00:00Z";
const orderCutoff = "2019-11-28T12:00:00Z";

let counter = 0;
const newId = (prefix: string) => `${prefix}-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

async function seedLead(createdAt: Date, endpointId: string) {
  const db = getDb();
  const leadId = newId("lead");
  await db.insert(demoRequests).values({
    id: leadId,
    firstName: "Ana",
    lastName: "Ruiz",
    email: `${leadId}@ruizroofing.com`,
    phone: "+1 555 010 2000",
    company: "Ruiz Roofing",
    createdAt,
  });
  const bookingId = newId("booking");
  await db.insert(demoBookings).values({
    id: bookingId,
    demoRequestId: leadId,
    slotStart: at(createdAt.toISOString(), day),
    slotEnd: at(createdAt.toISOString(), day + 15 * 60 * second),
  });
  // Messages about it, still pending (so only the lead's deletion removes them): e-mail jobs and a webhook with
  // one failed attempt.
  const deliveryId = newId("delivery");
  await db.insert(outbox).values([
    { id: newId("mail"), kind: "new-lead-email", payload: { demoRequestId: leadId }, createdAt },
    {
      id: newId("mail"),
      kind: "demo-reminder-email",
      payload: { bookingId, sequence: 0, minutesBefore: 60 },
      createdAt,
    },
    {
      id: deliveryId,
      kind: "webhook-delivery",
      payload: { endpointId, recordKey: `lead:${leadId}`, event: { data: { email: `${leadId}@ruizroofing.com` } } },
      createdAt,
    },
  ]);
  await db.insert(webhookAttempts).values({
    id: newId("attempt"),
    deliveryId,
    endpointId,
    eventId: "msg_1",
    eventType: "lead.created",
    attemptedAt: today,
    latencyMs: 5,
  });
  return { leadId, bookingId, deliveryId };
}

async function seedOrder(createdAt: Date, endpointId: string) {
  const orderId = newId("order");
  await getDb()
    .insert(orders)
    .values({
      id: orderId,
      status: "paid",
      planIds: ["starter"],
      billingPeriod: "monthly",
      subtotalCents: 4900,
      totalCents: 4900,
      companyName: "Ruiz Roofing",
      fullName: "Ana Ruiz",
      email: `${orderId}@ruizroofing.com`,
      phone: "+1 555 010 2000",
      provider: "test",
      attemptId: crypto.randomUUID(),
      createdAt,
    });
  const deliveryId = newId("delivery");
  await getDb()
    .insert(outbox)
    .values({
      id: deliveryId,
      kind: "webhook-delivery",
      payload: { endpointId, recordKey: `order:${orderId}`, event: {} },
      createdAt,
    });
  return { orderId, deliveryId };
}

async function finishedMessage(status: "delivered" | "failed", finishedAt: Date) {
  const id = newId(status);
  await getDb()
    .insert(outbox)
    .values({
      id,
      kind: "new-lead-email",
      payload: { demoRequestId: "gone" },
      status,
      createdAt: finishedAt,
      deliveredAt: status === "delivered" ? finishedAt : null,
    });
  return id;
}

async function ids(table: typeof demoRequests | typeof orders | typeof outbox | typeof webhookAttempts) {
  return (await getDb().select({ id: table.id }).from(table)).map((row) => row.id).sort();
}

describeWithDatabases("retention", (kind) => {
  let endpointId: string;
  beforeEach(async () => {
    const db = getDb();
    for (const table of [
      webhookAttempts,
      outbox,
      demoBookings,
      demoRequests,
      orders,
      paymentsWithoutOrder,
      rateLimitCounters,
      scheduledJobs,
    ])
      await db.delete(table);
    await db.delete(webhookEndpoints);
    endpointId = newId("endpoint");
    await db.insert(webhookEndpoints).values({
      id: endpointId,
      url: "https://crm.example.com/hooks",
      eventTypes: ["lead.created"],
      secret: "sealed:v1:test",
    });
    setClock(today);
  });
  afterEach(() => setClock(undefined));

  it("deletes what the policy says on the day it says, with what was copied from it, and nothing younger", async () => {
    const oldLead = await seedLead(at(leadCutoff, -second), endpointId);
    const youngLead = await seedLead(at(leadCutoff, second), endpointId);
    const oldOrder = await seedOrder(at(orderCutoff, -second), endpointId);
    const youngOrder = await seedOrder(at(orderCutoff, second), endpointId);
    const logCutoff = at(today.toISOString(), -30 * day);
    const oldDelivered = await finishedMessage("delivered", at(logCutoff.toISOString(), -second));
    const youngDelivered = await finishedMessage("delivered", at(logCutoff.toISOString(), second));
    const oldFailed = await finishedMessage("failed", at(logCutoff.toISOString(), -second));
    const youngFailed = await finishedMessage("failed", at(logCutoff.toISOString(), second));
    const oldAttempt = newId("attempt");
    const youngAttempt = newId("attempt");
    await getDb()
      .insert(webhookAttempts)
      .values(
        [
          { id: oldAttempt, attemptedAt: at(logCutoff.toISOString(), -second) },
          { id: youngAttempt, attemptedAt: at(logCutoff.toISOString(), second) },
        ].map((attempt) => ({
          ...attempt,
          deliveryId: "d",
          endpointId,
          eventId: "msg_2",
          eventType: "lead.created",
          latencyMs: 3,
        })),
      );
    await getDb()
      .insert(rateLimitCounters)
      .values([
        { key: "demo:client:203.0.113.7", points: 3, expire: at(today.toISOString(), -second) },
        { key: "demo:client:203.0.113.8", points: 1, expire: at(today.toISOString(), 30 * second) },
      ]);
    await getDb()
      .insert(consentDisclosures)
      .values({ version: `v-${kind}`, text: "Submitting means agreeing." })
      .onConflictDoNothing();
    await getDb()
      .insert(funnelDailyCounts)
      .values({ day: "2020-01-02", event: "landing_view", count: 7 })
      .onConflictDoNothing();

    // Payments without an order are payment records, kept as long as orders, and only once an admin resolved them.
    const payment = (name: string, createdAt: Date, resolvedAt: Date | null) => ({
      id: name,
      stripeEventId: `evt_${name}`,
      providerSessionId: `cs_test_${name}`,
      reason: "order-missing" as const,
      createdAt,
      resolvedAt,
    });
    await getDb()
      .insert(paymentsWithoutOrder)
      .values([
        payment("old-resolved", at(orderCutoff, -second), at(orderCutoff, day)),
        payment("young-resolved", at(orderCutoff, second), at(orderCutoff, day)),
        payment("old-open", at(orderCutoff, -day), null),
      ]);

    const outcome = await applyRetentionIfDue(today);
    expect(outcome).toEqual({
      leads: 1,
      orders: 1,
      counters: 1,
      resolvedPayments: 1,
      messages: 2 + 1 + (3 + 1) + 1,
    });
    expect(
      (await getDb().select({ id: paymentsWithoutOrder.id }).from(paymentsWithoutOrder)).map((row) => row.id).sort(),
    ).toEqual(["old-open", "young-resolved"]);

    expect(await ids(demoRequests)).toEqual([youngLead.leadId]);
    expect((await getDb().select({ id: demoBookings.id }).from(demoBookings)).map((row) => row.id)).toEqual([
      youngLead.bookingId,
    ]);
    expect(await ids(orders)).toEqual([youngOrder.orderId]);
    const remaining = await getDb().select().from(outbox);
    expect(remaining.map((row) => row.id)).toEqual(
      expect.arrayContaining([youngDelivered, youngFailed, youngLead.deliveryId, youngOrder.deliveryId]),
    );
    expect(remaining).toHaveLength(3 + 1 + 2);
    const remainingText = JSON.stringify(remaining);
    expect(remainingText).not.toContain(oldLead.leadId);
    expect(remainingText).not.toContain(oldLead.bookingId);
    expect(remainingText).not.toContain(oldOrder.orderId);
    for (const gone of [oldDelivered, oldFailed, oldLead.deliveryId, oldOrder.deliveryId])
      expect(remaining.map((row) => row.id)).not.toContain(gone);
    const attempts = await getDb().select().from(webhookAttempts);
    expect(attempts.map((row) => row.deliveryId).sort()).toEqual(["d", youngLead.deliveryId].sort());
    expect(attempts.map((row) => row.id)).toContain(youngAttempt);
    expect((await getDb().select().from(rateLimitCounters)).map((row) => row.key)).toEqual(["demo:client:203.0.113.8"]);
    // Not personal, so kept: the wordings leads agreed to and the funnel's daily counts.
    expect(
      await getDb()
        .select()
        .from(consentDisclosures)
        .where(sql`${consentDisclosures.version} = ${`v-${kind}`}`),
    ).toHaveLength(1);
    expect(
      await getDb()
        .select()
        .from(funnelDailyCounts)
        .where(sql`${funnelDailyCounts.day} = '2020-01-02'`),
    ).toHaveLength(1);

    // Within the hour the job had its turn: nothing runs. Two seconds later by the calendar, the young ones are due.
    expect(await applyRetentionIfDue(at(today.toISOString(), RETENTION_EVERY_MS - second))).toBeUndefined();
    expect(await ids(demoRequests)).toEqual([youngLead.leadId]);
    const nextTurn = at(today.toISOString(), RETENTION_EVERY_MS);
    setClock(nextTurn);
    const later = await applyRetentionIfDue(nextTurn);
    expect(later).toMatchObject({ leads: 1, orders: 1 });
    expect(await ids(demoRequests)).toEqual([]);
    expect(await ids(orders)).toEqual([]);
    const [job] = await getDb().select().from(scheduledJobs);
    expect(job).toMatchObject({ name: "retention", nextRunAt: at(nextTurn.toISOString(), RETENTION_EVERY_MS) });
    expect(job!.lastOutcome).toEqual(later);
  });

  it("deletes a backlog in batches, every batch its own statement", async () => {
    await getDb().execute(sql`
      insert into ${demoRequests} (id, first_name, last_name, email, phone, company, submission_id, created_at)
      select 'backlog-' || n, 'Old', 'Lead', 'old-' || n || '@example.com', '555 010 2000', 'Old Co', 'sub-' || n,
        ${at(leadCutoff, -day).toISOString()}::timestamptz - n * interval '1 minute'
      from generate_series(1, 2500) as n`);
    const young = await seedLead(at(leadCutoff, day), endpointId);
    expect(await applyRetentionIfDue(today)).toMatchObject({ leads: 2500 });
    expect(await ids(demoRequests)).toEqual([young.leadId]);
  });

  it("runs once when two instances look at the same moment", async () => {
    const { databases, close } = workerDatabases(kind, 2);
    try {
      await seedLead(at(leadCutoff, -second), endpointId);
      const runs = await Promise.all(databases.map((db) => applyRetentionIfDue(today, db)));
      expect(runs.filter((run) => run !== undefined)).toEqual([expect.objectContaining({ leads: 1 })]);
      expect(await getDb().select().from(scheduledJobs)).toHaveLength(1);
    } finally {
      await close();
    }
    expect(await ids(demoRequests)).toEqual([]);
  });
});
