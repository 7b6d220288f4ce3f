import { z } from "zod";
import { webhookEventTypes, type WebhookEventType } from "~/content/webhook-events";
import { dayField, lastDayNotBefore } from "./day-range";
import { textField } from "./text-rules";

// The /admin/webhooks forms (issue #25): an endpoint's settings, and the days whose failed deliveries to send
// again. The pages work without JavaScript, so these run on the server only; the components read the field names
// and limits from here, so both sides name one shape. Whether the URL may receive webhooks at all (its scheme,
// the addresses its name resolves to) is the service's check, not the schema's: it needs the environment and DNS.

// The database's own limits (webhook_endpoints_url_check, webhook_endpoints_description_check).
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

const chooseEvents = "Choose at least one event to send";

/**
 * An endpoint as the add and edit forms send it. The events come as repeated checkbox fields named `eventTypes`
 * (FormData.getAll), the active checkbox only when ticked; the events leave in the catalogue's order, once each.
 */
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

/** Every field of the endpoint form, in the order the form shows them (and an error summary lists them). */
export const webhookEndpointFields = ["url", "description", "eventTypes", "active"] as const;
export type WebhookEndpointField = (typeof webhookEndpointFields)[number];

/** The form's values as typed, to show a refused form again (or an edit form's starting values). */
export type WebhookEndpointValues = { url: string; description: string; eventTypes: string[]; active: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Replay failed deliveries": the days (UTC, both included) the deliveries were created on, as two
 * `<input type="date">`. Leaves as the half-open range [start, end) the model takes.
 */
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

/** Counts of an endpoint's deliveries by state. */
export type WebhookDeliveryCounts = { pending: number; delivered: number; failed: number };

/** What the pages show of an endpoint (built by the loaders; times are ISO strings in UTC). */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  active: boolean;
  /** Declared by WEBHOOK_URL/WEBHOOK_SECRET: its URL, secret and events follow the environment. */
  fromEnvironment: boolean;
  /** Set when deliveries kept failing for the whole retry schedule; nothing is sent until it is enabled again. */
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  /** Until when the secret replaced by the last rotation is still signed with. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  counts: WebhookDeliveryCounts;
};

/** One delivery (an event to this endpoint) as the log lists it. */
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

/** One attempt to deliver, as the log lists it. */
export type WebhookAttemptView = {
  id: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attemptedAt: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
};

/** A signing secret just made (on creation or rotation): shown once, then never again. */
export type NewWebhookSecret = {
  secret: string;
  reason: "created" | "rotated";
  /** After a rotation: until when the previous secret is still signed with too. */
  previousValidUntil?: string;
};

/**
 * An action's answer when a form was not accepted: which form, the values as typed (shown again) and one message
 * per field. `not-found` is an endpoint id that names no endpoint; `environment` is a change the environment's
 * endpoint does not take (its URL, secret and events follow WEBHOOK_URL and WEBHOOK_SECRET).
 */
export type WebhookFormAnswer =
  | {
      form: "endpoint";
      /** The endpoint being edited; absent for "Add an endpoint". */
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
