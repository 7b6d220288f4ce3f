// Issue #53: the privacy lookup, the erasure (which runs the same lookup, then deletes by primary key) and the
// retention batches find a person's rows by lower(email) and the outbox's messages by the ids in their payloads.
// With 100,000 rows in each table, EXPLAIN of the app's own statements (built by its query code, not copied here)
// shows each search answered by an index, never a scan of the whole table.
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb, rowsOf } from "~/db/connection.server";
import { personQueries } from "~/models/privacy/person.server";
import { removeWithMessagesStatement } from "~/models/privacy/retention.server";
import { describeWithDatabases } from "../support/database";

const ROWS = 100_000;

async function plan(statement: SQL): Promise<string> {
  const rows = rowsOf<Record<string, string>>(await getDb().execute(sql`explain ${statement}`));
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

describeWithDatabases("privacy and retention lookups use indexes (issue #53)", () => {
  beforeAll(async () => {
    const db = getDb();
    await db.execute(sql`
      insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id, created_at)
      select 'lead-' || g, 'Lead', 'Number' || g, 'Lead' || g || '@Example.com', '+1 555 010 0000', 'Company ' || g,
        'submission-' || g, now() - (g || ' minutes')::interval
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into orders (id, plan_ids, billing_period, subtotal_cents, total_cents, company_name, full_name, email,
        phone, provider, attempt_id, created_at)
      select 'order-' || g, array['scale-master'], 'monthly', 9900, 9900, 'Company ' || g, 'Buyer ' || g,
        'Buyer' || g || '@Example.com', '+1 555 010 0000', 'test', 'attempt-' || g, now() - (g || ' minutes')::interval
      from generate_series(1, ${ROWS}) g`);
    // A third each: lead e-mails, invites (by booking) and webhook copies of leads and orders.
    await db.execute(sql`
      insert into outbox (id, kind, payload, status)
      select 'message-' || g,
        case g % 3 when 0 then 'new-lead-email' when 1 then 'demo-invite-email' else 'webhook-delivery' end,
        case g % 3
          when 0 then jsonb_build_object('demoRequestId', 'lead-' || g)
          when 1 then jsonb_build_object('bookingId', 'booking-' || g, 'sequence', 0, 'method', 'REQUEST')
          else jsonb_build_object('endpointId', 'endpoint-1', 'recordKey',
            case when g % 2 = 0 then 'lead:lead-' || g else 'order:order-' || g end)
        end,
        'delivered'
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`analyze demo_requests`);
    await db.execute(sql`analyze orders`);
    await db.execute(sql`analyze outbox`);
  });

  it("the privacy lookup (and so the erasure) finds leads and orders by lower(email) through an index", async () => {
    const queries = personQueries("LEAD4242@example.com");
    const leads = await plan(queries.leads.getSQL());
    expect(leads).toContain("demo_requests_email_lower_idx");
    expect(leads).not.toMatch(/Seq Scan on demo_requests/);
    const orders = await plan(queries.orders.getSQL());
    expect(orders).toContain("orders_email_lower_idx");
    expect(orders).not.toMatch(/Seq Scan on orders/);
    // Still the person's rows, whatever the case typed.
    expect((await queries.leads).map((lead) => lead.id)).toEqual(["lead-4242"]);
  });

  it("the privacy lookup (and so the erasure) finds the messages about a person through the payload indexes", async () => {
    const messages = await plan(personQueries("lead4242@example.com").messages.getSQL());
    for (const index of [
      "demo_requests_email_lower_idx",
      "orders_email_lower_idx",
      "outbox_demo_request_id_idx",
      "outbox_booking_id_idx",
      "outbox_record_key_idx",
    ])
      expect(messages, index).toContain(index);
    expect(messages).not.toMatch(/Seq Scan on (outbox|demo_requests|orders)/);
    const found = await personQueries("LEAD4242@example.com").messages;
    expect(found.map((message) => message.id)).toEqual(["message-4242"]);
  });

  it("a retention batch finds the messages about its leads and orders through the payload indexes", async () => {
    // A cut-off that dooms a few hundred of the oldest rows, as a daily batch would.
    const before = new Date(Date.now() - (ROWS - 300) * 60_000);
    for (const record of ["lead", "order"] as const) {
      const statement = await plan(removeWithMessagesStatement(record, before));
      expect(statement, record).toContain(record === "lead" ? "outbox_demo_request_id_idx" : "outbox_record_key_idx");
      expect(statement, record).toContain("outbox_record_key_idx");
      expect(statement, record).not.toMatch(/Seq Scan on outbox/);
    }
  });
});
