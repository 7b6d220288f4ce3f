import { z } from "zod";

// What became of a demo whose slot has ended (issue #24, ADR 0032): sales mark it on /admin. The stored values, the
// database's CHECK constraint (app/db/schema.server.ts), the form's buttons and the dashboard's columns all read
// this list, so they name one set.

export const demoOutcomes = ["held", "no-show", "host-cancelled"] as const;
export type DemoOutcome = (typeof demoOutcomes)[number];

export const demoOutcomeLabels: Record<DemoOutcome, string> = {
  held: "Held",
  "no-show": "No-show",
  "host-cancelled": "Cancelled by host",
};

/** The admin form's `outcome` field: one of the three values exactly (no trimming, no other spelling). */
export const demoOutcomeSchema = z.enum(demoOutcomes, {
  errorMap: () => ({ message: `Unknown outcome; use one of ${demoOutcomes.join(", ")}.` }),
});

/**
 * The form's `bookingId`: ids are UUIDs (and `host-…`-like test ids), so anything else cannot name a booking and is
 * answered as "not found" without a query (a NUL would make PostgreSQL fail the statement).
 */
export const bookingIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** A live demo whose slot has ended, as the past-demos list on /admin shows it. */
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
  /** The dashboard's range, whose ended demos these are. */
  from: string;
  to: string;
  timeZoneLabel: string;
};
