/** ADR 0033: the admin form, its schema and the payloads all read this one list. */
export const webhookEventTypes = [
  "lead.created",
  "lead.erased",
  "demo.booked",
  "demo.rescheduled",
  "demo.cancelled",
  "order.created",
  "order.paid",
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Sent only by the admin's "Send test event", whatever the endpoint asked for. */
export const webhookTestEventType = "webhook.test";

export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  "lead.created": "A demo request was submitted (with or without a time).",
  "lead.erased": "A lead was erased at the person's request: erase it too (ids only, no personal data).",
  "demo.booked": "A demo was booked for a lead.",
  "demo.rescheduled": "A booked demo moved to another time or host.",
  "demo.cancelled": "A booked demo was cancelled.",
  "order.created": "A checkout created an order (not paid yet).",
  "order.paid": "An order was paid.",
};

/** The payloads' version: a change that breaks a receiver gets a new one. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
