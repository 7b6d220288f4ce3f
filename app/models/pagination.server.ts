import { count, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/db/connection.server";

export const PAGE_SIZE = 50;
const MAX_QUERY_LENGTH = 200;

/** `%`, `_` and `\` typed into the search box are literal characters, not patterns. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// eslint-disable-next-line no-control-regex
const unsearchable = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Drops control characters (a NUL fails the whole query) and lone surrogates: stored text cannot hold them. */
export function normalizeSearch(value: string | null | undefined): string {
  return (value ?? "").replace(unsearchable, "").trim().slice(0, MAX_QUERY_LENGTH);
}

export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1;
}

export type Paginated<T> = { items: T[]; page: number; pageSize: number; total: number; totalPages: number };

/** `query` must be filtered by `where` and ordered with a unique tie-breaker, so pages never overlap. */
export async function paginate<T extends PgSelect>(
  query: T,
  table: PgTable,
  where: SQL | undefined,
  page: number,
): Promise<Paginated<Awaited<T>[number]>> {
  const [items, [{ value: total }]] = await Promise.all([
    query.limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    getDb().select({ value: count() }).from(table).where(where),
  ]);
  const totalNumber = Number(total);
  return {
    items,
    page,
    pageSize: PAGE_SIZE,
    total: totalNumber,
    totalPages: Math.max(1, Math.ceil(totalNumber / PAGE_SIZE)),
  };
}

/** Keyset batches, newest first. The cursor keeps created_at as text: a JS Date drops microseconds, skipping rows. */
export async function* iterateNewestFirst<T extends PgTable & { createdAt: PgColumn; id: PgColumn }>(
  table: T,
  batchSize = 500,
): AsyncGenerator<T["$inferSelect"][]> {
  let cursor: { createdAt: string; id: string } | undefined;
  for (;;) {
    // drizzle cannot type a select over a generic table; the rows are the table's, plus the cursor.
    const batch = (await getDb()
      .select({ ...getTableColumns(table), cursorAt: sql<string>`${table.createdAt}::text` })
      .from(table as PgTable)
      .where(
        cursor ? sql`(${table.createdAt}, ${table.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})` : undefined,
      )
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(batchSize)) as unknown as (T["$inferSelect"] & { cursorAt: string; id: string })[];
    if (batch.length === 0) return;
    const last = batch[batch.length - 1];
    cursor = { createdAt: last.cursorAt, id: last.id };
    yield batch.map(({ cursorAt: _cursorAt, ...row }) => row as T["$inferSelect"]);
    if (batch.length < batchSize) return;
  }
}
