import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { currentTraceparent } from "~/utils/tracing.server";
import { orders, paymentsWithoutOrder, stripeEvents, type OrderRow, type OrderStatus } from "~/db/schema.server";
import { getDb, rowsOf, type Database } from "~/db/connection.server";
import { placeholders, preparedPerHandle } from "~/db/prepared.server";
import { newWebhookEventId, orderEvent, queueWebhookEvents } from "~/models/webhooks/event.server";
import { now } from "~/utils/time/clock.server";
import { attributionKeys } from "~/schemas/attribution";
import { funnelCountFrom, type FunnelCount } from "~/models/insight/funnel.server";
import { paginate, type Paginated } from "~/models/pagination.server";

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "status" | "createdAt" | "updatedAt" | "paidAt"> &
  Required<Pick<typeof orders.$inferInsert, "discountCents" | "currency" | "couponCode" | "livemode">>;

const newOrderColumns = [
  "providerSessionId",
  "planIds",
  "billingPeriod",
  "subtotalCents",
  "discountCents",
  "totalCents",
  "currency",
  "couponCode",
  "companyName",
  "fullName",
  "email",
  "phone",
  "provider",
  "livemode",
  "attemptId",
  ...attributionKeys,
] as const satisfies readonly (keyof NewOrder)[];

/** `order_created` counts a new order only; `planChosen` counts `checkout_plan_chosen` even on a replay (ADR 0021). */
type OrderCount = FunnelCount & { planChosen?: boolean };

const orderInsertColumns = ["id", ...newOrderColumns] as const;

/** The order, its order.created webhooks and its counts in one statement. */
function orderInsert(counts: "none" | "created" | "created and chosen") {
  return preparedPerHandle((db: Database) => {
    const inserted = db.$with("inserted").as(
      db
        .insert(orders)
        // Bound through the builder, so each column's encoder (the plan ids' array) applies to its value.
        .values(placeholders(orderInsertColumns))
        .onConflictDoNothing({ target: orders.attemptId })
        .returning(),
    );
    const webhooks = db
      .$with("webhooks", {})
      .as(
        queueWebhookEvents(
          [{ source: orderEvent("order.created", sql`inserted`), id: sql.placeholder("webhookEventId") }],
          sql.placeholder("eventAt"),
          sql.placeholder("traceparent"),
        ),
      );
    const day = sql.placeholder("day");
    const createdCount =
      counts === "none" ? [] : [db.$with("created_count", {}).as(funnelCountFrom(sql`inserted`, "order_created", day))];
    const chosenCount =
      counts === "created and chosen"
        ? [db.$with("chosen_count", {}).as(funnelCountFrom(sql`(select 1) as attempt`, "checkout_plan_chosen", day))]
        : [];
    return db
      .with(inserted, webhooks, ...createdCount, ...chosenCount)
      .select()
      .from(inserted)
      .prepare(`order_insert_${counts.replaceAll(" ", "_")}`);
  });
}

const orderInserts = {
  none: orderInsert("none"),
  created: orderInsert("created"),
  "created and chosen": orderInsert("created and chosen"),
};

/** A repeated attempt (double click, retry) finds the order it already made: one attempt never makes two orders. */
export async function createOrderForAttempt(
  values: NewOrder,
  count?: OrderCount,
  { sessionIdFor }: { sessionIdFor?: (orderId: string) => string } = {},
): Promise<{ row: OrderRow; created: boolean }> {
  const db = getDb();
  const id = crypto.randomUUID();
  const columns = Object.fromEntries(newOrderColumns.map((column) => [column, values[column] ?? null])) as NewOrder;
  // A session id that follows from the order's id (test mode's) is stored by the insert itself.
  if (sessionIdFor) columns.providerSessionId = sessionIdFor(id);
  const counts = !count ? "none" : count.planChosen ? "created and chosen" : "created";
  const [inserted] = await orderInserts[counts](db).execute({
    ...columns,
    id,
    webhookEventId: newWebhookEventId(),
    traceparent: currentTraceparent() ?? null,
    eventAt: now().toISOString(),
    day: count?.day,
  });
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db.select().from(orders).where(eq(orders.attemptId, values.attemptId));
  if (!existing) throw new Error("order for attempt vanished");
  return { row: existing, created: false };
}

/**
 * The attempt sent again (double click, retry), not another request under its id: the plans, prices, coupon and
 * buyer must all match. Attribution is not compared, as for demo submissions.
 */
export function isSameAttempt(row: OrderRow, values: NewOrder): boolean {
  return (
    row.planIds.join(",") === values.planIds.join(",") &&
    row.billingPeriod === values.billingPeriod &&
    row.subtotalCents === values.subtotalCents &&
    row.discountCents === values.discountCents &&
    row.totalCents === values.totalCents &&
    row.currency === values.currency &&
    row.couponCode === values.couponCode &&
    row.companyName === values.companyName &&
    row.fullName === values.fullName &&
    row.email === values.email &&
    row.phone === values.phone
  );
}

export async function getOrder(id: string): Promise<OrderRow | undefined> {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
  return order;
}

export async function getOrderBySessionId(sessionId: string): Promise<OrderRow | undefined> {
  const [order] = await getDb().select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return order;
}

const orderSessionUpdate = preparedPerHandle((db: Database) =>
  db
    .update(orders)
    // An update's set takes placeholders only inside `sql` (drizzle's types), so the time is bound as text.
    .set({
      providerSessionId: sql`${sql.placeholder("providerSessionId")}`,
      updatedAt: sql`${sql.placeholder("updatedAt")}::timestamptz`,
    })
    .where(eq(orders.id, sql.placeholder("id")))
    .prepare("order_session_update"),
);

export async function setOrderSession(id: string, providerSessionId: string) {
  await orderSessionUpdate(getDb()).execute({ id, providerSessionId, updatedAt: new Date().toISOString() });
}

/** Moves a pending order on; a paid, expired or canceled order is final and is never changed back. */
export async function settleOrder(id: string, status: Exclude<OrderStatus, "pending">): Promise<boolean> {
  const update = getDb()
    .update(orders)
    .set({ status, updatedAt: new Date(), ...(status === "paid" ? { paidAt: new Date() } : {}) })
    .where(and(eq(orders.id, id), eq(orders.status, "pending")))
    .returning();
  return (await settleWithEvent(getDb(), update.getSQL(), status)) > 0;
}

/** The update and, for a payment, its order.paid webhooks in one statement. */
async function settleWithEvent(db: Pick<Database, "execute">, update: SQL, status: OrderStatus): Promise<number> {
  const settled = rowsOf<{ id: string }>(
    await db.execute(sql`
      with settled as (${update})
      ${status === "paid" ? sql`, webhooks as (${queueWebhookEvents([{ source: orderEvent("order.paid", sql`settled`), id: newWebhookEventId() }], now().toISOString(), currentTraceparent() ?? null)})` : sql``}
      select id from settled`),
  );
  return settled.length;
}

/** What a Stripe event says of its Checkout Session; a payment also says how much, for the record of one with no order. */
export type StripeSessionChange = {
  orderId?: string;
  sessionId?: string;
  status: "paid" | "expired";
  amountTotalCents?: number | null;
  currency?: string | null;
  livemode?: boolean;
};

/**
 * Once per event id, recorded in the same transaction. "settled": a pending order moved; "applied": none did (a
 * repeat of a settled payment, or an event about no order); "unmatched": a payment whose order is gone, expired or
 * canceled, recorded in payments_without_order for an admin to refund or recreate.
 */
export async function applyStripeEvent(
  event: { id: string; type: string },
  change?: StripeSessionChange,
): Promise<"settled" | "applied" | "unmatched" | "duplicate"> {
  return getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return "duplicate";
    if (change && (change.orderId || change.sessionId)) {
      const match = change.orderId ? eq(orders.id, change.orderId) : eq(orders.providerSessionId, change.sessionId!);
      const update = tx
        .update(orders)
        .set({
          status: change.status,
          updatedAt: sql`now()`,
          ...(change.status === "paid" ? { paidAt: sql`now()` } : {}),
        })
        .where(and(match, eq(orders.status, "pending")))
        .returning();
      if ((await settleWithEvent(tx, update.getSQL(), change.status)) > 0) return "settled";
      if (change.status === "paid" && change.sessionId) {
        const [order] = await tx.select({ status: orders.status }).from(orders).where(match);
        // Paid already: a second event about the same payment. Anything else is money with no order behind it.
        if (order?.status !== "paid") {
          await tx.insert(paymentsWithoutOrder).values({
            stripeEventId: event.id,
            providerSessionId: change.sessionId,
            orderRef: change.orderId ?? null,
            reason: !order ? "order-missing" : order.status === "expired" ? "order-expired" : "order-canceled",
            amountTotalCents: change.amountTotalCents ?? null,
            currency: change.currency ?? null,
            livemode: change.livemode ?? false,
          });
          return "unmatched";
        }
      }
    }
    return "applied";
  });
}

/** The latest payments with no order not yet marked resolved, newest first: the admin's notice above the orders. */
export function listPaymentsWithoutOrder(limit = 20) {
  return getDb()
    .select()
    .from(paymentsWithoutOrder)
    .where(isNull(paymentsWithoutOrder.resolvedAt))
    .orderBy(desc(paymentsWithoutOrder.createdAt), desc(paymentsWithoutOrder.id))
    .limit(limit);
}

/** Takes it off the notice; false when there is no such unresolved payment (already resolved, or deleted). */
export async function resolvePaymentWithoutOrder(id: string, at: Date): Promise<boolean> {
  const rows = await getDb()
    .update(paymentsWithoutOrder)
    .set({ resolvedAt: at })
    .where(and(eq(paymentsWithoutOrder.id, id), isNull(paymentsWithoutOrder.resolvedAt)))
    .returning({ id: paymentsWithoutOrder.id });
  return rows.length > 0;
}

export function listOrders(options: { page?: number } = {}): Promise<Paginated<OrderRow>> {
  return paginate(
    getDb().select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(),
    orders,
    undefined,
    options.page ?? 1,
  );
}
