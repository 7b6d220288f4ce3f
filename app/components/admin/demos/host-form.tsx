import { Form } from "@remix-run/react";
import {
  editHostHref,
  HOST_EMAIL_MAX_LENGTH,
  HOST_NAME_MAX_LENGTH,
  HOURS_TEXT_MAX_LENGTH,
  hostFormFields,
  hostHref,
  hostWeekdays,
  type HostFormField,
  type ZoneOption,
} from "~/schemas/demo-host";
import { ActiveCheckbox, ErrorSummary, Field, inputClasses, primaryButton } from "~/components/admin/form-fields";

/** Without `hostId`, the form that adds a host; with it, the one that edits that host. */
type Props = {
  hostId?: string;
  zones: ZoneOption[];
  values: Partial<Record<HostFormField, string>>;
  errors: Partial<Record<HostFormField, string>>;
};

export function HostForm({ hostId, zones, values, errors }: Props) {
  const idPrefix = hostId ? "edit-host" : "new-host";
  const fieldId = (field: HostFormField) => `${idPrefix}-${field}`;
  const hoursHintId = `${idPrefix}-hours-hint`;
  // Keep a refused form's zone even if the list lacks it, so the choice is not lost.
  const zoneChoices =
    values.timeZone && !zones.some((zone) => zone.value === values.timeZone)
      ? [...zones, { value: values.timeZone, label: values.timeZone }]
      : zones;

  return (
    <Form method="post" action={hostId ? editHostHref(hostId) : "/admin/hosts#add-host"} noValidate>
      <input type="hidden" name="intent" value={hostId ? "edit-host" : "add-host"} />
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

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={fieldId("dailyMax")}
            label="Daily maximum of demos (empty: no maximum)"
            error={errors.dailyMax}
            hintId={`${idPrefix}-daily-max-hint`}
            name="dailyMax"
            type="text"
            inputMode="numeric"
            maxLength={3}
            autoComplete="off"
            defaultValue={values.dailyMax ?? ""}
          />
          <p id={`${idPrefix}-daily-max-hint`} className="text-sm text-slate-600 sm:self-end">
            Counted per day in the business’s time zone. A host who has reached it is offered no more times that day.
          </p>
        </div>

        <ActiveCheckbox
          id={fieldId("active")}
          checked={values.active !== undefined}
          hint="An active host takes new demos in their weekly hours. An inactive one takes none; demos already booked with them stay booked."
        />

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={primaryButton}>
            {hostId ? "Save host" : "Add host"}
          </button>
          {hostId ? (
            <a href={hostHref(hostId)} className="text-sm font-medium text-brand-700 underline">
              Cancel
            </a>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
