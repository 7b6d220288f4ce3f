import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import {
  editRuleHref,
  editTeamHref,
  knownEmailChoices,
  outcomeLabels,
  ROUTING_NAME_MAX_LENGTH,
  routingHref,
  ruleFormFields,
  teamFormFields,
  TRY_EMAIL_MAX_LENGTH,
  tryFormFields,
  WEIGHT_MAX,
  weightField,
  ZONES_TEXT_MAX_LENGTH,
  type RoutingAnswer,
  type TryResult,
} from "~/schemas/demo-routing-admin";
import type { RoutingOutcome } from "~/schemas/demo-routing";
import { ErrorSummary, Field, FieldError, describedBy, primaryButton } from "~/components/admin/form-fields";

type Values = Record<string, string | string[]>;
type Errors = Partial<Record<string, string>>;
type Option = { value: string; label: string };

const text = (values: Values, field: string) => {
  const value = values[field];
  return typeof value === "string" ? value : "";
};
const list = (values: Values, field: string) => {
  const value = values[field];
  return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
};

/** The value is its own label, as for deal volumes and trades. */
const choicesOf = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

/** A labelled select of `choices`; what the admin sent back, or else the first, is chosen. */
function SelectField({
  choices,
  ...field
}: Omit<ComponentProps<typeof Field>, "children"> & { choices: readonly Option[] }) {
  return (
    <Field {...field}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Field>
  );
}

const checkboxClasses = "h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600";

/** Without `teamId`, the form that adds a team; with it, the one that edits that team. */
export function TeamForm({
  teamId,
  hosts,
  values,
  errors,
}: {
  teamId?: string;
  hosts: { id: string; name: string; active: boolean }[];
  values: Values;
  errors: Errors;
}) {
  const idPrefix = teamId ? "edit-team" : "new-team";
  const fieldId = (field: string) => `${idPrefix}-${field}`;
  const weightsHint = `${idPrefix}-weights-hint`;
  return (
    <Form method="post" action={teamId ? editTeamHref(teamId) : routingHref("add-team")} noValidate>
      <input type="hidden" name="intent" value={teamId ? "edit-team" : "add-team"} />
      {teamId ? <input type="hidden" name="teamId" value={teamId} /> : null}
      <div className="space-y-5">
        <ErrorSummary idPrefix={idPrefix} fields={teamFormFields(hosts.map((host) => host.id))} errors={errors} />
        <Field
          id={fieldId("name")}
          label="Team name"
          error={errors.name}
          name="name"
          type="text"
          required
          maxLength={ROUTING_NAME_MAX_LENGTH}
          autoComplete="off"
          defaultValue={text(values, "name")}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Members and weights</legend>
          <p id={weightsHint} className="mt-1 text-sm text-slate-600">
            A weight from 1 to {WEIGHT_MAX} for each host in the team; leave it empty to leave the host out. A host of
            weight 2 gets twice the demos of a host of weight 1 each week, among those free at the time asked for.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {hosts.map((host) => (
              <Field
                key={host.id}
                id={fieldId(weightField(host.id))}
                label={host.active ? host.name : `${host.name} (inactive: takes no demos)`}
                error={errors[weightField(host.id)]}
                hintId={weightsHint}
                name={weightField(host.id)}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                defaultValue={text(values, weightField(host.id))}
              />
            ))}
          </div>
        </fieldset>
        <div>
          <div className="flex items-center gap-2">
            <input
              id={fieldId("isDefault")}
              name="isDefault"
              type="checkbox"
              value="on"
              defaultChecked={text(values, "isDefault") !== ""}
              aria-describedby={`${fieldId("isDefault")}-hint`}
              className={checkboxClasses}
            />
            <label htmlFor={fieldId("isDefault")} className="text-sm font-medium text-slate-800">
              Default team
            </label>
          </div>
          <p id={`${fieldId("isDefault")}-hint`} className="mt-1 text-sm text-slate-600">
            Leads no rule matches, and rules without a team of their own, go to the default team. Only one team is the
            default: marking this one unmarks the other. With none marked, they go to every active host.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={primaryButton}>
            {teamId ? "Save team" : "Add team"}
          </button>
          {teamId ? (
            <a href={routingHref(`team-${teamId}`)} className="text-sm font-medium text-brand-700 underline">
              Cancel
            </a>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

function Checkboxes({
  id,
  legend,
  name,
  options,
  checked,
  error,
  hint,
}: {
  id: string;
  legend: string;
  name: string;
  options: readonly string[];
  checked: string[];
  error: string | undefined;
  hint: string;
}) {
  return (
    <fieldset
      id={id}
      aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={checked.includes(option)}
              className={checkboxClasses}
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export type RuleFormOptions = {
  dealVolumes: string[];
  trades: string[];
  outcomes: RoutingOutcome[];
  plans: { id: string; name: string }[];
  teams: { id: string; name: string }[];
  defaultTeam: string;
};

/** Without `ruleId`, the form that adds a rule; with it, the one that edits that rule. */
export function RuleForm({
  ruleId,
  options,
  values,
  errors,
}: {
  ruleId?: string;
  options: RuleFormOptions;
  values: Values;
  errors: Errors;
}) {
  const idPrefix = ruleId ? "edit-rule" : "new-rule";
  const fieldId = (field: string) => `${idPrefix}-${field}`;
  return (
    <Form method="post" action={ruleId ? editRuleHref(ruleId) : routingHref("add-rule")} noValidate>
      <input type="hidden" name="intent" value={ruleId ? "edit-rule" : "add-rule"} />
      {ruleId ? <input type="hidden" name="ruleId" value={ruleId} /> : null}
      <div className="space-y-5">
        <ErrorSummary idPrefix={idPrefix} fields={ruleFormFields} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={fieldId("name")}
            label="Rule name"
            error={errors.name}
            name="name"
            type="text"
            required
            maxLength={ROUTING_NAME_MAX_LENGTH}
            autoComplete="off"
            defaultValue={text(values, "name")}
          />
          <Field
            id={fieldId("position")}
            label={ruleId ? "Position (tried in this order)" : "Position (empty: after the others)"}
            error={errors.position}
            name="position"
            type="text"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            defaultValue={text(values, "position")}
          />
        </div>
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            When (all that are set must hold; none set: every lead)
          </legend>
          <Checkboxes
            id={fieldId("dealVolumes")}
            legend="Deal volume"
            name="dealVolumes"
            options={options.dealVolumes}
            checked={list(values, "dealVolumes")}
            error={errors.dealVolumes}
            hint="The lead answered one of these; none ticked: any answer, or none."
          />
          <Checkboxes
            id={fieldId("trades")}
            legend="Trade"
            name="trades"
            options={options.trades}
            checked={list(values, "trades")}
            error={errors.trades}
            hint="The lead picked one of these trades; none ticked: any trade, or none."
          />
          <Field
            id={fieldId("timeZones")}
            label="Time zones"
            error={errors.timeZones}
            hintId={`${fieldId("timeZones")}-hint`}
            name="timeZones"
            type="text"
            maxLength={ZONES_TEXT_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            defaultValue={text(values, "timeZones")}
          />
          <p id={`${fieldId("timeZones")}-hint`} className="text-sm text-slate-600">
            Separated by commas: names like <code>America/Chicago</code>, or a region like <code>Europe/</code>. Empty:
            any zone.
          </p>
          <SelectField
            id={fieldId("knownEmail")}
            label="E-mail"
            error={errors.knownEmail}
            name="knownEmail"
            defaultValue={text(values, "knownEmail")}
            choices={knownEmailChoices}
          />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={fieldId("outcome")}
            label="Then"
            error={errors.outcome}
            wide
            name="outcome"
            required
            defaultValue={text(values, "outcome") || "team"}
            choices={options.outcomes.map((outcome) => ({ value: outcome, label: outcomeLabels[outcome] }))}
          />
          <SelectField
            id={fieldId("teamId")}
            label="Team"
            error={errors.teamId}
            name="teamId"
            defaultValue={text(values, "teamId")}
            choices={[
              { value: "", label: options.defaultTeam },
              ...options.teams.map((team) => ({ value: team.id, label: team.name })),
            ]}
          />
          <SelectField
            id={fieldId("selfServePlanId")}
            label="Plan (self-serve only)"
            error={errors.selfServePlanId}
            name="selfServePlanId"
            defaultValue={text(values, "selfServePlanId")}
            choices={[
              { value: "", label: "No plan" },
              ...options.plans.map((plan) => ({ value: plan.id, label: plan.name })),
            ]}
          />
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={primaryButton}>
            {ruleId ? "Save rule" : "Add rule"}
          </button>
          {ruleId ? (
            <a href={routingHref(`rule-${ruleId}`)} className="text-sm font-medium text-brand-700 underline">
              Cancel
            </a>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

const tryLeadChoices: Option[] = [
  { value: "new", label: "A new address" },
  { value: "known", label: "A known address (already a lead or a customer)" },
  { value: "email", label: "The address below: look up its history" },
];

export type TryOptions = { dealVolumes: string[]; trades: string[]; zones: Option[]; businessZone: string };

export function TryForm({
  options,
  answer,
}: {
  options: TryOptions;
  answer?: Extract<RoutingAnswer, { form: "try" }>;
}) {
  const values = answer?.values ?? { lead: "new" };
  const errors: Errors = answer?.errors ?? {};
  const fieldId = (field: string) => `try-${field}`;
  return (
    <div className="space-y-5">
      <Form method="post" action={routingHref("try-it")} noValidate>
        <input type="hidden" name="intent" value="try-route" />
        <div className="space-y-5">
          <ErrorSummary idPrefix="try" fields={tryFormFields} errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={fieldId("dealVolume")}
              label="Deal volume"
              error={errors.dealVolume}
              name="dealVolume"
              defaultValue={text(values, "dealVolume")}
              choices={[{ value: "", label: "Not answered" }, ...choicesOf(options.dealVolumes)]}
            />
            <SelectField
              id={fieldId("trade")}
              label="Trade"
              error={errors.trade}
              name="trade"
              defaultValue={text(values, "trade")}
              choices={[{ value: "", label: "Not answered" }, ...choicesOf(options.trades)]}
            />
            <SelectField
              id={fieldId("timeZone")}
              label="Visitor's time zone"
              error={errors.timeZone}
              name="timeZone"
              defaultValue={text(values, "timeZone")}
              choices={[{ value: "", label: "Not known" }, ...options.zones]}
            />
            <SelectField
              id={fieldId("lead")}
              label="The lead"
              error={errors.lead}
              name="lead"
              defaultValue={text(values, "lead") || "new"}
              choices={tryLeadChoices}
            />
            <Field
              id={fieldId("email")}
              label="E-mail (only with “the address below”)"
              error={errors.email}
              name="email"
              type="email"
              maxLength={TRY_EMAIL_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              defaultValue={text(values, "email")}
            />
            <Field
              id={fieldId("at")}
              label={`Time, in ${options.businessZone} (empty: the team's first free time)`}
              error={errors.at}
              name="at"
              type="datetime-local"
              defaultValue={text(values, "at")}
            />
          </div>
          <button type="submit" className={primaryButton}>
            Try it
          </button>
        </div>
      </Form>
      {answer?.result ? <TryOutcome result={answer.result} /> : null}
    </div>
  );
}

function TryOutcome({ result }: { result: TryResult }) {
  return (
    <section
      aria-labelledby="try-result-heading"
      aria-live="polite"
      className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
    >
      <h3 id="try-result-heading" className="font-semibold text-slate-900">
        What would happen now (nothing was booked)
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Rule</dt>
        <dd data-testid="try-rule">{result.rule}</dd>
        <dt className="font-medium text-slate-700">Outcome</dt>
        <dd data-testid="try-outcome">
          {outcomeLabels[result.outcome]}
          {result.plan ? ` — ${result.plan}` : ""}
        </dd>
        <dt className="font-medium text-slate-700">Team</dt>
        <dd data-testid="try-team">{result.team}</dd>
        {result.knownEmail === null ? null : (
          <>
            <dt className="font-medium text-slate-700">The address</dt>
            <dd>{result.knownEmail ? "Known: already a lead or a customer" : "New"}</dd>
          </>
        )}
        {result.at ? (
          <>
            <dt className="font-medium text-slate-700">Time</dt>
            <dd>{result.at}</dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-700">Host</dt>
        <dd data-testid="try-host">{result.host ? `${result.host.name}: ${result.host.reason}` : result.noHost}</dd>
      </dl>
    </section>
  );
}
