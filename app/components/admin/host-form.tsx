import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import {
  HOST_EMAIL_MAX_LENGTH,
  HOST_NAME_MAX_LENGTH,
  HOURS_TEXT_MAX_LENGTH,
  hostFormFields,
  hostWeekdays,
  type HostFormField,
  type ZoneOption,
} from "~/schemas/demo-host";

export const inputClasses =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

export const primaryButton =
  "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(" ") : undefined;
}

/** Links to each field (its id is `${idPrefix}-${field}`), since without JS the refused page opens at the top. */
export function ErrorSummary<Field extends string>({
  idPrefix,
  fields,
  errors,
}: {
  idPrefix: string;
  fields: readonly Field[];
  errors: Partial<Record<Field, string>>;
}) {
  const items = fields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: `${idPrefix}-${field}`, message }] : [];
  });
  if (items.length === 0) return null;
  const id = `${idPrefix}-problems`;
  return (
    <div role="alert" aria-labelledby={id} className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm">
      <p id={id} className="font-semibold text-red-800">
        {items.length === 1 ? "One thing to fix" : `${items.length} things to fix`}
      </p>
      <ul className="mt-1 list-disc pl-5 text-red-800">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} className="underline">
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> &
  SelectHTMLAttributes<HTMLSelectElement> & {
    id: string;
    label: ReactNode;
    error: string | undefined;
    hintId?: string;
    /** Spans both columns of a two-column grid. */
    wide?: boolean;
  };

/** A labelled input, or a select when given options as children, with its error above it. */
export function Field({ id, label, error, hintId, wide, className = inputClasses, children, ...control }: FieldProps) {
  const errorId = `${id}-error`;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(error && errorId, hintId) };
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <FieldError id={errorId} message={error} />
      {children ? (
        <select id={id} {...control} {...aria} className={className}>
          {children}
        </select>
      ) : (
        <input id={id} {...control} {...aria} className={className} />
      )}
    </div>
  );
}

type Props = {
  idPrefix: string;
  action: string;
  intent: "add-host" | "edit-host";
  hostId?: string;
  zones: ZoneOption[];
  values: Partial<Record<HostFormField, string>>;
  errors: Partial<Record<HostFormField, string>>;
  submitLabel: string;
  extra?: ReactNode;
};

export function HostForm({ idPrefix, action, intent, hostId, zones, values, errors, submitLabel, extra }: Props) {
  const fieldId = (field: HostFormField) => `${idPrefix}-${field}`;
  const hoursHintId = `${idPrefix}-hours-hint`;
  const activeHintId = `${idPrefix}-active-hint`;
  // Keep a refused form's zone even if the list lacks it, so the choice is not lost.
  const zoneChoices =
    values.timeZone && !zones.some((zone) => zone.value === values.timeZone)
      ? [...zones, { value: values.timeZone, label: values.timeZone }]
      : zones;

  return (
    <Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {hostId ? <input type="hidden" name="hostId" value={hostId} /> : null}
      <div className="space-y-5">
        <ErrorSummary idPrefix={idPrefix} fields={hostFormFields} errors={errors} />

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={fieldId("name")}
            label="Name"
            error={errors.name}
            name="name"
            type="text"
            required
            maxLength={HOST_NAME_MAX_LENGTH}
            autoComplete="off"
            defaultValue={values.name ?? ""}
          />
          <Field
            id={fieldId("email")}
            label="E-mail"
            error={errors.email}
            name="email"
            type="email"
            required
            maxLength={HOST_EMAIL_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.email ?? ""}
          />
          <Field
            id={fieldId("timeZone")}
            label="Time zone"
            error={errors.timeZone}
            wide
            name="timeZone"
            required
            defaultValue={values.timeZone ?? ""}
          >
            {values.timeZone ? null : (
              <option value="" disabled>
                Choose a time zone
              </option>
            )}
            {zoneChoices.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </Field>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Weekly hours, in the host’s time zone</legend>
          <p id={hoursHintId} className="mt-1 text-sm text-slate-600">
            Write a day’s hours like <code>09:00-12:00, 13:00-17:00</code> (24-hour clock, several ranges separated by
            commas). Leave a day empty when the host does not work it.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {hostWeekdays.map((day) => (
              <Field
                key={day.field}
                id={fieldId(day.field)}
                label={day.label}
                error={errors[day.field]}
                hintId={hoursHintId}
                className={`${inputClasses} font-mono`}
                name={day.field}
                type="text"
                maxLength={HOURS_TEXT_MAX_LENGTH}
                autoComplete="off"
                spellCheck={false}
                defaultValue={values[day.field] ?? ""}
              />
            ))}
          </div>
        </fieldset>

        <div>
          <div className="flex items-center gap-2">
            <input
              id={fieldId("active")}
              name="active"
              type="checkbox"
              value="on"
              defaultChecked={values.active !== undefined}
              aria-describedby={activeHintId}
              className="h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
            />
            <label htmlFor={fieldId("active")} className="text-sm font-medium text-slate-800">
              Active
            </label>
          </div>
          <p id={activeHintId} className="mt-1 text-sm text-slate-600">
            An active host takes new demos in their weekly hours. An inactive one takes none; demos already booked with
            them stay booked.
          </p>
        </div>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={primaryButton}>
            {submitLabel}
          </button>
          {extra}
        </div>
      </div>
    </Form>
  );
}
