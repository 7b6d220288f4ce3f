import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { demoBookings, demoRequests, orders, type DemoRequestRow, type OrderRow } from "~/db/schema.server";
import { attributionKeys } from "~/schemas/attribution";

/** The fields of the admin's CSV exports and of webhook `data`: one list each, so the two never drift apart. */
export const demoRequestRecordKeys = [
  "id",
  "createdAt",
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "dealVolume",
  "challenges",
  "submissionId",
  ...attributionKeys,
  "consentVersion",
  "consentPage",
] as const satisfies readonly (keyof DemoRequestRow)[];

export const orderRecordKeys = [
  "id",
  "createdAt",
  "status",
  "paidAt",
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
  ...attributionKeys,
] as const satisfies readonly (keyof OrderRow)[];

export const bookingRecordKeys = [
  "id",
  "status",
  "slotStart",
  "slotEnd",
  "visitorTimeZone",
  "sequence",
] as const satisfies readonly (keyof typeof demoBookings.$inferSelect)[];

/** A column as JSON, timestamps as toISOString() writes them. */
function columnJson(alias: string, column: PgColumn): SQL {
  const value = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
  return column.dataType === "date"
    ? sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : value;
}

export function recordJson<Table extends typeof demoRequests | typeof orders | typeof demoBookings>(
  table: Table,
  keys: readonly (keyof Table["$inferSelect"] & string)[],
  alias: string,
): SQL {
  const columns = table as unknown as Record<string, PgColumn>;
  return sql`jsonb_build_object(${sql.join(
    // Safe as raw literals: the keys are this file's constants, never input.
    keys.map((key) => sql`${sql.raw(`'${key}'`)}, ${columnJson(alias, columns[key])}`),
    sql`, `,
  )})`;
}
