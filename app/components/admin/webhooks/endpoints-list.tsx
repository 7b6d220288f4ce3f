import { webhookEndpointHref, type WebhookEndpointView } from "~/schemas/webhook-endpoint";
import {
  DeliveryCounts,
  DisabledNotice,
  EndpointStateBadge,
  EnvironmentBadge,
  EventTypesSummary,
} from "./endpoint-status";
import { VisibleText } from "~/components/admin/visible-text";

export function WebhookEndpointsList({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  if (endpoints.length === 0) {
    return <p className="mt-4 text-sm text-slate-600">No endpoints yet: add the first below.</p>;
  }
  return (
    <ul className="mt-4 space-y-4">
      {endpoints.map((endpoint) => {
        const headingId = `endpoint-${endpoint.id}-heading`;
        return (
          <li key={endpoint.id}>
            <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 id={headingId} className="break-all font-mono text-base font-semibold text-slate-900">
                  <VisibleText text={endpoint.url} />
                </h3>
                <div className="flex flex-wrap gap-2">
                  {endpoint.fromEnvironment ? <EnvironmentBadge /> : null}
                  <EndpointStateBadge endpoint={endpoint} />
                </div>
              </div>
              {endpoint.description ? (
                <p className="mt-1 text-sm text-slate-700">
                  <VisibleText text={endpoint.description} />
                </p>
              ) : null}
              <DisabledNotice endpoint={endpoint} />
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium text-slate-600">Events</dt>
                <dd className="text-slate-900">
                  <EventTypesSummary eventTypes={endpoint.eventTypes} />
                </dd>
                <dt className="font-medium text-slate-600">Deliveries</dt>
                <dd>
                  <DeliveryCounts counts={endpoint.counts} />
                </dd>
              </dl>
              <p className="mt-4">
                <a href={webhookEndpointHref(endpoint.id)} className="text-sm font-medium text-brand-700 underline">
                  Settings and delivery log<span className="sr-only"> of {endpoint.url}</span>
                </a>
              </p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
