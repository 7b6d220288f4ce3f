import { Webhook } from "standardwebhooks";
import type { OutboxRow } from "~/db/schema.server";
import type { Database } from "~/db/connection.server";
import {
  deleteMessage,
  markAttemptFailed,
  markDelivered,
  postponeMessage,
  WAIT_FOR_EARLIER_MS,
} from "~/models/outbox/messages.server";
import {
  disableEndpoint,
  earlierPendingDelivery,
  findEndpoint,
  recordAttempt,
  signingSecretsOf,
} from "~/models/webhooks/endpoint.server";
import { UnreadableSecret } from "~/utils/secret-box.server";
import type { WebhookDeliveryPayload } from "~/models/webhooks/event.server";
import { postWebhook, type WebhookPolicy } from "~/services/webhooks/sender.server";
import { now } from "~/utils/time/clock.server";
import { getWebhookSettings } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { currentTraceparent, inSpan } from "~/utils/tracing.server";
import type { Resolver } from "~/utils/http/outbound-address.server";

/** ADR 0033: capped doubling, jittered so receivers coming back up are not hit by every sender at once. */
export const WEBHOOK_MAX_ATTEMPTS = 17;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 12 * 60 * 60 * 1000;
export const WEBHOOK_JITTER = 0.2;

/** The nominal delay after the n-th failed attempt (1-based), before jitter. */
export function nominalRetryDelayMs(attempt: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
}

export function webhookRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(nominalRetryDelayMs(attempt) * (1 + WEBHOOK_JITTER * (2 * random() - 1)));
}

export const WEBHOOK_SCHEDULE_MS = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, index) =>
  nominalRetryDelayMs(index + 1),
).reduce((sum, delay) => sum + delay, 0);

/** Failing for the shortest whole schedule jitter allows means the endpoint is down, not refusing one bad event. */
const DISABLE_AFTER_FAILING_MS = WEBHOOK_SCHEDULE_MS * (1 - WEBHOOK_JITTER);

/** How long a signing secret replaced by a rotation keeps being signed with too. */
export const SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export type WebhookDeliveryOptions = {
  /** Where webhooks may go; defaults to the environment's (WEBHOOK_ALLOW_PRIVATE, production → https only). */
  policy?: WebhookPolicy;
  /** The name resolver; tests stub it so no name is looked up for real. */
  resolve?: Resolver;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** One signature per secret, so either verifies in a rotation. Real time, not the app clock: receivers check it. */
export function signedHeaders(eventId: string, body: string, secrets: string[], sentAt = new Date()) {
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(eventId, sentAt, body)).join(" "),
  };
}

/** Waits for an earlier delivery of the same record to the same endpoint, so receivers see them in order. */
export async function deliverWebhook(
  message: OutboxRow,
  options: WebhookDeliveryOptions = {},
  db?: Database,
): Promise<"delivered" | "retrying" | "failed" | "waiting" | "dropped"> {
  const { endpointId, event } = message.payload as WebhookDeliveryPayload;
  const endpoint = await findEndpoint(endpointId, db);
  if (!endpoint) {
    await deleteMessage(message.id, db);
    return "dropped";
  }
  if (!endpoint.active || endpoint.disabledAt) {
    // Kept as failed: "Replay failed" sends it once the endpoint is back.
    const why = endpoint.disabledAt ? `endpoint disabled: ${endpoint.disabledReason}` : "endpoint switched off";
    await markAttemptFailed(message.id, `not sent, ${why}`, undefined, db);
    return "failed";
  }
  if (await earlierPendingDelivery(message, db)) {
    await postponeMessage(message.id, new Date(now().getTime() + WAIT_FOR_EARLIER_MS), db);
    return "waiting";
  }

  const attemptedAt = now();
  let secrets: string[];
  try {
    secrets = signingSecretsOf(endpoint, attemptedAt);
  } catch (error) {
    if (!(error instanceof UnreadableSecret)) throw error;
    // A configuration problem, not the receiver's: kept as failed for "Replay failed" once the secret is readable.
    logger.error("webhook not sent: its signing secret cannot be read", { endpointId, reason: error.message });
    await markAttemptFailed(message.id, `not sent, the signing secret cannot be read: ${error.message}`, undefined, db);
    return "failed";
  }
  const body = JSON.stringify(event);
  const answer = await inSpan(
    "webhook POST",
    { kind: "client", attributes: { "webhook.event.type": event.type } },
    () => {
      // The receiver can join this trace: W3C `traceparent` beside the signature, which it does not cover.
      const traceparent = currentTraceparent();
      const headers = { ...signedHeaders(event.id, body, secrets), ...(traceparent ? { traceparent } : {}) };
      return postWebhook(endpoint.url, body, headers, {
        policy: options.policy ?? getWebhookSettings(),
        resolve: options.resolve,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      });
    },
  );
  const failingSince = await recordAttempt(
    {
      deliveryId: message.id,
      endpointId,
      eventId: event.id,
      eventType: event.type,
      attemptedAt,
      status: answer.status,
      latencyMs: answer.latencyMs,
      responseExcerpt: answer.excerpt,
      error: answer.error,
    },
    db,
  );
  if (answer.error === undefined) {
    await markDelivered(message.id, db);
    return "delivered";
  }

  if (message.attempts < WEBHOOK_MAX_ATTEMPTS) {
    const delay = webhookRetryDelayMs(message.attempts);
    await markAttemptFailed(message.id, answer.error, new Date(attemptedAt.getTime() + delay), db);
    logger.warn("webhook delivery failed, will retry", {
      endpointId,
      eventId: event.id,
      attempts: message.attempts,
      retryInMs: delay,
      error: answer.error,
    });
    return "retrying";
  }
  await markAttemptFailed(message.id, answer.error, undefined, db);
  logger.error("webhook delivery failed for good", { endpointId, eventId: event.id, error: answer.error });
  if (failingSince && attemptedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
    const reason = `Every delivery since ${failingSince.toISOString()} failed (last: ${answer.error}).`;
    await disableEndpoint(endpointId, reason, attemptedAt, db);
    logger.error("webhook endpoint disabled", { endpointId, reason });
  }
  return "failed";
}
