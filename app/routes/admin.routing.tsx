import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/admin/alert";
import { formatTimestamp } from "~/components/admin/format";
import { secondaryButton } from "~/components/admin/form-fields";
import { RuleForm, TeamForm, TryForm } from "~/components/admin/demos/routing-forms";
import {
  editRuleHref,
  editTeamHref,
  outcomeShortLabels,
  routingHref,
  weightField,
  type RuleView,
} from "~/schemas/demo-routing-admin";
import { requireAdmin } from "~/services/admin/session.server";
import { routingAction, routingPage } from "~/services/demo/routing-admin.server";

export const meta: MetaFunction = () => [{ title: "Demo routing · Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return routingPage(new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return routingAction(request, await requireAdmin(request));
}

const linkClasses = "text-sm font-medium text-brand-700 underline";
const card = "rounded-lg border border-slate-200 bg-white p-5";

/** A rule as its edit form shows it. */
function ruleValues(rule: RuleView) {
  const knownEmail = rule.conditions.knownEmail;
  return {
    name: rule.name,
    position: String(rule.position),
    dealVolumes: rule.conditions.dealVolumes ?? [],
    trades: rule.conditions.trades ?? [],
    timeZones: (rule.conditions.timeZones ?? []).join(", "),
    knownEmail: knownEmail === undefined ? "" : knownEmail ? "known" : "new",
    outcome: rule.outcome,
    teamId: rule.teamId ?? "",
    selfServePlanId: rule.selfServePlanId ?? "",
  };
}

export default function AdminRouting() {
  const data = useLoaderData<typeof loader>();
  const { hosts, teams, rules, audit, options } = data;
  const answer = useActionData<typeof action>();
  const teamAnswer = answer?.form === "team" ? answer : undefined;
  const ruleAnswer = answer?.form === "rule" ? answer : undefined;
  // A refused edit keeps its form open even if the URL did not name it.
  const editTeam = teamAnswer?.teamId ?? data.editTeamId;
  const editRule = ruleAnswer?.ruleId ?? data.editRuleId;
  const notFound = data.editNotFound || answer?.form === "not-found";
  const defaultTeam = data.defaultTeam ? `${data.defaultTeam} (the default team)` : "Every active host (the default)";
  const ruleOptions = {
    dealVolumes: options.dealVolumes,
    trades: options.trades,
    outcomes: options.outcomes,
    plans: options.plans,
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
    defaultTeam,
  };

  return (
    <main id="main-content" className="mx-auto max-w-5xl space-y-10 px-6 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Demo routing</h1>
        <p className="mt-1 text-sm text-slate-600">
          Which hosts a lead may book and what it is offered, from the form’s answers. Rules are tried in order; the
          first whose conditions all hold decides. A visitor is never told about the rules, only what they are offered.
        </p>
      </div>

      {notFound ? (
        <Alert title="Not found">
          No team or rule has that id: it may have been deleted. Pick one from the lists below.
        </Alert>
      ) : null}

      <section aria-labelledby="routing-now-heading" className={card}>
        <h2 id="routing-now-heading" className="text-lg font-bold text-slate-900">
          How leads are routed now
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="routing-summary">
          {teams.length === 0 && rules.length === 0
            ? `Routing is not set up: every active host (${data.activeHosts}) is in one team, each with weight 1, and no rule applies. Each demo goes to the fairest free host, as always.`
            : `${rules.length === 0 ? "No rule applies" : `${rules.length} rule${rules.length === 1 ? "" : "s"}, tried in order`}; leads no rule matches go to ${data.defaultTeam ? `the default team, ${data.defaultTeam}` : `every active host (${data.activeHosts}), each with weight 1`}.`}
        </p>
      </section>

      <section id="teams" aria-labelledby="teams-heading">
        <h2 id="teams-heading" className="text-xl font-bold text-slate-900">
          Teams
        </h2>
        {teams.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No teams yet: every active host is one team. Add one below.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {teams.map((team) => (
              <EditableItem
                key={team.id}
                kind="team"
                id={team.id}
                name={team.name}
                editing={editTeam === team.id}
                editHref={editTeamHref(team.id)}
                editForm={
                  <TeamForm
                    teamId={team.id}
                    hosts={hosts}
                    values={
                      teamAnswer?.values ?? {
                        name: team.name,
                        ...(team.isDefault ? { isDefault: "on" } : {}),
                        ...Object.fromEntries(
                          team.members.map((member) => [weightField(member.hostId), String(member.weight)]),
                        ),
                      }
                    }
                    errors={teamAnswer?.errors ?? {}}
                  />
                }
              >
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">
                    {team.name}
                    {team.isDefault ? (
                      <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                        Default team
                      </span>
                    ) : null}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">
                    {team.members.length === 0
                      ? "No members: offers no times."
                      : team.members
                          .map(
                            (member) => `${member.name} (weight ${member.weight}${member.active ? "" : ", inactive"})`,
                          )
                          .join(", ")}
                  </p>
                  <p className="text-sm text-slate-600">
                    {team.ruleCount === 0
                      ? "No rule sends leads to it."
                      : `${team.ruleCount} rule${team.ruleCount === 1 ? "" : "s"} send${team.ruleCount === 1 ? "s" : ""} leads to it.`}
                  </p>
                </div>
              </EditableItem>
            ))}
          </ul>
        )}
        <section id="add-team" aria-labelledby="add-team-heading" className="mt-6">
          <h3 id="add-team-heading" className="text-lg font-semibold text-slate-900">
            Add a team
          </h3>
          <div className={`mt-3 ${card}`}>
            <TeamForm
              key={teams.length}
              hosts={hosts}
              values={teamAnswer && !teamAnswer.teamId ? teamAnswer.values : {}}
              errors={teamAnswer && !teamAnswer.teamId ? teamAnswer.errors : {}}
            />
          </div>
        </section>
      </section>

      <section id="rules" aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="text-xl font-bold text-slate-900">
          Rules
        </h2>
        {rules.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No rules: every lead goes to {defaultTeam}.</p>
        ) : (
          <ol className="mt-4 space-y-4">
            {rules.map((rule, index) => (
              <EditableItem
                key={rule.id}
                kind="rule"
                id={rule.id}
                name={rule.name}
                editing={editRule === rule.id}
                editHref={editRuleHref(rule.id)}
                editForm={
                  <RuleForm
                    ruleId={rule.id}
                    options={ruleOptions}
                    values={ruleAnswer?.values ?? ruleValues(rule)}
                    errors={ruleAnswer?.errors ?? {}}
                  />
                }
                moves={
                  <>
                    {index > 0 ? <MoveButton rule={rule} direction="up" /> : null}
                    {index < rules.length - 1 ? <MoveButton rule={rule} direction="down" /> : null}
                  </>
                }
              >
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">
                    {index + 1}. {rule.name}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">When: {rule.conditionsText}</p>
                  <p className="text-sm text-slate-700">
                    Then: {outcomeShortLabels[rule.outcome]}
                    {rule.planName ? ` (${rule.planName})` : ""} — {rule.teamName}
                  </p>
                </div>
              </EditableItem>
            ))}
          </ol>
        )}
        <section id="add-rule" aria-labelledby="add-rule-heading" className="mt-6">
          <h3 id="add-rule-heading" className="text-lg font-semibold text-slate-900">
            Add a rule
          </h3>
          <div className={`mt-3 ${card}`}>
            <RuleForm
              key={rules.length}
              options={ruleOptions}
              values={ruleAnswer && !ruleAnswer.ruleId ? ruleAnswer.values : {}}
              errors={ruleAnswer && !ruleAnswer.ruleId ? ruleAnswer.errors : {}}
            />
          </div>
        </section>
      </section>

      <section id="try-it" aria-labelledby="try-it-heading">
        <h2 id="try-it-heading" className="text-xl font-bold text-slate-900">
          Try it
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Given a lead’s answers, see the rule that matches and the host who would be picked now. Nothing is booked or
          stored.
        </p>
        <div className={`mt-4 ${card}`}>
          <TryForm
            options={{
              dealVolumes: options.dealVolumes,
              trades: options.trades,
              zones: options.zones,
              businessZone: data.businessZone,
            }}
            answer={answer?.form === "try" ? answer : undefined}
          />
        </div>
      </section>

      <section id="changes" aria-labelledby="changes-heading">
        <h2 id="changes-heading" className="text-xl font-bold text-slate-900">
          Changes
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every change to teams and rules, newest first.</p>
        {audit.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No changes yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 bg-white text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                    Change
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                    What
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {audit.map((change) => (
                  <tr key={change.id}>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatTimestamp(change.at)}</td>
                    <td className="px-3 py-2 text-slate-700">{change.by}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-900">{change.action}</td>
                    <td className="px-3 py-2 text-slate-700">{change.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

/**
 * A team or rule in its list: its edit form when the page was opened to edit it (a plain link, so it works without
 * JavaScript), otherwise its summary with Edit, any move buttons and Delete.
 */
function EditableItem({
  kind,
  id,
  name,
  editing,
  editHref,
  editForm,
  moves,
  children,
}: {
  kind: "team" | "rule";
  id: string;
  name: string;
  editing: boolean;
  editHref: string;
  editForm: React.ReactNode;
  moves?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li id={`${kind}-${id}`} className={card}>
      {editing ? (
        <section id={`edit-${kind}`} aria-labelledby={`edit-${kind}-heading`}>
          <h3 id={`edit-${kind}-heading`} className="text-lg font-semibold text-slate-900">
            Edit {name}
          </h3>
          <div className="mt-4">{editForm}</div>
        </section>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-4">
          {children}
          <div className="flex flex-wrap items-center gap-3">
            <a href={editHref} className={linkClasses}>
              Edit {name}
            </a>
            {moves}
            <Form method="post" action={routingHref(`${kind}s`)}>
              <input type="hidden" name="intent" value={`delete-${kind}`} />
              <input type="hidden" name={`${kind}Id`} value={id} />
              <button type="submit" className={secondaryButton}>
                Delete {name}
              </button>
            </Form>
          </div>
        </div>
      )}
    </li>
  );
}

function MoveButton({ rule, direction }: { rule: RuleView; direction: "up" | "down" }) {
  return (
    <Form method="post" action={routingHref(`rule-${rule.id}`)}>
      <input type="hidden" name="intent" value="move-rule" />
      <input type="hidden" name="ruleId" value={rule.id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={secondaryButton} aria-label={`Move ${rule.name} ${direction}`}>
        {direction === "up" ? "Move up" : "Move down"}
      </button>
    </Form>
  );
}
