import { outbox } from "~/db/schema.server";
import type { Database, Transaction } from "~/utils/db.server";

export type OutboxMessage = { kind: "new-lead-email"; payload: { demoRequestId: string } };

/**
 * Queues a message in the caller's transaction: it exists exactly when the row it announces does, and
 * the worker delivers it later, so a mail outage never fails or slows the request that caused it.
 */
export async function enqueueOutboxMessage(tx: Database | Transaction, message: OutboxMessage) {
  await tx.insert(outbox).values({ kind: message.kind, payload: message.payload });
}
