import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
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

/** Links to each field, since without JS the refused page opens at the top. */
export function ErrorSummary({ id, items }: { id: string; items: Array<{ fieldId: string; message: string }> }) {
  if (items.length === 0) return null;
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
  const errorId = (field: HostFormField) => `${idPrefix}-${field}-error`;
  const invalid = (field: HostFormField) => (errors[field] ? true : undefined);
  const hoursHintId = `${idPrefix}-hours-hint`;
  const activeHintId = `${idPrefix}-active-hint`;
  // Keep a refused form's zone even if the list lacks it, so the choice is not lost.
  const zoneChoices =
    values.timeZone && !zones.some((zone) => zone.value === values.timeZone)
      ? [...zones, { value: values.timeZone, label: values.timeZone }]
      : zones;
  const summary = hostFormFields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: fieldId(field), message }] : [];
  });

  return (
    <Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {hostId ? <input type="hidden" name="hostId" value={hostId} /> : null}
      <div className="space-y-5">
        <ErrorSummary id={`${idPrefix}-problems`} items={summary} />

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fieldId("name")} className="block text-sm font-medium text-slate-800">
              Name
            </label>
            <FieldError id={errorId("name")} message={errors.name} />
            <input
              id={fieldId("name")}
              name="name"
              type="text"
              required
              maxLength={HOST_NAME_MAX_LENGTH}
              autoComplete="off"
              defaultValue={values.name ?? ""}
              aria-invalid={invalid("name")}
              aria-describedby={describedBy(errors.name && errorId("name"))}
              className={inputClasses}
            />
          </div>
          <div>
            <label htmlFor={fieldId("email")} className="block text-sm font-medium text-slate-800">
              E-mail
            </label>
            <FieldError id={errorId("email")} message={errors.email} />
            <input
              id={fieldId("email")}
              name="email"
              type="email"
              required
              maxLength={HOST_EMAIL_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              defaultValue={values.email ?? ""}
              aria-invalid={invalid("email")}
              aria-describedby={describedBy(errors.email && errorId("email"))}
              className={inputClasses}
            />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fieldId("timeZone")} className="block text-sm font-medium text-slate-800">
              Time zone
            </label>
            <FieldError id={errorId("timeZone")} message={errors.timeZone} />
            <select
              id={fieldId("timeZone")}
              name="timeZone"
              required
              defaultValue={values.timeZone ?? ""}
              aria-invalid={invalid("timeZone")}
              aria-describedby={describedBy(errors.timeZone && errorId("timeZone"))}
              className={inputClasses}
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
            </select>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Weekly hours, in the host’s time zone</legend>
          <p id={hoursHintId} className="mt-1 text-sm text-slate-600">
            Write a day’s hours like <code>09:00-12:00, 13:00-17:00</code> (24-hour clock, several ranges separated by
            commas). Leave a day empty when the host does not work it.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {hostWeekdays.map((day) => (
              <div key={day.field}>
                <label htmlFor={fieldId(day.field)} className="block text-sm font-medium text-slate-800">
                  {day.label}
                </label>
                <FieldError id={errorId(day.field)} message={errors[day.field]} />
                <input
                  id={fieldId(day.field)}
                  name={day.field}
                  type="text"
                  maxLength={HOURS_TEXT_MAX_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  defaultValue={values[day.field] ?? ""}
                  aria-invalid={invalid(day.field)}
                  aria-describedby={describedBy(errors[day.field] && errorId(day.field), hoursHintId)}
                  className={`${inputClasses} font-mono`}
                />
              </div>
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
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2"
          >
            {submitLabel}
          </button>
          {extra}
        </div>
      </div>
    </Form>
  );
}
