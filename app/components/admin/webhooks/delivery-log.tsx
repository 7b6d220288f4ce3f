import type { WebhookAttemptView, WebhookDeliveryView } from "~/schemas/webhook-endpoint";
import { DataTable, type Column } from "~/components/admin/data-table";
import { formatTimestamp, formatTimestampSeconds } from "~/components/admin/format";
import { VisibleText } from "~/components/admin/visible-text";
import { IntentForm } from "./endpoint-controls";

const deliveryBadge: Record<WebhookDeliveryView["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

function EventCell({ eventType, eventId }: { eventType: string; eventId: string }) {
  return (
    <>
      <span className="font-mono font-medium text-slate-900">{eventType}</span>
      <br />
      <span className="break-all font-mono text-xs text-slate-600">{eventId}</span>
    </>
  );
}

export function WebhookDeliveryLog({
  endpointId,
  deliveries,
  attempts,
}: {
  endpointId: string;
  deliveries: WebhookDeliveryView[];
  attempts: WebhookAttemptView[];
}) {
  const deliveryColumns: Column<WebhookDeliveryView>[] = [
    {
      header: "Created",
      className: "whitespace-nowrap",
      cell: (delivery) => <time dateTime={delivery.createdAt}>{formatTimestampSeconds(delivery.createdAt)}</time>,
    },
    { header: "Event", cell: (delivery) => <EventCell {...delivery} /> },
    {
      header: "Status",
      cell: (delivery) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${deliveryBadge[delivery.status]}`}>
          {delivery.status}
        </span>
      ),
    },
    { header: "Attempts", cell: (delivery) => delivery.attempts },
    {
      header: "Next attempt",
      className: "whitespace-nowrap",
      cell: (delivery) =>
        delivery.status === "pending" ? (
          <time dateTime={delivery.nextAttemptAt}>{formatTimestamp(delivery.nextAttemptAt)}</time>
        ) : (
          "—"
        ),
    },
    {
      header: "Last error",
      className: "break-words",
      cell: (delivery) => (delivery.lastError ? <VisibleText text={delivery.lastError} /> : "—"),
    },
    {
      header: "Replay",
      cell: (delivery) => (
        <IntentForm endpointId={endpointId} intent="replay" section="delivery-log">
          <input type="hidden" name="deliveryId" value={delivery.id} />
          <button
            type="submit"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100"
          >
            Replay
            <span className="sr-only">
              {" "}
              {delivery.eventType} {delivery.eventId}
            </span>
          </button>
        </IntentForm>
      ),
    },
  ];

  const attemptColumns: Column<WebhookAttemptView>[] = [
    {
      header: "Time",
      className: "whitespace-nowrap",
      cell: (attempt) => <time dateTime={attempt.attemptedAt}>{formatTimestampSeconds(attempt.attemptedAt)}</time>,
    },
    { header: "Event", cell: (attempt) => <EventCell {...attempt} /> },
    {
      header: "HTTP status",
      cell: (attempt) =>
        attempt.status === null ? (
          <span className="text-slate-600">no answer</span>
        ) : (
          <span className={attempt.error ? "font-semibold text-red-800" : "font-semibold text-green-800"}>
            {attempt.status}
          </span>
        ),
    },
    { header: "Latency (ms)", cell: (attempt) => attempt.latencyMs },
    {
      header: "Answer",
      cell: (attempt) =>
        attempt.responseExcerpt ? (
          // Untrusted receiver output: hidden characters are shown as codes, nothing is interpreted.
          <pre className="max-h-32 max-w-xs overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs">
            <code>
              <VisibleText text={attempt.responseExcerpt} multiline />
            </code>
          </pre>
        ) : (
          "—"
        ),
    },
    {
      header: "Error",
      className: "break-words",
      cell: (attempt) => (attempt.error ? <VisibleText text={attempt.error} /> : "—"),
    },
  ];

  return (
    <>
      <h3 id="deliveries-heading" className="mt-4 text-base font-semibold text-slate-900">
        Latest deliveries
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        One per event, newest first. Replay sends one again now, with its event’s id unchanged (a receiver that already
        has it sees a duplicate to ignore).
      </p>
      <DataTable
        columns={deliveryColumns}
        rows={deliveries}
        rowKey={(delivery) => delivery.id}
        empty="No deliveries yet."
        describedBy="deliveries-heading"
      />

      <h3 id="attempts-heading" className="mt-6 text-base font-semibold text-slate-900">
        Latest attempts
      </h3>
      <p className="mt-1 text-sm text-slate-600">Every time a delivery was sent, newest first, with the answer.</p>
      <div data-testid="webhook-attempts">
        <DataTable
          columns={attemptColumns}
          rows={attempts}
          rowKey={(attempt) => attempt.id}
          empty="No attempts yet."
          describedBy="attempts-heading"
        />
      </div>
    </>
  );
}
