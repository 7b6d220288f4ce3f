import type { OutboxRow } from "~/db/schema.server";
import type { Database } from "~/db/connection.server";
import { findDemoRequest } from "~/models/demo/request.server";
import {
  claimDueMessages,
  deleteMessage,
  markAttemptFailed,
  markDelivered,
  postponeMessage,
  WAIT_FOR_EARLIER_MS,
  type OutboxMessage,
} from "~/models/outbox/messages.server";
import { deliverDemoChange, deliverDemoInvite, type BookingDelivery } from "~/services/demo/invite-delivery.server";
import { deliverDemoReminder } from "~/services/demo/reminder-delivery.server";
import { now } from "~/utils/time/clock.server";
import { logger } from "~/utils/logger.server";
import { webhookDeliveries } from "~/utils/metrics.server";
import { inSpan, recordSpan } from "~/utils/tracing.server";
import { newLeadMail, sendMail, type LeadScheduling } from "~/services/outbox/mailer.server";
import { findLatestBookingOf } from "~/models/demo/booking.server";
import { findHostContact } from "~/models/demo/host.server";
import { getBookingSettings } from "~/utils/env.server";
import { forget, remember } from "~/utils/singleton.server";
import { webhookDeliveryKind, type WebhookDeliveryPayload } from "~/models/webhooks/event.server";
import { deliverWebhook, type WebhookDeliveryOptions } from "~/services/webhooks/delivery.server";

export type OutboxOptions = {
  /** Defaults to the app's connection; tests give each worker its own to prove SKIP LOCKED. */
  db?: Database;
  batchSize?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** How long a claimed row stays invisible to other workers while its mail is being sent. */
  leaseMs?: number;
  /** How webhooks are sent (tests stub the resolver, shorten the timeout, pin the jitter). */
  webhooks?: WebhookDeliveryOptions;
};

const defaults = {
  batchSize: 10,
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60 * 1000,
  // Enough doublings to ride out an outage of hours before giving up.
  maxAttempts: 15,
  leaseMs: 2 * 60 * 1000,
};

/** Exponential backoff after the n-th failed attempt (1-based), capped. */
export function retryDelayMs(
  attempt: number,
  baseDelayMs = defaults.baseDelayMs,
  maxDelayMs = defaults.maxDelayMs,
): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

class PermanentFailure extends Error {}

/** Not an attempt: an earlier version is pending, or a reminder is early (`until` says when to look again). */
class NotYet extends Error {
  constructor(
    message: string,
    readonly until?: Date,
  ) {
    super(message);
  }
}

/** Nothing to send any more (a reminder of a booking moved, cancelled or deleted since): the row is removed. */
class Superseded extends Error {}

/** Not sent on purpose and never to be (a reminder whose moment passed while the service was down; logged). */
class Skipped extends Error {}

async function deliverNewLead(message: OutboxRow, db?: Database) {
  const { demoRequestId, needsTime } = message.payload as { demoRequestId?: string; needsTime?: boolean };
  const lead = demoRequestId ? await findDemoRequest(demoRequestId, db) : undefined;
  if (!lead) throw new PermanentFailure(`demo request ${demoRequestId} no longer exists`);
  const businessTimeZone = getBookingSettings().timeZone;
  const booking = await findLatestBookingOf(lead.id, db);
  const scheduling: LeadScheduling | undefined = booking
    ? { booking, businessTimeZone, host: await findHostContact(booking.hostId, db) }
    : needsTime
      ? { slotTaken: true, businessTimeZone }
      : undefined;
  await sendMail(newLeadMail(lead, scheduling), { kind: message.kind, outboxId: message.id });
}

function followUpsOf(delivery: BookingDelivery): OutboxMessage[] {
  if (delivery.outcome === "wait") throw new NotYet("an earlier invite of this booking is still pending");
  if (delivery.outcome === "gone") throw new PermanentFailure(delivery.reason);
  return delivery.followUps;
}

async function deliver(message: OutboxRow, db?: Database): Promise<OutboxMessage[]> {
  switch (message.kind) {
    case "new-lead-email":
      await deliverNewLead(message, db);
      return [];
    case "demo-invite-email":
      return followUpsOf(await deliverDemoInvite(message.payload, message.id, db));
    case "demo-change-email":
      return followUpsOf(await deliverDemoChange(message.payload, message.id, db));
    case "demo-reminder-email": {
      const reminder = await deliverDemoReminder(message.payload, { at: now(), messageId: message.id }, db);
      if (reminder.outcome === "early") throw new NotYet("the reminder's moment is still ahead", reminder.dueAt);
      if (reminder.outcome === "superseded") throw new Superseded(reminder.reason);
      if (reminder.outcome === "skipped") throw new Skipped(reminder.reason);
      if (reminder.outcome === "malformed") throw new PermanentFailure(reminder.reason);
      return [];
    }
    default:
      throw new PermanentFailure(`unknown outbox kind "${message.kind}"`);
  }
}

const sequenceOf = (message: OutboxRow) =>
  message.kind === "demo-invite-email" ? Number((message.payload as { sequence?: unknown }).sequence) || 0 : 0;

/**
 * Rows are claimed with SKIP LOCKED and a lease, and sent after that commit, so no transaction waits on the mail
 * server and a worker dying mid-send leaves the row for retry. Times are the app clock's, so instances agree.
 */
export async function processOutboxOnce(options: OutboxOptions = {}): Promise<number> {
  const settings = { ...defaults, ...options };
  const { db } = options;
  const claimStarted = Date.now();
  const claimed = await claimDueMessages({ ...settings, now: now() }, db);
  // A claim that found nothing (most polls) is no trace of its own.
  if (claimed.length) recordSpan("outbox claim", claimStarted, { "outbox.claimed": claimed.length });

  const webhooks = claimed.filter((message) => message.kind === webhookDeliveryKind);
  const [delivered, webhooksDelivered] = await Promise.all([
    deliverMessages(
      claimed.filter((message) => message.kind !== webhookDeliveryKind),
      settings,
      db,
    ),
    deliverWebhooks(webhooks, options.webhooks, db),
  ]);
  return delivered + webhooksDelivered;
}

/** Side by side, so one slow receiver holds no one up; one record's deliveries to one endpoint keep queue order. */
async function deliverWebhooks(messages: OutboxRow[], options: WebhookDeliveryOptions | undefined, db?: Database) {
  const lines = new Map<string, OutboxRow[]>();
  for (const message of [...messages].sort((a, b) => a.seq - b.seq)) {
    const { endpointId, recordKey } = message.payload as WebhookDeliveryPayload;
    const key = `${endpointId} ${recordKey}`;
    const line = lines.get(key) ?? [];
    line.push(message);
    lines.set(key, line);
  }
  const counts = await Promise.all(
    [...lines.values()].map(async (line) => {
      let delivered = 0;
      for (const message of line) {
        try {
          const { endpointId, traceparent } = message.payload as WebhookDeliveryPayload;
          const outcome = await inSpan(
            "webhook delivery",
            { parent: traceparent, attributes: { "webhook.endpoint.id": endpointId, "outbox.message.id": message.id } },
            () => deliverWebhook(message, options, db),
          );
          if (outcome !== "waiting") webhookDeliveries.inc({ endpoint: endpointId, outcome });
          if (outcome === "delivered") delivered += 1;
        } catch (error) {
          // The database failed mid-delivery: the lease runs out and the delivery is tried again.
          logger.error("webhook delivery round failed", { id: message.id, error });
        }
      }
      return delivered;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

async function deliverMessages(claimed: OutboxRow[], settings: typeof defaults, db?: Database) {
  let delivered = 0;
  // A booking's versions in order within a batch too: invites with a higher SEQUENCE go after (a stable sort).
  for (const message of claimed.sort((a, b) => sequenceOf(a) - sequenceOf(b))) {
    try {
      const followUps = await inSpan(
        "outbox delivery",
        { attributes: { "outbox.kind": message.kind, "outbox.message.id": message.id } },
        () => deliver(message, db),
      );
      await markDelivered(message.id, db, followUps);
      delivered += 1;
    } catch (error) {
      if (error instanceof NotYet) {
        await postponeMessage(message.id, error.until ?? new Date(now().getTime() + WAIT_FOR_EARLIER_MS), db);
        continue;
      }
      if (error instanceof Superseded) {
        await deleteMessage(message.id, db);
        continue;
      }
      if (error instanceof Skipped) {
        // Logged where it was decided; kept as failed, the outbox's record of a miss.
        await markAttemptFailed(message.id, error.message, undefined, db);
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentFailure || message.attempts >= settings.maxAttempts;
      const delay = retryDelayMs(message.attempts, settings.baseDelayMs, settings.maxDelayMs);
      await markAttemptFailed(message.id, reason, giveUp ? undefined : new Date(now().getTime() + delay), db);
      (giveUp ? logger.error : logger.warn)(
        giveUp ? "outbox message failed for good" : "outbox delivery failed, will retry",
        {
          id: message.id,
          kind: message.kind,
          attempts: message.attempts,
          retryInMs: giveUp ? undefined : delay,
          error: reason,
        },
      );
    }
  }
  return delivered;
}

type OutboxWorker = { stop: () => Promise<void>; wake: () => void };

/** Rounds never overlap; timers are unref'd so they never keep a script alive; a failed round retries next tick. */
export function startOutboxWorker(options: OutboxOptions & { pollIntervalMs?: number } = {}): OutboxWorker {
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const round = async () => {
    try {
      // Keep going while full batches come back, so a backlog drains without waiting a tick per batch.
      while (!stopped && (await processOutboxOnce(options)) >= (options.batchSize ?? defaults.batchSize));
    } catch (error) {
      logger.error("outbox round failed", { error });
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
        schedule(pollIntervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    wake() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const SERVER_WORKER = "outbox worker";

/** The server's own worker (one per process, dev rebuilds included). */
export function startServerOutboxWorker() {
  return remember(SERVER_WORKER, () => startOutboxWorker());
}

export async function stopServerOutboxWorker() {
  await forget<OutboxWorker>(SERVER_WORKER)?.stop();
}
