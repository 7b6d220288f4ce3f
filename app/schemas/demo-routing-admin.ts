import { z } from "zod";
import { planIds } from "~/content/plans";
import { dealVolumes } from "~/schemas/demo-request-fields";
import { routingOutcomes, trades, type RoutingConditions, type RoutingOutcome } from "~/schemas/demo-routing";
import { textField } from "~/schemas/text-rules";
import { isTimeZone } from "~/utils/time/zoned-time";

// The /admin/routing forms (issue #54, ADR 0057) work without JavaScript, so these run on the server; the components
// read the field names from here.

export const routingHref = (anchor = "") => `/admin/routing${anchor ? `#${anchor}` : ""}`;
export const editTeamHref = (id: string) => `/admin/routing?team=${encodeURIComponent(id)}#edit-team`;
export const editRuleHref = (id: string) => `/admin/routing?rule=${encodeURIComponent(id)}#edit-rule`;

export const ROUTING_NAME_MAX_LENGTH = 80;
export const WEIGHT_MAX = 100;
export const MAX_RULE_ZONES = 30;
export const ZONES_TEXT_MAX_LENGTH = 600;
export const TRY_EMAIL_MAX_LENGTH = 254;

/** The weight of a host in the team form: `weight-<host id>`, left empty when the host is not a member. */
export const weightField = (hostId: string) => `weight-${hostId}`;

export const outcomeLabels: Record<RoutingOutcome, string> = {
  team: "Book with the team",
  owner: "Book with the lead's owner (the host of their last demo) when free, else the team",
  "self-serve": "Offer the self-serve checkout (with a plan) beside booking with the team",
  "request-only": "Request only: no times, the team calls back",
};

/** How a rule's outcome reads in a list (the team is named beside it). */
export const outcomeShortLabels: Record<RoutingOutcome, string> = {
  team: "book with the team",
  owner: "book with the lead's owner when free, else the team",
  "self-serve": "offer self-serve beside booking with the team",
  "request-only": "request only, the team calls back",
};

const weightProblem = `A weight is a whole number from 1 to ${WEIGHT_MAX} (leave it empty to leave the host out)`;

const checkbox = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be a checkbox` })
    .optional()
    .transform((value) => value !== undefined);

/**
 * The team form, for the hosts that exist (`hostIds`): each weight is a whole number from 1 to 100, empty for a
 * host who is not in the team. The fields are named by `weightField`.
 */
export function routingTeamSchema(hostIds: readonly string[]) {
  const weight = z
    .string({ invalid_type_error: weightProblem })
    .trim()
    .optional()
    .refine(
      (text) => !text || (/^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= WEIGHT_MAX),
      weightProblem,
    )
    .transform((text) => (text ? Number(text) : null));
  const weights = Object.fromEntries(hostIds.map((hostId) => [weightField(hostId), weight]));
  return z
    .object({
      name: textField("Team name", { min: 1, max: ROUTING_NAME_MAX_LENGTH }),
      isDefault: checkbox("Default team"),
      ...weights,
    })
    .transform((form) => {
      const byField = form as unknown as Record<string, number | null>;
      return {
        name: form.name,
        isDefault: form.isDefault,
        members: hostIds.flatMap((hostId) => {
          const value = byField[weightField(hostId)];
          return value ? [{ hostId, weight: value }] : [];
        }),
      };
    });
}

/** In the form's order, which the error summary follows. */
export const teamFormFields = (hostIds: readonly string[]) => ["name", ...hostIds.map(weightField), "isDefault"];

export const knownEmailChoices = [
  { value: "", label: "Either" },
  { value: "known", label: "Known: already a lead or a customer" },
  { value: "new", label: "New: not known yet" },
] as const;

const choiceList = <T extends string>(allowed: readonly T[], message: string) =>
  z
    .array(z.string(), { invalid_type_error: message })
    .max(allowed.length, message)
    .refine((values) => values.every((value) => (allowed as readonly string[]).includes(value)), message)
    .transform((values) => [...new Set(values)] as T[]);

/** "America/Chicago, Europe/" → the zones, each an IANA name or a region ending in "/". */
export function parseZoneList(text: string): { zones: string[] } | { error: string } {
  const zones = [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((zone) => zone.trim())
        .filter(Boolean),
    ),
  ];
  if (zones.length > MAX_RULE_ZONES) return { error: `At most ${MAX_RULE_ZONES} time zones` };
  const bad = zones.find((zone) => !(zone.endsWith("/") ? /^[A-Za-z_]+\/$/.test(zone) : isTimeZone(zone)));
  if (bad !== undefined) {
    return {
      error: `“${bad.slice(0, 60)}” is not a time zone: write names like America/Chicago, or a region like Europe/`,
    };
  }
  return { zones };
}

const planProblem = "Pick the plan the self-serve checkout opens with";

/**
 * Multiple choices arrive as arrays (`dealVolumes`, `trades`); the route action reads them with getAll. The plan is
 * checked against the outcome inside its own field (the outcome is handed to it first), so its error shows beside
 * the others' rather than only once every other field is right.
 */
export const routingRuleSchema = z.preprocess(
  (raw) =>
    raw && typeof raw === "object"
      ? {
          ...raw,
          selfServePlanId: {
            outcome: (raw as Record<string, unknown>).outcome,
            plan: (raw as Record<string, unknown>).selfServePlanId,
          },
        }
      : raw,
  z
    .object({
      name: textField("Rule name", { min: 1, max: ROUTING_NAME_MAX_LENGTH }),
      position: z
        .string({ invalid_type_error: "The position is a whole number from 1" })
        .trim()
        .optional()
        .refine((value) => !value || /^\d{1,4}$/.test(value), "The position is a whole number from 1 to 9999")
        .transform((value) => (value ? Number(value) : undefined))
        .refine((value) => value === undefined || value >= 1, "The position is a whole number from 1 to 9999"),
      dealVolumes: choiceList(dealVolumes, "Pick deal volumes from the list"),
      trades: choiceList(trades, "Pick trades from the list"),
      timeZones: z
        .string({ invalid_type_error: "Write time zones as text" })
        .max(ZONES_TEXT_MAX_LENGTH, `Write at most ${ZONES_TEXT_MAX_LENGTH} characters of time zones`)
        .optional()
        .transform((value, ctx) => {
          const parsed = parseZoneList(value ?? "");
          if ("error" in parsed) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
            return z.NEVER;
          }
          return parsed.zones;
        }),
      knownEmail: z
        .enum(["", "known", "new"], { errorMap: () => ({ message: "Pick known, new or either" }) })
        .optional(),
      outcome: z.enum(routingOutcomes, { errorMap: () => ({ message: "Pick what the rule leads to" }) }),
      teamId: z.string({ invalid_type_error: "Pick a team from the list" }).max(64).optional(),
      selfServePlanId: z
        .object({ outcome: z.unknown(), plan: z.unknown() })
        .refine(
          ({ outcome, plan }) =>
            outcome !== "self-serve" || (typeof plan === "string" && (planIds as readonly string[]).includes(plan)),
          planProblem,
        )
        // Only a self-serve rule keeps a plan (the database's CHECK says so too).
        .transform(({ outcome, plan }) => (outcome === "self-serve" ? (plan as string) : null)),
    })
    .transform((rule) => {
      const conditions: RoutingConditions = {};
      if (rule.dealVolumes.length > 0) conditions.dealVolumes = rule.dealVolumes;
      if (rule.trades.length > 0) conditions.trades = rule.trades;
      if (rule.timeZones.length > 0) conditions.timeZones = rule.timeZones;
      if (rule.knownEmail) conditions.knownEmail = rule.knownEmail === "known";
      return {
        name: rule.name,
        position: rule.position,
        conditions,
        outcome: rule.outcome,
        teamId: rule.teamId || null,
        selfServePlanId: rule.selfServePlanId,
      };
    }),
);

export const ruleFormFields = [
  "name",
  "position",
  "dealVolumes",
  "trades",
  "timeZones",
  "knownEmail",
  "outcome",
  "teamId",
  "selfServePlanId",
] as const;
export type RuleFormField = (typeof ruleFormFields)[number];
/** The fields sent as several values. */
export const ruleListFields = ["dealVolumes", "trades"] as const;

const isEmail = (value: string) => z.string().email().safeParse(value).success;
const emailProblem = "Enter the e-mail address to look up, or pick new or known";

/**
 * The try-it form: the answers a visitor would give, and who the lead is; `at` is in the business's zone. The
 * address is checked with the lead choice handed to its field, so its error shows beside the others'.
 */
export const routingTrySchema = z.preprocess(
  (raw) =>
    raw && typeof raw === "object"
      ? {
          ...raw,
          email: { lead: (raw as Record<string, unknown>).lead, address: (raw as Record<string, unknown>).email },
        }
      : raw,
  z.object({
    dealVolume: z.enum(["", ...dealVolumes], { errorMap: () => ({ message: "Pick a deal volume from the list" }) }),
    trade: z
      .string({ invalid_type_error: "Pick a trade from the list" })
      .refine((value) => value === "" || trades.includes(value), "Pick a trade from the list"),
    timeZone: z
      .string({ invalid_type_error: "Pick a time zone from the list" })
      .refine((value) => value === "" || isTimeZone(value), "Pick a time zone from the list"),
    lead: z.enum(["new", "known", "email"], { errorMap: () => ({ message: "Say who the lead is" }) }),
    email: z
      .object({ lead: z.unknown(), address: z.unknown() })
      .refine(
        ({ lead, address }) =>
          lead !== "email" ||
          (typeof address === "string" && address.trim().length <= TRY_EMAIL_MAX_LENGTH && isEmail(address.trim())),
        emailProblem,
      )
      .transform(({ lead, address }) => (lead === "email" ? String(address).trim() : undefined)),
    at: z
      .string({ invalid_type_error: "Enter a date and time" })
      .trim()
      .optional()
      .refine(
        (value) => !value || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value),
        "Enter a date and time like 2027-02-01T10:00, or leave it empty for the first free time",
      ),
  }),
);

export const tryFormFields = ["dealVolume", "trade", "timeZone", "lead", "email", "at"] as const;
export type TryFormField = (typeof tryFormFields)[number];

/** What the page shows of a team. */
export type TeamView = {
  id: string;
  name: string;
  isDefault: boolean;
  members: { hostId: string; name: string; weight: number; active: boolean }[];
  /** The rules that send leads to it. */
  ruleCount: number;
};

export type RuleView = {
  id: string;
  name: string;
  position: number;
  conditions: RoutingConditions;
  /** "Deal volume is 100+; trade is Roofing", or "Every lead". */
  conditionsText: string;
  outcome: RoutingOutcome;
  teamId: string | null;
  teamName: string;
  selfServePlanId: string | null;
  planName: string | null;
};

export type ChangeView = { id: string; at: string; by: string; action: string; text: string };

/** The try-it result: what would happen to that lead now, booking nothing. */
export type TryResult = {
  rule: string;
  outcome: RoutingOutcome;
  team: string;
  plan: string | null;
  /** When a host would be picked (in the business's zone), or why none would be. */
  at: string | null;
  host: { name: string; reason: string } | null;
  noHost: string | null;
  knownEmail: boolean | null;
};

type FormValues = Record<string, string | string[]>;

/** A refused form with the values as sent, or the try-it's answer. */
export type RoutingAnswer =
  | { form: "team"; teamId?: string; values: FormValues; errors: Partial<Record<string, string>> }
  | { form: "rule"; ruleId?: string; values: FormValues; errors: Partial<Record<RuleFormField, string>> }
  | { form: "try"; values: FormValues; errors: Partial<Record<TryFormField, string>>; result?: TryResult }
  | { form: "not-found" };
