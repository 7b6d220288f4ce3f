import { count, desc, getTableColumns, ilike, or, sql, type SQL } from "drizzle-orm";
import { demoRequests, orders, type DemoRequestRow, type OrderRow } from "~/db/schema.server";
import { getDb } from "~/utils/db.server";

export const LEADS_PAGE_SIZE = 50;
export const ORDERS_PAGE_SIZE = 50;
const MAX_QUERY_LENGTH = 200;

/** `%`, `_` and `\` typed into the search box are literal characters, not patterns. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// eslint-disable-next-line no-control-regex
const unsearchable = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The search text as it is matched. Control characters (a NUL from `?q=%00` makes PostgreSQL fail the whole
 * query) and lone surrogates cannot occur in stored text, so they are dropped rather than searched for.
 */
export function normalizeSearch(value: string | null | undefined): string {
  return (value ?? "").replace(unsearchable, "").trim().slice(0, MAX_QUERY_LENGTH);
}

/** A page number from the URL: anything that is not a positive integer is page 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1;
}

function searchCondition(query: string): SQL | undefined {
  if (!query) return undefined;
  const pattern = `%${escapeLike(query)}%`;
  return or(
    ilike(demoRequests.firstName, pattern),
    ilike(demoRequests.lastName, pattern),
    // "Ana Ruiz" should find Ana Ruiz although no single column holds it.
    sql`(${demoRequests.firstName} || ' ' || ${demoRequests.lastName}) ilike ${pattern}`,
    ilike(demoRequests.email, pattern),
    ilike(demoRequests.company, pattern),
  );
}

export type Paginated<T> = { items: T[]; page: number; pageSize: number; total: number; totalPages: number };

/** Demo requests newest first (ties broken by id so pages never overlap), optionally searched. */
export async function listDemoRequests(
  options: { query?: string; page?: number } = {},
): Promise<Paginated<DemoRequestRow>> {
  const query = normalizeSearch(options.query);
  const page = options.page ?? 1;
  const where = searchCondition(query);
  const db = getDb();
  const [items, [{ value: total }]] = await Promise.all([
    db
      .select()
      .from(demoRequests)
      .where(where)
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
      .limit(LEADS_PAGE_SIZE)
      .offset((page - 1) * LEADS_PAGE_SIZE),
    db.select({ value: count() }).from(demoRequests).where(where),
  ]);
  const totalNumber = Number(total);
  return {
    items,
    page,
    pageSize: LEADS_PAGE_SIZE,
    total: totalNumber,
    totalPages: Math.max(1, Math.ceil(totalNumber / LEADS_PAGE_SIZE)),
  };
}

/** Orders newest first, with their status and amount. */
export async function listOrders(options: { page?: number } = {}): Promise<Paginated<OrderRow>> {
  const page = options.page ?? 1;
  const db = getDb();
  const [items, [{ value: total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db.select({ value: count() }).from(orders),
  ]);
  const totalNumber = Number(total);
  return {
    items,
    page,
    pageSize: ORDERS_PAGE_SIZE,
    total: totalNumber,
    totalPages: Math.max(1, Math.ceil(totalNumber / ORDERS_PAGE_SIZE)),
  };
}

/**
 * Every demo request, newest first, one batch at a time by keyset (never OFFSET), so an export of a
 * large table holds one batch in memory and each query stays an index range scan. The cursor keeps the
 * database's own text of created_at: a JS Date drops the microseconds and would skip rows.
 */
export async function* iterateDemoRequests(batchSize = 500): AsyncGenerator<DemoRequestRow[]> {
  let cursor: { createdAt: string; id: string } | undefined;
  for (;;) {
    const batch = await getDb()
      .select({ ...getTableColumns(demoRequests), cursorAt: sql<string>`${demoRequests.createdAt}::text` })
      .from(demoRequests)
      .where(
        cursor
          ? sql`(${demoRequests.createdAt}, ${demoRequests.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
          : undefined,
      )
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
      .limit(batchSize);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1];
    cursor = { createdAt: last.cursorAt, id: last.id };
    yield batch.map(({ cursorAt: _cursorAt, ...row }) => row);
    if (batch.length < batchSize) return;
  }
}
