import { json, type TypedResponse } from "@remix-run/node";
import { demoTimeZones } from "~/content/demo-time-zones";
import { getPlan, plans } from "~/content/plans";
import type { DemoRoutingChangeRow } from "~/db/schema.server";
import type { AdminUser } from "~/models/admin/user.server";
import { listHosts, type DemoHost } from "~/models/demo/host.server";
import {
  deleteRule,
  deleteTeam,
  listRoutingChanges,
  moveRule,
  readRoutingSetup,
  saveRule,
  saveTeam,
  type RoutingSetup,
} from "~/models/demo/routing.server";
import { dealVolumes } from "~/schemas/demo-request-fields";
import {
  everyActiveHostTeam,
  routingOutcomes,
  trades,
  type RoutingConditions,
  type RoutingOutcome,
} from "~/schemas/demo-routing";
import {
  outcomeShortLabels,
  ruleFormFields,
  ruleListFields,
  routingHref,
  routingRuleSchema,
  routingTeamSchema,
  routingTrySchema,
  teamFormFields,
  tryFormFields,
  type ChangeView,
  type RoutingAnswer,
  type RuleView,
  type TeamView,
  type TryResult,
} from "~/schemas/demo-routing-admin";
import { adminHeaders, answerRejected } from "~/services/admin/session.server";
import { seedFromSettings } from "~/services/demo/hosts.server";
import { tryRoute } from "~/services/demo/routing.server";
import { instantAt } from "~/services/demo/slots.server";
import { getBookingSettings } from "~/utils/env.server";
import { assertSameOrigin, firstErrors, idOf, readForm, RequestRejected } from "~/utils/http/request.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";
import { now } from "~/utils/time/clock.server";
import { formatZonedShort } from "~/utils/time/time-zone-format";
import { timeZoneOptionLabel } from "~/utils/time/zoned-time";

// Issue #54, ADR 0057: the business's teams and rules, the try-it form and the audit of changes. Read fresh, not
// the cached copies: a stale one could show the admin the setup as it was before their own change.

const AUDIT_ROWS = 100;

function readHosts(): Promise<DemoHost[]> {
  return listHosts(seedFromSettings());
}

const orList = (values: readonly string[]) => values.join(" or ");

/** "Deal volume is 100+; trade is Roofing", or "Every lead" for a rule with no condition. */
export function conditionsText(conditions: RoutingConditions): string {
  const parts = [
    conditions.dealVolumes ? `deal volume is ${orList(conditions.dealVolumes)}` : "",
    conditions.trades ? `trade is ${orList(conditions.trades)}` : "",
    conditions.timeZones ? `time zone is ${orList(conditions.timeZones)}` : "",
    conditions.knownEmail === undefined
      ? ""
      : conditions.knownEmail
        ? "the e-mail is already a lead's or a customer's"
        : "the e-mail is new",
  ].filter(Boolean);
  if (parts.length === 0) return "Every lead";
  const text = parts.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function teamName(setup: RoutingSetup, teamId: string | null): string {
  const team = setup.teams.find((candidate) => candidate.id === teamId);
  if (team) return team.name;
  const fallback = setup.teams.find((candidate) => candidate.isDefault);
  return fallback ? `${fallback.name} (the default team)` : `${everyActiveHostTeam} (the default)`;
}

const actionLabels: Record<string, string> = {
  "team.created": "Team added",
  "team.updated": "Team changed",
  "team.deleted": "Team deleted",
  "rule.created": "Rule added",
  "rule.updated": "Rule changed",
  "rule.deleted": "Rule deleted",
  "rule.moved": "Rule moved",
};

/** What one audit row says, in words; names of hosts and teams as they are now (ids when they are gone). */
function changeText(change: DemoRoutingChangeRow, hostNames: Map<string, string>, setup: RoutingSetup): string {
  const details = change.details as Record<string, unknown>;
  const name = typeof details.name === "string" ? `“${details.name}”` : (change.subjectId ?? "");
  if (change.action.startsWith("team.") && change.action !== "team.deleted") {
    const members = Array.isArray(details.members) ? (details.members as { hostId: string; weight: number }[]) : [];
    const who = members.map((member) => `${hostNames.get(member.hostId) ?? member.hostId} ×${member.weight}`);
    return `${name}: ${who.length > 0 ? who.join(", ") : "no members"}${details.isDefault ? "; the default team" : ""}`;
  }
  if (change.action === "rule.created" || change.action === "rule.updated") {
    const conditions = (details.conditions ?? {}) as RoutingConditions;
    const plan = typeof details.selfServePlanId === "string" ? getPlan(details.selfServePlanId)?.name : undefined;
    return [
      `${name} at position ${String(details.position)}`,
      conditionsText(conditions),
      `${outcomeShortLabels[details.outcome as RoutingOutcome] ?? String(details.outcome)}${plan ? ` (${plan})` : ""}`,
      teamName(setup, (details.teamId as string | null) ?? null),
    ].join(" → ");
  }
  if (change.action === "rule.moved") return `${name} ${details.direction === "up" ? "earlier" : "later"}`;
  return name;
}

export async function routingPage(url: URL) {
  const at = now();
  const settings = getBookingSettings();
  const [hosts, setup, changes] = await Promise.all([readHosts(), readRoutingSetup(), listRoutingChanges(AUDIT_ROWS)]);
  const hostNames = new Map(hosts.map((host) => [host.id, host.name]));
  const teams: TeamView[] = setup.teams.map((team) => ({
    id: team.id,
    name: team.name,
    isDefault: team.isDefault,
    members: team.members.map((member) => {
      const host = hosts.find((candidate) => candidate.id === member.hostId);
      return {
        hostId: member.hostId,
        weight: member.weight,
        name: host?.name ?? member.hostId,
        active: !!host?.active,
      };
    }),
    ruleCount: setup.rules.filter((rule) => rule.teamId === team.id).length,
  }));
  const rules: RuleView[] = setup.rules.map((rule) => ({
    ...rule,
    conditionsText: conditionsText(rule.conditions),
    teamName: teamName(setup, rule.teamId),
    planName: rule.selfServePlanId ? (getPlan(rule.selfServePlanId)?.name ?? rule.selfServePlanId) : null,
  }));
  const audit: ChangeView[] = changes.map((change) => ({
    id: change.id,
    at: change.changedAt.toISOString(),
    by: change.changedBy,
    action: actionLabels[change.action] ?? change.action,
    text: changeText(change, hostNames, setup),
  }));
  const teamParam = url.searchParams.get("team");
  const ruleParam = url.searchParams.get("rule");
  const editTeamId = teams.find((team) => team.id === teamParam)?.id ?? null;
  const editRuleId = rules.find((rule) => rule.id === ruleParam)?.id ?? null;
  const editNotFound = (teamParam !== null && !editTeamId) || (ruleParam !== null && !editRuleId);
  const zones = [...new Set([settings.timeZone, ...demoTimeZones])];
  return json(
    {
      hosts: hosts.map((host) => ({ id: host.id, name: host.name, active: host.active })),
      activeHosts: hosts.filter((host) => host.active).length,
      teams,
      rules,
      defaultTeam: teams.find((team) => team.isDefault)?.name ?? null,
      audit,
      editTeamId,
      editRuleId,
      editNotFound,
      options: {
        dealVolumes: [...dealVolumes],
        trades,
        outcomes: [...routingOutcomes],
        plans: plans.map((plan) => ({ id: plan.id, name: plan.name })),
        zones: zones.map((zone) => ({ value: zone, label: `${timeZoneOptionLabel(zone, at)} — ${zone}` })),
      },
      businessZone: settings.timeZone,
    },
    { status: editNotFound ? 404 : 200, headers: adminHeaders },
  );
}

// What is echoed back into a refused form: the fields it has, as text, and no more of each than an input holds.
const ECHO_MAX_LENGTH = 600;
const ECHO_MAX_ITEMS = 40;

function echo(form: FormData, fields: readonly string[], lists: readonly string[] = []) {
  const values: Record<string, string | string[]> = {};
  for (const field of fields) {
    if (lists.includes(field)) {
      values[field] = form
        .getAll(field)
        .filter((value): value is string => typeof value === "string")
        .slice(0, ECHO_MAX_ITEMS)
        .map((value) => value.slice(0, ECHO_MAX_LENGTH));
    } else {
      const value = form.get(field);
      if (typeof value === "string") values[field] = value.slice(0, ECHO_MAX_LENGTH);
    }
  }
  return values;
}

/** A unique index's refusal (23505), as the driver or drizzle reports it (drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function refused(answer: RoutingAnswer, status = 400): TypedResponse<RoutingAnswer> {
  return json(answer, { status, headers: adminHeaders });
}

const notFound = () => refused({ form: "not-found" }, 404);

async function saveTeamAnswer(form: FormData, teamId: string | undefined, admin: AdminUser) {
  const [hosts, setup] = await Promise.all([readHosts(), readRoutingSetup()]);
  if (teamId !== undefined && !setup.teams.some((team) => team.id === teamId)) return notFound();
  const hostIds = hosts.map((host) => host.id);
  const fields = teamFormFields(hostIds);
  const parsed = routingTeamSchema(hostIds).safeParse(Object.fromEntries(form));
  const errors = parsed.success ? {} : firstErrors(parsed.error.flatten().fieldErrors, fields);
  const name = parsed.success ? parsed.data.name : "";
  if (name && setup.teams.some((team) => team.id !== teamId && team.name.toLowerCase() === name.toLowerCase())) {
    errors.name = `Another team is already called ${name}: pick another name`;
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return refused({ form: "team", teamId, values: echo(form, fields), errors });
  }
  let id: string;
  try {
    id = await saveTeam(admin.username, parsed.data, teamId);
  } catch (error) {
    // Another admin took the name between the check above and this write: the unique index said no.
    if (!isUniqueViolation(error)) throw error;
    errors.name = `Another team is already called ${name}: pick another name`;
    return refused({ form: "team", teamId, values: echo(form, fields), errors });
  }
  const count = parsed.data.members.length;
  return redirectWithSuccess(routingHref(`team-${id}`), {
    message: `Team ${parsed.data.name} ${teamId ? "saved" : "added"}`,
    description: [
      `${count} host${count === 1 ? "" : "s"}.`,
      parsed.data.isDefault ? "Leads no rule matches go to it." : "",
      count === 0 ? "With no hosts it offers no times: add some." : "",
    ]
      .filter(Boolean)
      .join(" "),
  });
}

async function deleteTeamAnswer(teamId: string | undefined, admin: AdminUser) {
  const setup = await readRoutingSetup();
  const team = setup.teams.find((candidate) => candidate.id === teamId);
  if (!team || !(await deleteTeam(admin.username, team.id, { name: team.name }))) {
    return redirectWithError(routingHref("teams"), {
      message: "Team not found",
      description: "It may have been deleted already.",
    });
  }
  const rules = setup.rules.filter((rule) => rule.teamId === team.id).length;
  return redirectWithSuccess(routingHref("teams"), {
    message: `Team ${team.name} deleted`,
    description: rules
      ? `${rules} rule${rules === 1 ? "" : "s"} that sent leads to it now use${rules === 1 ? "s" : ""} the default team.`
      : "",
  });
}

/** The rule form as the schema reads it: the lists with getAll, the rest as single values. */
function ruleFormObject(form: FormData) {
  const object: Record<string, unknown> = Object.fromEntries(form);
  for (const field of ruleListFields) object[field] = form.getAll(field);
  return object;
}

async function saveRuleAnswer(form: FormData, ruleId: string | undefined, admin: AdminUser) {
  const setup = await readRoutingSetup();
  const existing = setup.rules.find((rule) => rule.id === ruleId);
  if (ruleId !== undefined && !existing) return notFound();
  const parsed = routingRuleSchema.safeParse(ruleFormObject(form));
  const errors = parsed.success ? {} : firstErrors(parsed.error.flatten().fieldErrors, ruleFormFields);
  if (parsed.success && parsed.data.teamId && !setup.teams.some((team) => team.id === parsed.data.teamId)) {
    errors.teamId = "Pick a team from the list: that one no longer exists";
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return refused({ form: "rule", ruleId, values: echo(form, ruleFormFields, ruleListFields), errors });
  }
  const lastPosition = Math.max(0, ...setup.rules.map((rule) => rule.position));
  const position = parsed.data.position ?? existing?.position ?? lastPosition + 1;
  const id = await saveRule(admin.username, { ...parsed.data, position }, ruleId);
  return redirectWithSuccess(routingHref(`rule-${id}`), {
    message: `Rule ${parsed.data.name} ${ruleId ? "saved" : "added"}`,
    description: `${conditionsText(parsed.data.conditions)}: tried at position ${position}.`,
  });
}

async function deleteRuleAnswer(ruleId: string | undefined, admin: AdminUser) {
  const rule = (await readRoutingSetup()).rules.find((candidate) => candidate.id === ruleId);
  if (!rule || !(await deleteRule(admin.username, rule.id, { name: rule.name }))) {
    return redirectWithError(routingHref("rules"), {
      message: "Rule not found",
      description: "It may have been deleted already.",
    });
  }
  return redirectWithSuccess(routingHref("rules"), { message: `Rule ${rule.name} deleted` });
}

async function moveRuleAnswer(ruleId: string | undefined, direction: FormDataEntryValue | null, admin: AdminUser) {
  if (direction !== "up" && direction !== "down") throw new RequestRejected(400, "Unknown direction.");
  const rule = (await readRoutingSetup()).rules.find((candidate) => candidate.id === ruleId);
  if (!rule) {
    return redirectWithError(routingHref("rules"), {
      message: "Rule not found",
      description: "It may have been deleted.",
    });
  }
  if (!(await moveRule(admin.username, rule.id, direction, { name: rule.name }))) {
    return redirectWithError(routingHref(`rule-${rule.id}`), {
      message: `Rule ${rule.name} is already ${direction === "up" ? "first" : "last"}`,
    });
  }
  return redirectWithSuccess(routingHref(`rule-${rule.id}`), {
    message: `Rule ${rule.name} moved ${direction === "up" ? "earlier" : "later"}`,
  });
}

async function tryAnswer(form: FormData): Promise<TypedResponse<RoutingAnswer>> {
  const values = echo(form, tryFormFields);
  const parsed = routingTrySchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return refused({ form: "try", values, errors: firstErrors(parsed.error.flatten().fieldErrors, tryFormFields) });
  }
  const answers = parsed.data;
  const settings = getBookingSettings();
  let start: Date | undefined;
  if (answers.at) {
    const [date, time] = answers.at.split("T");
    const [hour, minute] = time.split(":").map(Number);
    start = hour < 24 && minute < 60 ? instantAt(date, hour * 60 + minute, settings.timeZone) : undefined;
    if (!start) {
      return refused({
        form: "try",
        values,
        errors: { at: `That time does not exist in ${settings.timeZone} (a clock change skips it): pick another` },
      });
    }
  }
  const tried = await tryRoute({
    answers: {
      dealVolume: answers.dealVolume || null,
      trade: answers.trade || null,
      timeZone: answers.timeZone || null,
    },
    ...(answers.lead === "email" ? { email: answers.email } : { knownEmail: answers.lead === "known" }),
    start,
  });
  const { route } = tried;
  const requestOnly = route.outcome === "request-only";
  const result: TryResult = {
    rule: route.rule ? route.rule.name : "No rule matched: the default",
    outcome: route.outcome,
    team: route.team.name,
    plan: route.trace.plan ? (getPlan(route.trace.plan)?.name ?? route.trace.plan) : null,
    at: tried.start ? formatZonedShort(tried.start, settings.timeZone) : null,
    host: tried.host ? { name: tried.host.name, reason: tried.host.reason } : null,
    noHost: tried.host
      ? null
      : requestOnly
        ? "No host: a request-only lead is offered no times; the team calls back."
        : route.team.members.length === 0
          ? "No host: the team has no active members."
          : start
            ? "No host of the team is free at that time (working hours, time off, other demos, daily maximums)."
            : "The team has no free time within the booking horizon.",
    knownEmail: route.trace.answers.knownEmail ?? (answers.lead === "email" ? null : answers.lead === "known"),
  };
  return json({ form: "try", values, errors: {}, result } satisfies RoutingAnswer, { headers: adminHeaders });
}

/** The caller has checked the admin session. */
export async function routingAction(request: Request, admin: AdminUser): Promise<TypedResponse<RoutingAnswer>> {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    switch (form.get("intent")) {
      case "add-team":
        return await saveTeamAnswer(form, undefined, admin);
      case "edit-team":
        return await saveTeamAnswer(form, idOf(form.get("teamId")) ?? "", admin);
      case "delete-team":
        return await deleteTeamAnswer(idOf(form.get("teamId")), admin);
      case "add-rule":
        return await saveRuleAnswer(form, undefined, admin);
      case "edit-rule":
        return await saveRuleAnswer(form, idOf(form.get("ruleId")) ?? "", admin);
      case "delete-rule":
        return await deleteRuleAnswer(idOf(form.get("ruleId")), admin);
      case "move-rule":
        return await moveRuleAnswer(idOf(form.get("ruleId")), form.get("direction"), admin);
      case "try-route":
        return await tryAnswer(form);
      default:
        throw new RequestRejected(400, "Unknown routing action.");
    }
  } catch (error) {
    return answerRejected(error);
  }
}
