import { eq } from "drizzle-orm";
import { demoRequests, type DemoRequestRow } from "~/db/schema.server";
import { enqueueOutboxMessage } from "~/models/outbox.server";
import type { DemoRequestData } from "~/schemas/demo-request";
import { getDb } from "~/utils/db.server";

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

/**
 * Stores a demo request exactly once per submission id, together with its outbox message, in one
 * transaction: when this resolves, the row and its e-mail job are committed. A replay of the same
 * submission (double click, resubmitted POST, browser retry) finds the first row and queues nothing new.
 */
export async function createDemoRequest(input: NewDemoRequest): Promise<{ row: DemoRequestRow; created: boolean }> {
  return getDb().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(demoRequests)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        company: input.company,
        dealVolume: input.dealVolume || null,
        challenges: input.challenges || null,
        submissionId: input.submissionId,
      })
      .onConflictDoNothing({ target: demoRequests.submissionId })
      .returning();
    if (inserted) {
      await enqueueOutboxMessage(tx, { kind: "new-lead-email", payload: { demoRequestId: inserted.id } });
      return { row: inserted, created: true };
    }
    const [existing] = await tx.select().from(demoRequests).where(eq(demoRequests.submissionId, input.submissionId));
    if (!existing) throw new Error("demo request insert conflicted but no row holds its submission id");
    return { row: existing, created: false };
  });
}
