import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  webhookEndpointHref,
  webhookReplayRangeFields,
  type WebhookEndpointView,
  type WebhookReplayRangeField,
} from "~/schemas/webhook-endpoint";
import { DayRangeFields, ErrorSummary, secondaryButton } from "~/components/admin/form-fields";

// Each form posts its `intent` to the page's own URL (which holds the endpoint id) and returns to its section.

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
          <DayRangeFields
            idPrefix={prefix}
            fields={webhookReplayRangeFields}
            hintId={hintId}
            values={values}
            errors={errors}
          />
          <button type="submit" className={secondaryButton}>
            Replay failed deliveries
          </button>
        </div>
      </div>
    </Form>
  );
}
