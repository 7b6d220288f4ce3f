import { sql, type Placeholder } from "drizzle-orm";

/**
 * A statement built and prepared once per database handle, with drizzle's public API: `build(db)` writes it with
 * drizzle's builders, `sql.placeholder(name)` wherever a call's value goes, and ends with `.prepare(name)`; each
 * call then only binds its values (`.execute({ ... })`), so a hot write does not rebuild its SQL every time. The
 * statement belongs to the handle it was built on: a reconnected pool (see connection.server) or a transaction is
 * a new handle and gets its own, and a closed one's are dropped with it.
 */
export function preparedPerHandle<Handle extends object, Statement>(
  build: (db: Handle) => Statement,
): (db: Handle) => Statement {
  const statements = new WeakMap<Handle, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) statements.set(db, (statement = build(db)));
    return statement;
  };
}

/** A placeholder named after each key: the values of a prepared insert, bound by the same names at each call. */
export function placeholders<Key extends string>(keys: readonly Key[]): Record<Key, Placeholder<Key>> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<Key, Placeholder<Key>>;
}
