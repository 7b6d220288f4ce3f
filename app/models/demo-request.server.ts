import { eq, getTableColumns, sql } from "drizzle-orm";
import { demoRequests, outbox, type DemoRequestRow } from "~/db/schema.server";
import type { OutboxMessage } from "~/models/outbox.server";
import type { DemoRequestData } from "~/schemas/demo-request";
import { getDb, rowsOf } from "~/utils/db.server";

export type NewDemoRequest = Omit<DemoRequestData, "submissionId" | "website"> & { submissionId: string };

export type StoredDemoRequest = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  dealVolume: string | null;
  challenges: string | null;
  createdAt: string;
};

/** The public shape of a stored request (what the API answers); the submission id stays internal. */
export function toStoredDemoRequest(row: DemoRequestRow): StoredDemoRequest {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    dealVolume: row.dealVolume,
    challenges: row.challenges,
    createdAt: row.createdAt.toISOString(),
  };
}

const demoRequestColumns = Object.entries(getTableColumns(demoRequests));

/** A `demo_requests` row as the driver returns it from raw SQL (snake_case, timestamps as text) → the drizzle row. */
function toDemoRequestRow(raw: Record<string, unknown>): DemoRequestRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of demoRequestColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as DemoRequestRow;
}

const newLeadEmail: OutboxMessage["kind"] = "new-lead-email";

/**
 * Stores a demo request exactly once per submission id, together with its outbox message, atomically: when
 * this resolves, the row and its e-mail job are committed. One statement (a data-modifying CTE) inserts both, so
 * a new request costs one round trip instead of a four-statement transaction (begin, insert, insert, commit); a
 * statement is its own transaction, so the two rows commit together or not at all. A replay of the same
 * submission (double click, resubmitted POST, browser retry) inserts nothing, queues nothing and reads the
 * first row in a second statement: that one sees a row committed by a concurrent duplicate while the first
 * statement waited on it, which the first statement's snapshot cannot.
 */
export async function createDemoRequest(input: NewDemoRequest): Promise<{ row: DemoRequestRow; created: boolean }> {
  const db = getDb();
  const inserted = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with inserted as (
        insert into ${demoRequests} (
          ${sql.identifier(demoRequests.id.name)}, ${sql.identifier(demoRequests.firstName.name)},
          ${sql.identifier(demoRequests.lastName.name)}, ${sql.identifier(demoRequests.email.name)},
          ${sql.identifier(demoRequests.phone.name)}, ${sql.identifier(demoRequests.company.name)},
          ${sql.identifier(demoRequests.dealVolume.name)}, ${sql.identifier(demoRequests.challenges.name)},
          ${sql.identifier(demoRequests.submissionId.name)}
        )
        values (
          ${crypto.randomUUID()}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone},
          ${input.company}, ${input.dealVolume || null}, ${input.challenges || null}, ${input.submissionId}
        )
        on conflict (${sql.identifier(demoRequests.submissionId.name)}) do nothing
        returning *
      ), queued as (
        -- Runs although the final select does not read it: PostgreSQL executes every data-modifying CTE.
        insert into ${outbox} (${sql.identifier(outbox.id.name)}, ${sql.identifier(outbox.kind.name)}, ${sql.identifier(outbox.payload.name)})
        select ${crypto.randomUUID()}, ${newLeadEmail}, jsonb_build_object('demoRequestId', inserted.id) from inserted
      )
      select * from inserted`),
  );
  if (inserted[0]) return { row: toDemoRequestRow(inserted[0]), created: true };
  const [existing] = await db.select().from(demoRequests).where(eq(demoRequests.submissionId, input.submissionId));
  if (!existing) throw new Error("demo request insert conflicted but no row holds its submission id");
  return { row: existing, created: false };
}

/**
 * Whether a stored row holds exactly this submission's content (stored as createDemoRequest stores it). A
 * replay may only confirm its own submission: the same id with other details is someone else's, or a changed
 * form, and must not be answered with what is stored.
 */
export function isSameSubmission(row: DemoRequestRow, input: NewDemoRequest): boolean {
  return (
    row.firstName === input.firstName &&
    row.lastName === input.lastName &&
    row.email === input.email &&
    row.phone === input.phone &&
    row.company === input.company &&
    row.dealVolume === (input.dealVolume || null) &&
    row.challenges === (input.challenges || null)
  );
}
