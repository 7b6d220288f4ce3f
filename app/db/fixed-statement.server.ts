import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { rowsOf, type Database, type Transaction } from "~/db/connection.server";

// The dialect both drivers' databases use (no casing option): it turns a statement into its text and parameters.
const dialect = new PgDialect();

/** The value a fixed statement binds under `name` on each call (drizzle's placeholder). */
export const bound = (name: string) => sql.placeholder(name);

/**
 * A statement whose text is built once: `build` writes it with drizzle as usual, with `bound(name)` wherever a
 * call's value goes, and each call only binds its values. Building a statement from its `sql` fragments (walking
 * them into text and parameters) was the largest part of the hot writes' own CPU once PostgreSQL had them
 * prepared (issue #22, ADR 0026). A column's encoder still applies to a value bound into a query builder's column
 * (e.g. an array), as with drizzle's own `.prepare()`. Only for statements whose text never depends on the values:
 * a `$defaultFn` column would be fixed at its first value, so such columns are bound too.
 */
export function fixedStatement<Values extends Record<string, unknown>>(build: () => SQL) {
  let query: ReturnType<PgDialect["sqlToQuery"]> | undefined;
  return async <Row>(db: Database | Transaction, values: Values): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    return rowsOf<Row>(await db._.session.prepareQuery(query, undefined, undefined, false).execute(values));
  };
}
