import { Counter, Histogram, Registry } from "prom-client";
import { remember } from "~/utils/singleton.server";

// Prometheus metrics through prom-client (ADR 49). Labels are bounded: route patterns, never paths; an endpoint's id,
// never its URL; no address of any kind. Kept across dev rebuilds, so each metric is registered once.

export const metricsRegistry = remember("metrics registry", () => new Registry());

const registers = [metricsRegistry];

export const httpRequests = remember(
  "metric http requests",
  () =>
    new Counter({
      name: "groundwork_http_requests_total",
      help: "Requests answered, by method, route pattern and status class.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
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

export const webhookDeliveries = remember(
  "metric webhook deliveries",
  () =>
    new Counter({
      name: "groundwork_webhook_deliveries_total",
      help: "Webhook delivery attempts by endpoint id and outcome (delivered, retrying, failed).",
      labelNames: ["endpoint", "outcome"] as const,
      registers,
    }),
);

export const demoReminders = remember(
  "metric demo reminders",
  () =>
    new Counter({
      name: "groundwork_demo_reminders_total",
      help: "Demo reminders by outcome: sent on time, sent late (over a minute after due), or skipped as too late.",
      labelNames: ["outcome"] as const,
      registers,
    }),
);

export const rateLimitRefusals = remember(
  "metric rate-limit refusals",
  () =>
    new Counter({
      name: "groundwork_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by limit.",
      labelNames: ["limit"] as const,
      registers,
    }),
);

/** "2xx", "4xx"…: a label with five values, whatever the status. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
