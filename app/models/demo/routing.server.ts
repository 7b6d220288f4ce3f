import { desc, eq, sql } from "drizzle-orm";
import {
  demoBookings,
  demoRequests,
  demoRoutingChanges,
  demoRoutingRules,
  demoRoutingTeamMembers,
  demoRoutingTeams,
  orders,
  type DemoRoutingChangeRow,
} from "~/db/schema.server";
import { getDb, rowsOf, type Database, type Transaction } from "~/db/connection.server";
import type { RoutingConditions, RoutingOutcome } from "~/schemas/demo-routing";

// ADR 0057: teams, ordered rules and the audit of their changes. Every write goes through changeRouting, which
// records who changed what in the write's own transaction.

export type RoutingTeam = {
  id: string;
  name: string;
  isDefault: boolean;
  members: { hostId: string; weight: number }[];
};

export type RoutingRule = {
  id: string;
  name: string;
  position: number;
  conditions: RoutingConditions;
  outcome: RoutingOutcome;
  teamId: string | null;
  selfServePlanId: string | null;
};

/** The business's teams and rules (rules in the order they are tried). Both empty: routing is not set up. */
export type RoutingSetup = { teams: RoutingTeam[]; rules: RoutingRule[] };

// Invalidates the cached setup (services/demo/routing), counted like hostWriteCount.
let routingWrites = 0;

/** How many writes to teams and rules this process has started and settled (each counts twice). */
export function routingWriteCount(): number {
  return routingWrites;
}

/** One statement: the setup is read with the hosts whenever their copy is renewed. */
export async function readRoutingSetup(db: Database = getDb()): Promise<RoutingSetup> {
  const [row] = rowsOf<{ teams: unknown; rules: unknown }>(
    await db.execute(sql`
      select
        (select coalesce(jsonb_agg(jsonb_build_object(
            'id', t.id, 'name', t.name, 'isDefault', t.is_default,
            'members', (select coalesce(jsonb_agg(jsonb_build_object('hostId', m.host_id, 'weight', m.weight)
                          order by m.host_id), '[]'::jsonb)
                        from ${demoRoutingTeamMembers} m where m.team_id = t.id))
          order by t.created_at, t.id), '[]'::jsonb) from ${demoRoutingTeams} t) as teams,
        (select coalesce(jsonb_agg(jsonb_build_object(
            'id', r.id, 'name', r.name, 'position', r.position, 'conditions', r.conditions, 'outcome', r.outcome,
            'teamId', r.team_id, 'selfServePlanId', r.self_serve_plan_id)
          order by r.position, r.created_at, r.id), '[]'::jsonb) from ${demoRoutingRules} r) as rules`),
  );
  const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
  return { teams: parsed(row?.teams) as RoutingTeam[], rules: parsed(row?.rules) as RoutingRule[] };
}

/** One change to the setup and its audit row, in one transaction. `details` says what changed (no personal data). */
export async function changeRouting<T>(
  change: { changedBy: string; action: string; subjectId?: string; details?: Record<string, unknown> },
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  routingWrites += 1;
  try {
    return await getDb().transaction(async (tx) => {
      const result = await write(tx);
      await tx.insert(demoRoutingChanges).values({
        changedBy: change.changedBy,
        action: change.action,
        subjectId: change.subjectId ?? null,
        details: change.details ?? {},
      });
      return result;
    });
  } finally {
    routingWrites += 1;
  }
}

export type TeamInput = {
  name: string;
  isDefault?: boolean;
  members: { hostId: string; weight: number }[];
};

/** Creates the team, or (given an id) replaces its name, default flag and members. */
export async function saveTeam(changedBy: string, input: TeamInput, id?: string): Promise<string> {
  const teamId = id ?? crypto.randomUUID();
  return changeRouting(
    { changedBy, action: id ? "team.updated" : "team.created", subjectId: teamId, details: { ...input } },
    async (tx) => {
      // Only one default team: another's flag goes first (the unique index would refuse two).
      if (input.isDefault) {
        await tx
          .update(demoRoutingTeams)
          .set({ isDefault: false, updatedAt: sql`now()` })
          .where(sql`${demoRoutingTeams.isDefault} and ${demoRoutingTeams.id} <> ${teamId}`);
      }
      await tx
        .insert(demoRoutingTeams)
        .values({ id: teamId, name: input.name, isDefault: input.isDefault ?? false })
        .onConflictDoUpdate({
          target: demoRoutingTeams.id,
          set: { name: input.name, isDefault: input.isDefault ?? false, updatedAt: sql`now()` },
        });
      await tx.delete(demoRoutingTeamMembers).where(eq(demoRoutingTeamMembers.teamId, teamId));
      if (input.members.length > 0) {
        await tx
          .insert(demoRoutingTeamMembers)
          .values(input.members.map((member) => ({ teamId, hostId: member.hostId, weight: member.weight })));
      }
      return teamId;
    },
  );
}

/** `details` (the team's name, say) go into the audit row, so the deletion reads as what was deleted. */
export async function deleteTeam(changedBy: string, id: string, details?: Record<string, unknown>): Promise<boolean> {
  return changeRouting({ changedBy, action: "team.deleted", subjectId: id, details }, async (tx) => {
    const deleted = await tx
      .delete(demoRoutingTeams)
      .where(eq(demoRoutingTeams.id, id))
      .returning({ id: demoRoutingTeams.id });
    return deleted.length > 0;
  });
}

export type RuleInput = Omit<RoutingRule, "id">;

/** Creates the rule, or (given an id) replaces it. */
export async function saveRule(changedBy: string, input: RuleInput, id?: string): Promise<string> {
  const ruleId = id ?? crypto.randomUUID();
  return changeRouting(
    { changedBy, action: id ? "rule.updated" : "rule.created", subjectId: ruleId, details: { ...input } },
    async (tx) => {
      await tx
        .insert(demoRoutingRules)
        .values({ id: ruleId, ...input })
        .onConflictDoUpdate({ target: demoRoutingRules.id, set: { ...input, updatedAt: sql`now()` } });
      return ruleId;
    },
  );
}

export async function deleteRule(changedBy: string, id: string, details?: Record<string, unknown>): Promise<boolean> {
  return changeRouting({ changedBy, action: "rule.deleted", subjectId: id, details }, async (tx) => {
    const deleted = await tx
      .delete(demoRoutingRules)
      .where(eq(demoRoutingRules.id, id))
      .returning({ id: demoRoutingRules.id });
    return deleted.length > 0;
  });
}

/** Whether the business has ever changed its routing: from then on the CSV carries each lead's trace. */
export async function routingEverSetUp(): Promise<boolean> {
  const [row] = await getDb().select({ id: demoRoutingChanges.id }).from(demoRoutingChanges).limit(1);
  return Boolean(row);
}

/** The newest changes first. */
export async function listRoutingChanges(limit = 100): Promise<DemoRoutingChangeRow[]> {
  return getDb()
    .select()
    .from(demoRoutingChanges)
    .orderBy(desc(demoRoutingChanges.changedAt), desc(demoRoutingChanges.id))
    .limit(limit);
}

/**
 * Whether the address already belongs to a lead (not one kept as suspected spam) or a customer's order, and the
 * host of that address's most recent demo (its owner), in one statement. The lead stored under
 * `exceptSubmissionId` is not its own history: a submission sent again routes as it did the first time.
 */
export async function leadHistoryOf(
  email: string,
  exceptSubmissionId = "",
): Promise<{ known: boolean; ownerHostId: string | null }> {
  const address = email.trim().toLowerCase();
  const [row] = rowsOf<{ known: boolean; owner: string | null }>(
    await getDb().execute(sql`
      select
        exists (select 1 from ${demoRequests} r where lower(r.email) = ${address} and not r.suspected_spam and r.submission_id <> ${exceptSubmissionId})
          or exists (select 1 from ${orders} o where lower(o.email) = ${address} and o.status = 'paid') as known,
        (select b.host_id from ${demoBookings} b join ${demoRequests} r on r.id = b.demo_request_id
          where lower(r.email) = ${address} and b.host_id is not null and r.submission_id <> ${exceptSubmissionId}
          order by b.created_at desc, b.id desc limit 1) as owner`),
  );
  return { known: Boolean(row?.known), ownerHostId: row?.owner ?? null };
}

// Rolls a move that has nothing to move back, so no audit row says a rule moved when none did.
class NothingMoved extends Error {}

/**
 * Moves a rule one place earlier or later in the order rules are tried; every rule is renumbered 1, 2, 3… so
 * positions stay distinct. False (and nothing recorded) when the rule is gone or already first (last).
 */
export async function moveRule(
  changedBy: string,
  id: string,
  direction: "up" | "down",
  details: Record<string, unknown> = {},
): Promise<boolean> {
  try {
    return await changeRouting(
      { changedBy, action: "rule.moved", subjectId: id, details: { ...details, direction } },
      async (tx) => {
        const rules = await tx
          .select({ id: demoRoutingRules.id, position: demoRoutingRules.position })
          .from(demoRoutingRules)
          .orderBy(demoRoutingRules.position, demoRoutingRules.createdAt, demoRoutingRules.id)
          .for("update");
        const from = rules.findIndex((rule) => rule.id === id);
        const to = direction === "up" ? from - 1 : from + 1;
        if (from < 0 || to < 0 || to >= rules.length) throw new NothingMoved();
        [rules[from], rules[to]] = [rules[to], rules[from]];
        for (const [index, rule] of rules.entries()) {
          if (rule.position !== index + 1) {
            await tx
              .update(demoRoutingRules)
              .set({ position: index + 1, updatedAt: sql`now()` })
              .where(eq(demoRoutingRules.id, rule.id));
          }
        }
        return true;
      },
    );
  } catch (error) {
    if (error instanceof NothingMoved) return false;
    throw error;
  }
}
