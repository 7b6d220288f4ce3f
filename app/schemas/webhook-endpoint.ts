import { z } from "zod";
import { webhookEventTypes, type WebhookEventType } from "~/content/webhook-events";
import { dayField, lastDayNotBefore } from "./day-range";
import { textField } from "./text-rules";

// Server-side only (the pages work without JavaScript). Whether the URL may receive webhooks is the service's
// check, not the schema's: it needs the environment and DNS.

// Must match the database's CHECK constraints.
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

export const webhookEndpointHref = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

const chooseEvents = "Choose at least one event to send";

/** `eventTypes` comes from FormData.getAll; the active checkbox is sent only when ticked. */
export const webhookEndpointSchema = z.object({
  url: textField("URL", { min: 1, max: WEBHOOK_URL_MAX_LENGTH }),
  description: textField("Description", { max: WEBHOOK_DESCRIPTION_MAX_LENGTH })
    .optional()
    .transform((value) => value ?? ""),
  eventTypes: z
    .array(z.enum(webhookEventTypes, { errorMap: () => ({ message: "Choose events from the list" }) }), {
      required_error: chooseEvents,
      invalid_type_error: chooseEvents,
    })
    .min(1, chooseEvents)
    .transform((chosen): WebhookEventType[] => webhookEventTypes.filter((type) => chosen.includes(type))),
  active: z
    .string({ invalid_type_error: "Active must be a checkbox" })
    .optional()
    .transform((value) => value !== undefined),
});

/** In the form's order, which the error summary follows. */
export const webhookEndpointFields = ["url", "description", "eventTypes", "active"] as const;
export type WebhookEndpointField = (typeof webhookEndpointFields)[number];

export type WebhookEndpointValues = { url: string; description: string; eventTypes: string[]; active: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

/** UTC days, both included, out as the half-open range [start, end) the model takes. */
export const webhookReplayRangeSchema = z
  .object({ from: dayField("first day"), to: dayField("last day") })
  .superRefine(lastDayNotBefore("from", "to"))
  .transform(({ from, to }) => ({
    from,
    to,
    start: new Date(`${from}T00:00:00Z`),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
  }));

export const webhookReplayRangeFields = ["from", "to"] as const;
export type WebhookReplayRangeField = (typeof webhookReplayRangeFields)[number];

export type WebhookDeliveryCounts = { pending: number; delivered: number; failed: number };

/** Times are ISO strings in UTC. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  active: boolean;
  /** Declared by WEBHOOK_URL/WEBHOOK_SECRET, so its URL, secret and events follow the environment. */
  fromEnvironment: boolean;
  /** Nothing is sent until it is enabled again. */
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  /** Until when the secret replaced by the last rotation is still signed with. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  counts: WebhookDeliveryCounts;
};

export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
};

export type WebhookAttemptView = {
  id: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attemptedAt: string;
  /** Null when no answer came. */
  status: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
};

/** Shown once, then never again. */
export type NewWebhookSecret = {
  secret: string;
  reason: "created" | "rotated";
  previousValidUntil?: string;
};

/** A refused form, with the values as typed; `environment` is a change the environment's endpoint does not take. */
export type WebhookFormAnswer =
  | {
      form: "endpoint";
      endpointId?: string;
      values: WebhookEndpointValues;
      errors: Partial<Record<WebhookEndpointField, string>>;
    }
  | {
      form: "replay-failed";
      endpointId: string;
      values: Partial<Record<WebhookReplayRangeField, string>>;
      errors: Partial<Record<WebhookReplayRangeField, string>>;
    }
  | { form: "not-found" }
  | { form: "environment"; endpointId: string };
