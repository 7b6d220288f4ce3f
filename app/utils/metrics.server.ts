import { Counter, Histogram, Registry } from "prom-client";
import { remember } from "~/utils/singleton.server";

// Prometheus metrics through prom-client (ADR 49). Labels are bounded: route patterns, never paths; an endpoint's id,
// never its URL; no address of any kind. Kept across dev rebuilds, so each metric is registered once.

export const metricsRegistry = remember("metrics registry", () => new Registry());

const registers = [metricsRegistry];

const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
  remember(`metric ${name}`, () => new Counter({ name, help, labelNames, registers }));

export const httpRequests = counter(
  "groundwork_http_requests_total",
  "Requests answered, by method, route pattern and status class.",
  ["method", "route", "status"],
);

export const httpRequestDuration = remember(
  "metric http request duration",
  () =>
    new Histogram({
      name: "groundwork_http_request_duration_seconds",
      help: "Time from a request's arrival to its last byte, by method, route pattern and status class.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
);

export const webhookDeliveries = counter(
  "groundwork_webhook_deliveries_total",
  "Webhook delivery attempts by endpoint id and outcome (delivered, retrying, failed).",
  ["endpoint", "outcome"],
);

export const demoReminders = counter(
  "groundwork_demo_reminders_total",
  "Demo reminders by outcome: sent on time, sent late (over a minute after due), or skipped as too late.",
  ["outcome"],
);

export const rateLimitRefusals = counter(
  "groundwork_rate_limit_refusals_total",
  "Requests refused by a rate limit, by limit.",
  ["limit"],
);

export const passwordChecks = counter(
  "groundwork_admin_password_checks_total",
  "Password checks run at sign-in (argon2, also for an unknown username), by outcome (accepted, rejected).",
  ["outcome"],
);

export const paymentsWithoutOrder = counter(
  "groundwork_payments_without_order_total",
  "Checkout Sessions Stripe reported paid whose order was gone, expired or canceled: each needs an admin.",
  [],
);

/** "2xx", "4xx"…: a label with five values, whatever the status. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
