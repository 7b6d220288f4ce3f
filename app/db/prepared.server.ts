import { sql, type Placeholder } from "drizzle-orm";

/** Prepared once per database handle (a new pool or a transaction gets its own), so a hot write only binds values. */
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

export function placeholders<Key extends string>(keys: readonly Key[]): Record<Key, Placeholder<Key>> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<Key, Placeholder<Key>>;
}
