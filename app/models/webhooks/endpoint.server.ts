import { and, asc, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import { outbox, webhookAttempts, webhookEndpoints, type OutboxRow, type WebhookEndpointRow } from "~/db/schema.server";
import { getDb, instant, rowsOf, type Database } from "~/db/connection.server";
import { placeholders, preparedPerHandle } from "~/db/prepared.server";
import { webhookEventTypes, webhookTestEventType, type WebhookEventType } from "~/content/webhook-events";
import { newWebhookEventId, webhookDeliveryKind, type WebhookDeliveryPayload } from "~/models/webhooks/event.server";
import { isSealed, isSealedWithCurrentKey, openSecret, sealSecret, UnreadableSecret } from "~/utils/secret-box.server";

/** The id of the endpoint WEBHOOK_URL declares: fixed, so every instance starting at once writes the same row. */
export const ENVIRONMENT_ENDPOINT_ID = "environment";

type EndpointFields = { url: string; description: string; eventTypes: WebhookEventType[]; active: boolean };

export async function listEndpoints(): Promise<WebhookEndpointRow[]> {
  return getDb().select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(id: string, db: Database = getDb()): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** What a signing secret is bound to when sealed (ADR 0043): the row holds only this. */
const SEALED_FOR = "webhook signing secret";

/** A secret still plain (written by an older instance during a rolling update) is used as it is. */
export function openSigningSecret(stored: string): string {
  return isSealed(stored) ? openSecret(stored, SEALED_FOR) : stored;
}

/** The previous secret signs too while its grace lasts, if it can be read; an unreadable current one throws. */
export function signingSecretsOf(endpoint: WebhookEndpointRow, at: Date): string[] {
  const current = openSigningSecret(endpoint.secret);
  const previousValid =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at;
  const previous = previousValid ? readableSecret(endpoint.previousSecret!) : undefined;
  return previous === undefined ? [current] : [current, previous];
}

export async function createEndpoint(fields: EndpointFields & { secret: string }) {
  const [row] = await getDb()
    .insert(webhookEndpoints)
    .values({ ...fields, secret: sealSecret(fields.secret, SEALED_FOR) })
    .returning();
  return row;
}

/** Changes an admin-made endpoint's settings (the environment's follows the environment). */
export async function updateEndpoint(id: string, fields: EndpointFields) {
  const updated = await getDb()
    .update(webhookEndpoints)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.fromEnvironment, false)))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/** Turns any endpoint's deliveries on or off (the environment's too: an admin may pause it). */
export async function setEndpointActive(id: string, active: boolean) {
  const updated = await getDb()
    .update(webhookEndpoints)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/** Deletes an admin-made endpoint with its log and its deliveries, in one statement. */
export async function deleteEndpoint(id: string) {
  const deleted = rowsOf<{ id: string }>(
    await getDb().execute(sql`
      with deleted as (
        delete from ${webhookEndpoints}
        where ${webhookEndpoints.id} = ${id} and not ${webhookEndpoints.fromEnvironment}
        returning ${webhookEndpoints.id}
      ), deliveries as (
        delete from ${outbox} using deleted
        where ${outbox.kind} = ${webhookDeliveryKind} and ${outbox.payload}->>'endpointId' = deleted.id
      )
      select id from deleted`),
  );
  return deleted.length > 0;
}

/** A new signing secret; the current one stays valid (signed with too) until `graceUntil`. */
export async function rotateSecret(id: string, secret: string, graceUntil: Date) {
  const updated = await getDb()
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: instant(graceUntil),
      secret: sealSecret(secret, SEALED_FOR),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.fromEnvironment, false)))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

export async function disableEndpoint(id: string, reason: string, at: Date, db: Database = getDb()) {
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: instant(at), disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.disabledAt} is null`));
}

/** Lifts an automatic disabling; the failed deliveries can then be replayed. */
export async function enableEndpoint(id: string) {
  const updated = await getDb()
    .update(webhookEndpoints)
    .set({ disabledAt: null, disabledReason: null, failingSince: null, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/**
 * Safe for every instance at start-up: the row is locked while its secret is compared. A changed secret keeps the
 * old one valid until `graceUntil`; without the settings the row is deactivated, never deleted, so its log stays.
 */
export async function syncEnvironmentEndpoint(endpoint: { url: string; secret: string } | undefined, graceUntil: Date) {
  const db = getDb();
  if (!endpoint) {
    await db
      .update(webhookEndpoints)
      .set({ active: false, updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, ENVIRONMENT_ENDPOINT_ID), eq(webhookEndpoints.active, true)));
    return;
  }
  const declared = {
    url: endpoint.url,
    description: "WEBHOOK_URL (from the environment)",
    eventTypes: [...webhookEventTypes],
  };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, ENVIRONMENT_ENDPOINT_ID))
      .for("update");
    if (!row) {
      await tx
        .insert(webhookEndpoints)
        .values({
          id: ENVIRONMENT_ENDPOINT_ID,
          ...declared,
          secret: sealSecret(endpoint.secret, SEALED_FOR),
          fromEnvironment: true,
        })
        .onConflictDoNothing();
      return;
    }
    const unchanged = readableSecret(row.secret) === endpoint.secret;
    await tx
      .update(webhookEndpoints)
      .set({
        ...declared,
        ...(unchanged
          ? {}
          : {
              secret: sealSecret(endpoint.secret, SEALED_FOR),
              previousSecret: row.secret,
              previousSecretExpiresAt: instant(graceUntil),
            }),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, ENVIRONMENT_ENDPOINT_ID));
  });
}

/** The plain secret, or undefined when it cannot be read. */
function readableSecret(stored: string): string | undefined {
  try {
    return openSigningSecret(stored);
  } catch (error) {
    if (error instanceof UnreadableSecret) return undefined;
    throw error;
  }
}

/**
 * Also re-seals secrets sealed with an older SESSION_SECRET. Each row is written only if it still holds what was
 * read, so instances starting together agree.
 */
export async function resealSecrets(): Promise<{ resealed: number; unreadable: string[] }> {
  const db = getDb();
  let resealed = 0;
  const unreadable: string[] = [];
  for (const row of await listEndpoints()) {
    if ([row.secret, row.previousSecret].every((value) => value === null || isSealedWithCurrentKey(value))) continue;
    const current = readableSecret(row.secret);
    const previous = row.previousSecret === null ? null : readableSecret(row.previousSecret);
    if (current === undefined || previous === undefined) {
      unreadable.push(row.id);
      continue;
    }
    const updated = await db
      .update(webhookEndpoints)
      .set({
        secret: sealSecret(current, SEALED_FOR),
        previousSecret: previous === null ? null : sealSecret(previous, SEALED_FOR),
      })
      .where(
        and(
          eq(webhookEndpoints.id, row.id),
          eq(webhookEndpoints.secret, row.secret),
          row.previousSecret === null
            ? sql`${webhookEndpoints.previousSecret} is null`
            : eq(webhookEndpoints.previousSecret, row.previousSecret),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    resealed += updated.length;
  }
  return { resealed, unreadable };
}

type AttemptRecord = {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attemptedAt: Date;
  status?: number;
  latencyMs: number;
  responseExcerpt: string;
  error?: string;
};

const attemptColumns = [
  "id",
  "deliveryId",
  "endpointId",
  "eventId",
  "eventType",
  "attemptedAt",
  "status",
  "latencyMs",
  "responseExcerpt",
  "error",
] as const;

function attemptStatement(succeeded: boolean) {
  return preparedPerHandle((db: Database) => {
    const logged = db.$with("logged").as(db.insert(webhookAttempts).values(placeholders(attemptColumns)));
    const failingSince = succeeded
      ? null
      : sql`coalesce(${webhookEndpoints.failingSince}, ${sql.placeholder("failingFrom")}::timestamptz)`;
    return db
      .with(logged)
      .update(webhookEndpoints)
      .set({ failingSince })
      .where(eq(webhookEndpoints.id, sql.placeholder("endpointId")))
      .returning({ failingSince: webhookEndpoints.failingSince })
      .prepare(succeeded ? "webhook_attempt_succeeded" : "webhook_attempt_failed");
  });
}

const attemptStatements = { succeeded: attemptStatement(true), failed: attemptStatement(false) };

/** Logs an attempt and updates the endpoint's failing streak in one statement; returns the streak's start or null. */
export async function recordAttempt(attempt: AttemptRecord, db: Database = getDb()): Promise<Date | null> {
  const succeeded = attempt.error === undefined;
  const [row] = await (succeeded ? attemptStatements.succeeded : attemptStatements.failed)(db).execute({
    id: crypto.randomUUID(),
    deliveryId: attempt.deliveryId,
    endpointId: attempt.endpointId,
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    attemptedAt: attempt.attemptedAt,
    status: attempt.status ?? null,
    latencyMs: attempt.latencyMs,
    responseExcerpt: attempt.responseExcerpt,
    error: attempt.error ?? null,
    failingFrom: attempt.attemptedAt.toISOString(),
  } satisfies Record<(typeof attemptColumns)[number] | "failingFrom", unknown>);
  return row?.failingSince ?? null;
}

export async function listAttempts(endpointId: string, limit: number) {
  return getDb()
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(limit);
}

const ofEndpoint = (endpointId: string) =>
  and(eq(outbox.kind, webhookDeliveryKind), sql`${outbox.payload}->>'endpointId' = ${endpointId}`);

/** An endpoint's deliveries (outbox rows), as the log lists them. */
export async function listDeliveries(endpointId: string, limit: number) {
  const rows = await getDb().select().from(outbox).where(ofEndpoint(endpointId)).orderBy(desc(outbox.seq)).limit(limit);
  return rows.map((row) => {
    const { event } = row.payload as WebhookDeliveryPayload;
    return {
      id: row.id,
      eventId: event.id,
      eventType: event.type,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt,
      lastError: row.lastError,
      createdAt: row.createdAt,
    };
  });
}

export async function deliveryCounts(endpointId?: string) {
  const rows = await getDb()
    .select({
      endpointId: sql<string>`${outbox.payload}->>'endpointId'`,
      status: outbox.status,
      count: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .where(endpointId ? ofEndpoint(endpointId) : eq(outbox.kind, webhookDeliveryKind))
    .groupBy(sql`${outbox.payload}->>'endpointId'`, outbox.status);
  const counts = new Map<string, Record<OutboxRow["status"], number>>();
  for (const row of rows) {
    const entry = counts.get(row.endpointId) ?? { pending: 0, delivered: 0, failed: 0 };
    entry[row.status] = row.count;
    counts.set(row.endpointId, entry);
  }
  return counts;
}

/** Same event id, so receivers see a duplicate. A pending delivery is left alone: an instance may be sending it. */
export async function replayDelivery(endpointId: string, deliveryId: string, at: Date) {
  const updated = await getDb()
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: instant(at), lastError: null, deliveredAt: null })
    .where(and(eq(outbox.id, deliveryId), ofEndpoint(endpointId), ne(outbox.status, "pending")))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

/** Sends again every failed delivery of the endpoint created in [from, to); returns how many. */
export async function replayFailed(endpointId: string, from: Date, to: Date, at: Date) {
  const updated = await getDb()
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: instant(at), lastError: null })
    .where(
      and(
        ofEndpoint(endpointId),
        eq(outbox.status, "failed"),
        gte(outbox.createdAt, instant(from)),
        lt(outbox.createdAt, instant(to)),
      ),
    )
    .returning({ id: outbox.id });
  return updated.length;
}

/** Queues a `webhook.test` event to this endpoint alone, whatever events it asked for. */
export async function queueTestEvent(endpointId: string, at: Date) {
  const event = {
    id: newWebhookEventId(),
    type: webhookTestEventType,
    version: 1,
    timestamp: at.toISOString(),
    data: { message: "A test event sent from /admin/webhooks." },
  };
  const payload: WebhookDeliveryPayload = { endpointId, recordKey: `test:${event.id}`, event };
  await getDb()
    .insert(outbox)
    .values({ kind: webhookDeliveryKind, payload, nextAttemptAt: instant(at) });
  return event.id;
}

/** A still-pending delivery to the same endpoint about the same record, queued before this one: it goes first. */
export async function earlierPendingDelivery(message: OutboxRow, db: Database = getDb()) {
  const { endpointId, recordKey } = message.payload as WebhookDeliveryPayload;
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        ofEndpoint(endpointId),
        eq(outbox.status, "pending"),
        lt(outbox.seq, message.seq),
        sql`${outbox.payload}->>'recordKey' = ${recordKey}`,
      ),
    )
    .limit(1);
  return row;
}
