import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  webhookEndpointHref,
  webhookReplayRangeFields,
  type WebhookEndpointView,
  type WebhookReplayRangeField,
} from "~/schemas/webhook-endpoint";
import { ErrorSummary, Field } from "./host-form";

// Each form posts its `intent` to the page's own URL (which holds the endpoint id) and returns to its section.

export const secondaryButton =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
export const dangerButton =
  "rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-700 focus:ring-offset-2";

export function IntentForm({
  endpointId,
  intent,
  section,
  children,
}: {
  endpointId: string;
  intent: string;
  section: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={`${webhookEndpointHref(endpointId)}#${section}`}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export function EndpointStateControls({ endpoint }: { endpoint: WebhookEndpointView }) {
  const sendable = endpoint.active && !endpoint.disabledAt;
  return (
    <div className="flex flex-wrap items-start gap-6">
      <IntentForm endpointId={endpoint.id} intent="set-active" section="state">
        <input type="hidden" name="active" value={endpoint.active ? "false" : "true"} />
        <button type="submit" className={secondaryButton}>
          {endpoint.active ? "Switch off" : "Switch on"}
        </button>
        <p className="mt-1 max-w-xs text-sm text-slate-600">
          {endpoint.active
            ? "While it is off, no new events are queued for it."
            : "It gets the events it asked for again, from now on."}
        </p>
      </IntentForm>
      <IntentForm endpointId={endpoint.id} intent="send-test" section="state">
        <button type="submit" className={secondaryButton} aria-describedby="send-test-hint">
          Send test event
        </button>
        <p id="send-test-hint" className="mt-1 max-w-xs text-sm text-slate-600">
          {sendable ? (
            <>
              Sends a signed <code>webhook.test</code> event to this endpoint alone; the attempt shows in the log below.
            </>
          ) : (
            "Nothing is sent while the endpoint is switched off or disabled."
          )}
        </p>
      </IntentForm>
    </div>
  );
}

/** Both days (UTC) are included. */
export function ReplayFailedForm({
  endpointId,
  values,
  errors,
}: {
  endpointId: string;
  values: Partial<Record<WebhookReplayRangeField, string>>;
  errors: Partial<Record<WebhookReplayRangeField, string>>;
}) {
  const prefix = "replay-failed";
  const hintId = `${prefix}-hint`;
  const labels: Record<WebhookReplayRangeField, string> = { from: "First day", to: "Last day" };
  return (
    <Form method="post" action={`${webhookEndpointHref(endpointId)}#replay`} noValidate>
      <input type="hidden" name="intent" value="replay-failed" />
      <p id={hintId} className="text-sm text-slate-600">
        Sends again every failed delivery created on these days (UTC, the first and the last included), with their
        events’ ids unchanged.
      </p>
      <div className="mt-3 space-y-3">
        <ErrorSummary idPrefix={prefix} fields={webhookReplayRangeFields} errors={errors} />
        <div className="flex flex-wrap items-end gap-4">
          {webhookReplayRangeFields.map((field) => (
            <Field
              key={field}
              id={`${prefix}-${field}`}
              label={labels[field]}
              error={errors[field]}
              hintId={hintId}
              name={field}
              type="date"
              required
              defaultValue={values[field] ?? ""}
            />
          ))}
          <button type="submit" className={secondaryButton}>
            Replay failed deliveries
          </button>
        </div>
      </div>
    </Form>
  );
}
