/** The given keys of a row, in the given order (JSON key order follows it). */
export const pick = <Row, Key extends keyof Row>(row: Row, keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, Key>;
