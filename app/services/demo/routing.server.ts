import type { DemoHost } from "~/models/demo/host.server";
import { previewHostPick, type HostChoice } from "~/models/demo/booking.server";
import { leadHistoryOf, type RoutingRule, type RoutingSetup } from "~/models/demo/routing.server";
import {
  everyActiveHostTeam,
  isTrade,
  type RoutingConditions,
  type RoutingOutcome,
  type RoutingTrace,
} from "~/schemas/demo-routing";
import { currentHosts, currentRoutingSetup, hostChoiceAt } from "~/services/demo/hosts.server";
import { getBookingSettings, type BookingSettings } from "~/utils/env.server";
import { now } from "~/utils/time/clock.server";
import { isTimeZone } from "~/utils/time/zoned-time";
import { isDealVolume } from "~/schemas/demo-request-fields";
import { availableSlots, type SlotsOffer } from "~/services/demo/slots.server";

// ADR 0057: which rule a lead matches, what it is offered and with which team; the host is picked by the database
// when the booking is written (models/demo/booking), among the team's hosts free at that time.

/** The form's non-personal answers, and whether the e-mail is already a lead's or a customer's. */
export type RoutingAnswers = {
  dealVolume?: string | null;
  trade?: string | null;
  timeZone?: string | null;
  knownEmail?: boolean;
};

/**
 * The answers a route reads, from a posted form or a query: one not in its list (or a zone the runtime does not know)
 * routes as unanswered, as the form's schema would refuse it.
 */
export function routingAnswersOf(input: {
  dealVolume?: string | null;
  trade?: string | null;
  timeZone?: string | null;
}): Omit<RoutingAnswers, "knownEmail"> {
  return {
    dealVolume: isDealVolume(input.dealVolume) ? input.dealVolume : null,
    trade: isTrade(input.trade) ? input.trade : null,
    timeZone: isTimeZone(input.timeZone) ? input.timeZone : null,
  };
}

export type RoutedTeam = { id: string | null; name: string; members: { hostId: string; weight: number }[] };

/** A lead's route before any booking: the trace lacks the host until one is picked. */
export type Route = {
  rule: RoutingRule | undefined;
  outcome: RoutingOutcome;
  team: RoutedTeam;
  /** `owner`: the host of the lead's last demo, preferred when free. */
  ownerHostId?: string;
  trace: RoutingTrace;
};

function holds<T>(allowed: readonly T[] | undefined, answer: T | null | undefined): boolean {
  return allowed === undefined || (answer !== null && answer !== undefined && allowed.includes(answer));
}

function zoneHolds(zones: string[] | undefined, zone: string | null | undefined): boolean {
  if (zones === undefined) return true;
  if (!zone) return false;
  return zones.some((entry) => (entry.endsWith("/") ? zone.startsWith(entry) : zone === entry));
}

/** Every condition given holds; a rule with none matches every lead. */
export function conditionsHold(conditions: RoutingConditions, answers: RoutingAnswers): boolean {
  return (
    holds(conditions.dealVolumes as string[] | undefined, answers.dealVolume || null) &&
    holds(conditions.trades, answers.trade || null) &&
    zoneHolds(conditions.timeZones, answers.timeZone) &&
    (conditions.knownEmail === undefined || conditions.knownEmail === Boolean(answers.knownEmail))
  );
}

/** Whether routing this setup needs to know the e-mail's history (a read): a rule asks, or sends to the owner. */
export function needsLeadHistory(setup: RoutingSetup): boolean {
  return setup.rules.some((rule) => rule.conditions.knownEmail !== undefined || rule.outcome === "owner");
}

export function isConfigured(setup: RoutingSetup): boolean {
  return setup.teams.length > 0 || setup.rules.length > 0;
}

/** The rule's team, else the default team, else the implicit team of every active host; inactive hosts left out. */
function teamOf(setup: RoutingSetup, teamId: string | null | undefined, hosts: DemoHost[]): RoutedTeam {
  const active = new Set(hosts.filter((host) => host.active).map((host) => host.id));
  const team =
    setup.teams.find((candidate) => candidate.id === teamId) ?? setup.teams.find((candidate) => candidate.isDefault);
  if (!team) {
    return {
      id: null,
      name: everyActiveHostTeam,
      members: [...active].map((hostId) => ({ hostId, weight: 1 })),
    };
  }
  return { id: team.id, name: team.name, members: team.members.filter((member) => active.has(member.hostId)) };
}

/** Pure: the first rule whose conditions hold decides; none does, the default (today's behaviour). */
export function matchRoute(
  setup: RoutingSetup,
  answers: RoutingAnswers,
  hosts: DemoHost[],
  ownerHostId?: string | null,
): Route {
  const rule = setup.rules.find((candidate) => conditionsHold(candidate.conditions, answers));
  const outcome: RoutingOutcome = rule?.outcome ?? "team";
  const team = teamOf(setup, rule?.teamId, hosts);
  const owner =
    outcome === "owner" && ownerHostId && hosts.some((host) => host.id === ownerHostId && host.active)
      ? ownerHostId
      : undefined;
  const trace: RoutingTrace = {
    configured: isConfigured(setup),
    rule: rule ? { id: rule.id, name: rule.name } : "default",
    outcome,
    team: { id: team.id, name: team.name },
    ...(outcome === "self-serve" && rule?.selfServePlanId ? { plan: rule.selfServePlanId } : {}),
    answers: {
      dealVolume: answers.dealVolume || null,
      trade: answers.trade || null,
      timeZone: answers.timeZone || null,
      ...(answers.knownEmail === undefined ? {} : { knownEmail: answers.knownEmail }),
    },
  };
  return { rule, outcome, team, ...(owner ? { ownerHostId: owner } : {}), trace };
}

/** No team, no rule: what a process that has not read the setup yet assumes (and the lead's insert checks). */
export const emptyRoutingSetup: RoutingSetup = { teams: [], rules: [] };

/**
 * Routes a lead, reading the e-mail's history only when the setup needs it (`submissionId`'s own lead, if stored,
 * is not part of it). `hosts` matter only to book: without them the route names its team but has no members.
 */
export async function routeLead(
  answers: Omit<RoutingAnswers, "knownEmail">,
  email: string,
  setup: RoutingSetup,
  hosts: DemoHost[] = [],
  submissionId?: string,
): Promise<Route> {
  if (!needsLeadHistory(setup)) return matchRoute(setup, answers, hosts);
  const history = await leadHistoryOf(email, submissionId);
  return matchRoute(setup, { ...answers, knownEmail: history.known }, hosts, history.ownerHostId);
}

/** Routes a lead to book: with the hosts and the setup as this process holds them (read together). */
export async function routeToBook(answers: Omit<RoutingAnswers, "knownEmail">, email: string, submissionId?: string) {
  const hosts = await currentHosts();
  return { hosts, route: await routeLead(answers, email, await currentRoutingSetup(), hosts, submissionId) };
}

/** Whether the route offers times at all: `request-only` does not (the team calls back). */
export function offersTimes(route: Route): boolean {
  return route.outcome !== "request-only";
}

/** The hosts the route may book: the team's (and the owner, preferred when free), each with its weight. */
export function routedHosts(route: Route, hosts: DemoHost[]): DemoHost[] {
  const ids = new Set([...route.team.members.map((member) => member.hostId), route.ownerHostId]);
  return hosts.filter((host) => ids.has(host.id));
}

/**
 * What the picker offers for the form's non-personal answers (`GET /api/demo-slots`). An address's history is not
 * known there, so a rule on it does not match (a new visitor's route); the owner outcome applies at booking.
 */
export function slotsOffer(
  answers: Omit<RoutingAnswers, "knownEmail">,
  hosts: DemoHost[],
  setup: RoutingSetup,
): SlotsOffer {
  return offerOf(matchRoute(setup, { ...answers, knownEmail: false }, hosts), hosts);
}

/** What a route offers: its hosts' times (none when request-only), and its plan beside them. */
export function offerOf(route: Route, hosts: DemoHost[]): SlotsOffer {
  return {
    hosts: routedHosts(route, hosts),
    requestOnly: !offersTimes(route),
    ...(route.trace.plan ? { selfServePlan: route.trace.plan } : {}),
  };
}

/** The database's choice of host for a booking at `start` on this route (ADR 0030's rule, weighted). */
export function routedChoice(
  route: Route,
  start: Date,
  hosts: DemoHost[],
  settings: BookingSettings = getBookingSettings(),
): Omit<HostChoice, "self"> {
  return {
    ...hostChoiceAt(start, routedHosts(route, hosts), settings),
    weights: Object.fromEntries(route.team.members.map((member) => [member.hostId, member.weight])),
    ...(route.ownerHostId ? { keep: route.ownerHostId } : {}),
  };
}

/**
 * The admin's "try it" (ADR 0057): the route given answers, and the host who would be picked now at `start` (else
 * at the routed team's first free time), booking nothing. `knownEmail` stands in for an address; with `email`, the
 * address's history decides it and its owner.
 */
export async function tryRoute(options: {
  answers: Omit<RoutingAnswers, "knownEmail">;
  knownEmail?: boolean;
  email?: string;
  start?: Date;
}): Promise<{ route: Route; start?: Date; host?: NonNullable<RoutingTrace["host"]> }> {
  const hosts = await currentHosts();
  const setup = await currentRoutingSetup();
  const route = options.email
    ? await routeLead(options.answers, options.email, setup, hosts)
    : matchRoute(setup, { ...options.answers, knownEmail: options.knownEmail ?? false }, hosts);
  if (!offersTimes(route)) return { route };
  const settings = getBookingSettings();
  let start = options.start;
  if (!start) {
    const [firstDay] = await availableSlots({
      days: settings.horizonDays + 1,
      now: now(),
      settings,
      hosts: routedHosts(route, hosts),
    });
    const first = firstDay?.slots[0]?.start;
    if (!first) return { route };
    start = new Date(first);
  }
  const host = await previewHostPick({ ...routedChoice(route, start, hosts, settings) });
  return { route, start, ...(host ? { host } : {}) };
}
