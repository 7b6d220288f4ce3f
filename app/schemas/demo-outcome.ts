import { z } from "zod";

// ADR 0032. The database's CHECK constraint, the form and the dashboard all read this list.

export const demoOutcomes = ["held", "no-show", "host-cancelled"] as const;
export type DemoOutcome = (typeof demoOutcomes)[number];

export const demoOutcomeLabels: Record<DemoOutcome, string> = {
  held: "Held",
  "no-show": "No-show",
  "host-cancelled": "Cancelled by host",
};

/** Exact values only: no trimming, no other spelling. */
export const demoOutcomeSchema = z.enum(demoOutcomes, {
  errorMap: () => ({ message: `Unknown outcome; use one of ${demoOutcomes.join(", ")}.` }),
});

/** Anything else is "not found" without a query (a NUL would make PostgreSQL fail the statement). */
export const bookingIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

export type PastDemo = {
  bookingId: string;
  /** The slot's start, ISO UTC. */
  start: string;
  /** "Tue, Mar 17, 2026" and "9:00 AM–9:15 AM", in the business's zone. */
  day: string;
  time: string;
  name: string;
  company: string;
  hostName: string | null;
  outcome: DemoOutcome | null;
};

export type PastDemos = {
  items: PastDemo[];
  page: number;
  totalPages: number;
  total: number;
  from: string;
  to: string;
  timeZoneLabel: string;
};
