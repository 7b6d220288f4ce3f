import { Form } from "@remix-run/react";
import { webhookEventDescriptions, webhookEventTypes } from "~/content/webhook-events";
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointFields,
  webhookEndpointHref,
  type WebhookEndpointField,
  type WebhookEndpointValues,
} from "~/schemas/webhook-endpoint";
import {
  ActiveCheckbox,
  describedBy,
  ErrorSummary,
  Field,
  FieldError,
  inputClasses,
  primaryButton,
} from "~/components/admin/form-fields";

/** Without `endpointId`, the form that adds an endpoint; with it, the one that edits that endpoint. */
type Props = {
  endpointId?: string;
  values: WebhookEndpointValues;
  errors: Partial<Record<WebhookEndpointField, string>>;
};

export function WebhookEndpointForm({ endpointId, values, errors }: Props) {
  const idPrefix = endpointId ? "edit-endpoint" : "new-endpoint";
  const action = endpointId ? `${webhookEndpointHref(endpointId)}#settings` : "/admin/webhooks#add-endpoint";
  const fieldId = (field: WebhookEndpointField) => `${idPrefix}-${field}`;
  const errorId = (field: WebhookEndpointField) => `${idPrefix}-${field}-error`;
  const invalid = (field: WebhookEndpointField) => (errors[field] ? true : undefined);
  const urlHintId = `${idPrefix}-url-hint`;
  const eventsHintId = `${idPrefix}-events-hint`;
  // The first checkbox carries the field's id, so the error summary's link lands on the group.
  const eventId = (index: number) => (index === 0 ? fieldId("eventTypes") : `${fieldId("eventTypes")}-${index}`);

  return (
    <Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value={endpointId ? "update" : "create"} />
      <div className="space-y-5">
        <ErrorSummary idPrefix={idPrefix} fields={webhookEndpointFields} errors={errors} />

        <div>
          <label htmlFor={fieldId("url")} className="block text-sm font-medium text-slate-800">
            URL
          </label>
          <p id={urlHintId} className="mt-1 text-sm text-slate-600">
            Where each event is POSTed as JSON, signed with the endpoint’s secret (Standard Webhooks). A public https
            address, e.g. <code>https://crm.example.com/hooks/groundwork</code>.
          </p>
          <FieldError id={errorId("url")} message={errors.url} />
          <input
            id={fieldId("url")}
            name="url"
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.url}
            aria-invalid={invalid("url")}
            aria-describedby={describedBy(errors.url && errorId("url"), urlHintId)}
            className={`${inputClasses} font-mono`}
          />
        </div>

        <Field
          id={fieldId("description")}
          label={
            <>
              Description <span className="font-normal text-slate-600">(optional)</span>
            </>
          }
          error={errors.description}
          name="description"
          type="text"
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          defaultValue={values.description}
        />

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Events to send</legend>
          <p id={eventsHintId} className="mt-1 text-sm text-slate-600">
            At least one. Events of the same lead or order reach the endpoint in the order they happened.
          </p>
          <FieldError id={errorId("eventTypes")} message={errors.eventTypes} />
          <ul className="mt-3 space-y-2">
            {webhookEventTypes.map((type, index) => {
              const descriptionId = `${eventId(index)}-description`;
              return (
                <li key={type} className="flex items-start gap-2">
                  <input
                    id={eventId(index)}
                    name="eventTypes"
                    type="checkbox"
                    value={type}
                    defaultChecked={values.eventTypes.includes(type)}
                    aria-invalid={invalid("eventTypes")}
                    aria-describedby={describedBy(errors.eventTypes && errorId("eventTypes"), descriptionId)}
                    className="mt-0.5 h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
                  />
                  <div className="text-sm">
                    <label htmlFor={eventId(index)} className="font-mono font-medium text-slate-900">
                      {type}
                    </label>
                    <p id={descriptionId} className="text-slate-600">
                      {webhookEventDescriptions[type]}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <ActiveCheckbox
          id={fieldId("active")}
          checked={values.active}
          hint="An active endpoint gets the events it asked for. A switched-off one gets none until it is switched on again."
        />

        <button type="submit" className={primaryButton}>
          {endpointId ? "Save endpoint" : "Add endpoint"}
        </button>
      </div>
    </Form>
  );
}
