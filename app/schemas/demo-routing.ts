import { industries } from "~/content/industries";
import type { DealVolume } from "~/schemas/demo-request-fields";

// Issue #54, ADR 0057. Free of zod: the database's CHECK constraints, the engine, the admin's forms and
// the visitor's optional select all read these lists.

/** The spec's industry list: the optional `trade` answer of the demo form. */
export const trades = industries.map((industry) => industry.name);

export function isTrade(value: unknown): value is string {
  return typeof value === "string" && trades.includes(value);
}

/**
 * What a matched rule leads to. `self-serve` offers checkout with a plan preselected beside booking with the team,
 * never instead of it; `request-only` offers no times (the team calls back).
 */
export const routingOutcomes = ["team", "owner", "self-serve", "request-only"] as const;
export type RoutingOutcome = (typeof routingOutcomes)[number];

/**
 * A rule's conditions on the form's non-personal answers, all of which must hold (a list holds when the answer is
 * one of it). A time zone entry ending in "/" is a region ("Europe/"). Absent: not looked at.
 */
export type RoutingConditions = {
  dealVolumes?: DealVolume[];
  trades?: string[];
  timeZones?: string[];
  /** Whether the e-mail already belongs to a lead or a customer. */
  knownEmail?: boolean;
};

/**
 * Why a lead went where it went, stored with the lead (demo_requests.routing) and carried in the 201 of
 * POST /api/demo-requests, the lead and demo webhooks and the CSV once the business has set up routing
 * (`configured`). `host` is set when a time was booked.
 */
export type RoutingTrace = {
  configured: boolean;
  rule: { id: string; name: string } | "default";
  outcome: RoutingOutcome;
  /** `id` null: the implicit team of every active host. */
  team: { id: string | null; name: string };
  /** `self-serve`: the plan the checkout opens with. */
  plan?: string;
  /** The answers the rules were matched on; `knownEmail` only when a rule or the outcome needed it. */
  answers: { dealVolume: string | null; trade: string | null; timeZone: string | null; knownEmail?: boolean };
  host?: { id: string; name: string; reason: string };
};

/** The implicit team's name in a trace. */
export const everyActiveHostTeam = "Every active host";
