import type { ReactNode } from "react";
import { webhookEventTypes } from "~/content/webhook-events";
import type { WebhookEndpointView } from "~/schemas/webhook-endpoint";
import { formatTimestamp } from "~/components/admin/format";
import { VisibleText } from "~/components/admin/visible-text";

const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** Disabled (by failing deliveries) wins over switched off (by an admin). */
export function EndpointStateBadge({ endpoint }: { endpoint: Pick<WebhookEndpointView, "active" | "disabledAt"> }) {
  if (endpoint.disabledAt) return <span className={`${badge} bg-red-100 text-red-900`}>Disabled</span>;
  if (!endpoint.active) return <span className={`${badge} bg-slate-200 text-slate-800`}>Switched off</span>;
  return <span className={`${badge} bg-green-100 text-green-900`}>Active</span>;
}

export function EnvironmentBadge() {
  return <span className={`${badge} bg-sky-100 text-sky-900`}>From the environment</span>;
}

export function DisabledNotice({
  endpoint,
  children,
}: {
  endpoint: Pick<WebhookEndpointView, "disabledAt" | "disabledReason">;
  children?: ReactNode;
}) {
  if (!endpoint.disabledAt) return null;
  return (
    <div
      className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
      data-testid="endpoint-disabled"
    >
      <p className="font-semibold">
        Disabled since <time dateTime={endpoint.disabledAt}>{formatTimestamp(endpoint.disabledAt)}</time>: nothing is
        sent to it.
      </p>
      {endpoint.disabledReason ? (
        <p className="mt-1">
          <VisibleText text={endpoint.disabledReason} />
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function EventTypesSummary({ eventTypes }: { eventTypes: string[] }) {
  if (webhookEventTypes.every((type) => eventTypes.includes(type))) return <>Every event</>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {eventTypes.map((type) => (
        <li key={type} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
          {type}
        </li>
      ))}
    </ul>
  );
}

export function DeliveryCounts({ counts }: { counts: WebhookEndpointView["counts"] }) {
  return (
    <span className="text-slate-900">
      {counts.pending} pending · {counts.delivered} delivered ·{" "}
      <span className={counts.failed > 0 ? "font-semibold text-red-800" : undefined}>{counts.failed} failed</span>
    </span>
  );
}
