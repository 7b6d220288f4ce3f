import { and, asc, inArray, ne, sql } from "drizzle-orm";
import { currentTraceparent } from "~/utils/tracing.server";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb, type Database, type Transaction } from "~/db/connection.server";
import {
  consentDisclosures,
  demoBookings,
  demoRequests,
  erasureAudit,
  orders,
  outbox,
  webhookAttempts,
  type DemoBookingRow,
  type DemoRequestRow,
  type OrderRow,
  type OutboxRow,
  type WebhookAttemptRow,
} from "~/db/schema.server";
import { messagesAbout } from "~/models/outbox/messages.server";
import { newWebhookEventId, queueWebhookEvents } from "~/models/webhooks/event.server";

/** Everything stored about one e-mail address: its leads and their bookings, its orders, and the messages about them. */
export type PersonRecords = {
  leads: DemoRequestRow[];
  bookings: DemoBookingRow[];
  orders: OrderRow[];
  /** E-mail jobs and webhook deliveries naming or copying one of the records above. */
  messages: OutboxRow[];
  webhookAttempts: WebhookAttemptRow[];
  consentWordings: { version: string; text: string }[];
};

/** The address as typed on any form, in any case. */
const sameAddress = (column: PgColumn, email: string) => sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/** The privacy lookup's searches by address, not yet run: findPersonRecords runs them (a test explains them). */
export function personQueries(email: string, db: Database | Transaction = getDb()) {
  return {
    leads: db
      .select()
      .from(demoRequests)
      .where(sameAddress(demoRequests.email, email))
      .orderBy(asc(demoRequests.createdAt)),
    orders: db.select().from(orders).where(sameAddress(orders.email, email)).orderBy(asc(orders.createdAt)),
    messages: db
      .select()
      .from(outbox)
      .where(
        messagesAbout({
          leads: sql`select ${demoRequests.id} from ${demoRequests} where ${sameAddress(demoRequests.email, email)}`,
          orders: sql`select ${orders.id} from ${orders} where ${sameAddress(orders.email, email)}`,
        }),
      )
      .orderBy(asc(outbox.seq)),
  };
}

export async function findPersonRecords(email: string, db: Database | Transaction = getDb()): Promise<PersonRecords> {
  const queries = personQueries(email, db);
  const leads = await queries.leads;
  const leadIds = leads.map((lead) => lead.id);
  const bookings = leadIds.length
    ? await db
        .select()
        .from(demoBookings)
        .where(inArray(demoBookings.demoRequestId, leadIds))
        .orderBy(asc(demoBookings.createdAt))
    : [];
  const personOrders = await queries.orders;
  const messages = await queries.messages;
  const attempts = messages.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            messages.map((message) => message.id),
          ),
        )
        .orderBy(asc(webhookAttempts.attemptedAt))
    : [];
  const versions = [...new Set(leads.flatMap((lead) => (lead.consentVersion ? [lead.consentVersion] : [])))];
  const consentWordings = versions.length
    ? await db
        .select({ version: consentDisclosures.version, text: consentDisclosures.text })
        .from(consentDisclosures)
        .where(inArray(consentDisclosures.version, versions))
    : [];
  return { leads, bookings, orders: personOrders, messages, webhookAttempts: attempts, consentWordings };
}

type ErasureCounts = {
  leads: number;
  bookings: number;
  ordersErased: number;
  ordersKept: number;
  messages: number;
};

/**
 * Everything about the address except paid orders, which the law keeps (retention removes them), in one transaction.
 * `lead.erased` carries ids only.
 */
export function erasePerson(email: string, erasure: { by: string; at: Date }): Promise<ErasureCounts> {
  return getDb().transaction(async (tx) => {
    const found = await findPersonRecords(email, tx);
    const leadIds = found.leads.map((lead) => lead.id);
    const messageIds = found.messages.map((message) => message.id);
    const erasedOrders = found.orders.filter((order) => order.status !== "paid").map((order) => order.id);
    if (messageIds.length) {
      await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, messageIds));
      await tx.delete(outbox).where(inArray(outbox.id, messageIds));
    }
    if (leadIds.length) await tx.delete(demoRequests).where(inArray(demoRequests.id, leadIds));
    if (erasedOrders.length)
      await tx.delete(orders).where(and(inArray(orders.id, erasedOrders), ne(orders.status, "paid")));
    if (leadIds.length) {
      const at = erasure.at.toISOString();
      await tx.execute(
        queueWebhookEvents(
          leadIds.map((leadId) => ({
            id: newWebhookEventId(),
            source: {
              type: "lead.erased" as const,
              from: sql`(select ${leadId}::text as id) r`,
              data: sql`jsonb_build_object('id', r.id, 'erasedAt', ${at}::text)`,
              recordKey: sql.raw(`'lead:' || r.id`),
            },
          })),
          at,
          currentTraceparent() ?? null,
        ),
      );
    }
    const counts: ErasureCounts = {
      leads: leadIds.length,
      bookings: found.bookings.length,
      ordersErased: erasedOrders.length,
      ordersKept: found.orders.length - erasedOrders.length,
      messages: messageIds.length + found.webhookAttempts.length,
    };
    await tx.insert(erasureAudit).values({ erasedAt: erasure.at, erasedBy: erasure.by, ...counts });
    return counts;
  });
}

export async function listErasures() {
  return getDb()
    .select()
    .from(erasureAudit)
    .orderBy(sql`${erasureAudit.erasedAt} desc`)
    .limit(20);
}
