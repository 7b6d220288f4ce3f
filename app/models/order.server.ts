import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { orders, stripeEvents, type OrderRow, type OrderStatus } from "~/db/schema.server";
import { getDb, rowsOf, type Database } from "~/db/connection.server";
import { rowFromDriver } from "~/models/demo-booking.server";
import { funnelCountFrom, type FunnelCount } from "~/models/funnel.server";
import { iterateNewestFirst, paginate, type Paginated } from "~/models/pagination.server";

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  "id" | "status" | "createdAt" | "updatedAt" | "providerSessionId"
>;

/**
 * Creates the order for one Complete Order attempt. A repeated attempt (double click, retry) finds the
 * order it already made, so one attempt can never become two orders.
 */
export async function createOrderForAttempt(
  values: NewOrder,
  count?: OrderCount,
): Promise<{ row: OrderRow; created: boolean }> {
  const db = getDb();
  const insert = db.insert(orders).values(values).onConflictDoNothing({ target: orders.attemptId }).returning();
  const [inserted] = count ? await insertCounted(db, insert.getSQL(), count) : await insert;
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db.select().from(orders).where(eq(orders.attemptId, values.attemptId));
  if (!existing) throw new Error("order for attempt vanished");
  return { row: existing, created: false };
}

/**
 * The funnel's counts that go with an order's insert (ADR 0021, issue #22): `order_created` for a new order only,
 * and with `planChosen` the attempt's `checkout_plan_chosen`, counted whether the order is new or a replay.
 */
export type OrderCount = FunnelCount & { planChosen?: boolean };

/** The order's insert and its counts in ONE statement (data-modifying CTEs): no round trip per count. */
async function insertCounted(db: Database, insert: SQL, count: OrderCount): Promise<OrderRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with inserted as (${insert}),
      created_count as (${funnelCountFrom(sql`inserted`, count, "order_created")})
      ${count.planChosen ? sql`, chosen_count as (${funnelCountFrom(sql`(select 1) as attempt`, count, "checkout_plan_chosen")})` : sql``}
      select * from inserted`),
  );
  return rows.map((raw) => rowFromDriver<OrderRow>(orders, raw));
}

export async function getOrder(id: string): Promise<OrderRow | undefined> {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
  return order;
}

export async function getOrderBySessionId(sessionId: string): Promise<OrderRow | undefined> {
  const [order] = await getDb().select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return order;
}

export async function setOrderSession(id: string, providerSessionId: string) {
  await getDb().update(orders).set({ providerSessionId, updatedAt: new Date() }).where(eq(orders.id, id));
}

/** Moves a pending order on; a paid, expired or canceled order is final and is never changed back. */
export async function settleOrder(id: string, status: Exclude<OrderStatus, "pending">): Promise<boolean> {
  const updated = await getDb()
    .update(orders)
    .set({ status, updatedAt: new Date(), ...(status === "paid" ? { paidAt: new Date() } : {}) })
    .where(and(eq(orders.id, id), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * Applies one Stripe event exactly once: the event id is recorded in the same transaction as the order
 * change, so a retried or replayed event finds its id and changes nothing. "settled" means this event moved a
 * pending order on (to paid or expired); "applied" that it was recorded and changed no order.
 */
export async function applyStripeEvent(
  event: { id: string; type: string },
  change?: { orderId?: string; sessionId?: string; status: "paid" | "expired" },
): Promise<"settled" | "applied" | "duplicate"> {
  return getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return "duplicate";
    if (change && (change.orderId || change.sessionId)) {
      const match = change.orderId ? eq(orders.id, change.orderId) : eq(orders.providerSessionId, change.sessionId!);
      const settled = await tx
        .update(orders)
        .set({
          status: change.status,
          updatedAt: sql`now()`,
          ...(change.status === "paid" ? { paidAt: sql`now()` } : {}),
        })
        .where(and(match, eq(orders.status, "pending")))
        .returning({ id: orders.id });
      if (settled.length > 0) return "settled";
    }
    return "applied";
  });
}

/** Orders newest first (ties broken by id so pages never overlap), with their status and amount. */
export function listOrders(options: { page?: number } = {}): Promise<Paginated<OrderRow>> {
  return paginate(
    getDb().select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(),
    orders,
    undefined,
    options.page ?? 1,
  );
}

/** Every order, newest first, one batch at a time (see iterateNewestFirst): the admin's CSV export. */
export function iterateOrders(batchSize = 500): AsyncGenerator<OrderRow[]> {
  return iterateNewestFirst(orders, batchSize);
}
