import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Alert } from "~/components/admin/alert";
import { formatTimestamp } from "~/components/admin/format";
import { VisibleText } from "~/components/admin/visible-text";
import {
  DeleteEndpointForm,
  EnableAgainForm,
  EndpointStateControls,
  ReplayFailedForm,
  RotateSecretForm,
} from "~/components/admin/webhook-endpoint-controls";
import { WebhookDeliveryLog } from "~/components/admin/webhook-delivery-log";
import { WebhookEndpointForm } from "~/components/admin/webhook-endpoint-form";
import { webhookEndpointHref } from "~/components/admin/webhook-endpoints-list";
import {
  DeliveryCounts,
  DisabledNotice,
  EndpointStateBadge,
  EnvironmentBadge,
  EventTypesSummary,
} from "~/components/admin/webhook-endpoint-status";
import { WebhookNewSecret } from "~/components/admin/webhook-new-secret";
import { requireAdmin } from "~/services/admin/session.server";
import { webhookEndpointPage, webhooksAction } from "~/services/webhooks/admin.server";

export const meta: MetaFunction = () => [{ title: "Webhook endpoint · Admin" }, { name: "robots", content: "noindex" }];

// Remix adds the loader's Set-Cookie (expiring a shown secret's cookie) to the layout's headers.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return webhookEndpointPage(request, params.endpointId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  return webhooksAction(request, params.endpointId);
}

const section = "rounded-lg border border-slate-200 bg-white p-5";
const sectionHeading = "text-lg font-semibold text-slate-900";

export default function AdminWebhookEndpoint() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { key: pageKey } = useLocation();

  if (!data.found || answer?.form === "not-found") {
    return (
      <main id="main-content" className="mx-auto max-w-5xl space-y-6 px-6 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Webhook endpoint</h1>
        <Alert title="Endpoint not found">
          No endpoint has that id: the link may be mistyped, or the endpoint was deleted.{" "}
          <a href="/admin/webhooks" className="underline">
            See every endpoint
          </a>
          .
        </Alert>
      </main>
    );
  }

  const { endpoint, deliveries, attempts, newSecret, replayRange } = data;
  const settingsAnswer = answer?.form === "endpoint" && answer.endpointId === endpoint.id ? answer : undefined;
  const replayAnswer = answer?.form === "replay-failed" ? answer : undefined;
  return (
    <main id="main-content" className="mx-auto max-w-5xl space-y-8 px-6 py-8">
      <div>
        <p className="text-sm">
          <a href="/admin/webhooks" className="font-medium text-brand-700 underline">
            All webhook endpoints
          </a>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Webhook endpoint</h1>
        <p className="mt-1 break-all font-mono text-sm text-slate-800">
          <VisibleText text={endpoint.url} />
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {endpoint.fromEnvironment ? <EnvironmentBadge /> : null}
          <EndpointStateBadge endpoint={endpoint} />
        </div>
      </div>

      {answer?.form === "environment" ? (
        <Alert title="Not changed: this endpoint comes from the environment">
          Its URL, signing secret and events follow the WEBHOOK_URL and WEBHOOK_SECRET settings, and it cannot be
          deleted here. Change or unset those settings and restart the app.
        </Alert>
      ) : null}

      {newSecret ? <WebhookNewSecret newSecret={newSecret} /> : null}

      <section id="state" aria-labelledby="state-heading" className={section}>
        <h2 id="state-heading" className={sectionHeading}>
          Deliveries
        </h2>
        <DisabledNotice endpoint={endpoint}>
          <EnableAgainForm endpointId={endpoint.id} />
        </DisabledNotice>
        <p className="mt-3 text-sm">
          <DeliveryCounts counts={endpoint.counts} />
          {endpoint.failingSince && !endpoint.disabledAt ? (
            <span className="text-red-800">
              {" "}
              · every attempt since{" "}
              <time dateTime={endpoint.failingSince}>{formatTimestamp(endpoint.failingSince)}</time> failed
            </span>
          ) : null}
        </p>
        <div className="mt-4">
          <EndpointStateControls endpoint={endpoint} />
        </div>
      </section>

      <section id="settings" aria-labelledby="settings-heading" className={section}>
        <h2 id="settings-heading" className={sectionHeading}>
          Settings
        </h2>
        {endpoint.fromEnvironment ? (
          <>
            <p className="mt-1 text-sm text-slate-600" data-testid="environment-endpoint">
              This endpoint comes from the <code>WEBHOOK_URL</code> and <code>WEBHOOK_SECRET</code> settings: its URL,
              signing secret and events follow them and cannot be changed here, nor can it be deleted. It can be
              switched off and on, tested, and its deliveries replayed.
            </p>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-slate-600">URL</dt>
              <dd className="break-all font-mono text-slate-900">
                <VisibleText text={endpoint.url} />
              </dd>
              <dt className="font-medium text-slate-600">Events</dt>
              <dd className="text-slate-900">
                <EventTypesSummary eventTypes={endpoint.eventTypes} />
              </dd>
              <dt className="font-medium text-slate-600">Signing secret</dt>
              <dd className="text-slate-900">
                <code>WEBHOOK_SECRET</code>
              </dd>
            </dl>
          </>
        ) : (
          <div className="mt-4">
            <WebhookEndpointForm
              key={pageKey}
              idPrefix="edit-endpoint"
              action={`${webhookEndpointHref(endpoint.id)}#settings`}
              intent="update"
              values={
                settingsAnswer?.values ?? {
                  url: endpoint.url,
                  description: endpoint.description,
                  eventTypes: endpoint.eventTypes,
                  active: endpoint.active,
                }
              }
              errors={settingsAnswer?.errors ?? {}}
              submitLabel="Save endpoint"
            />
          </div>
        )}
      </section>

      {endpoint.fromEnvironment ? null : (
        <section id="secret" aria-labelledby="secret-heading" className={section}>
          <h2 id="secret-heading" className={sectionHeading}>
            Signing secret
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The secret was shown once, when it was made. Rotating makes a new one (shown once); the current one keeps
            being signed with too for 24 hours, so the receiver can switch over without missing an event.
          </p>
          {endpoint.previousSecretExpiresAt ? (
            <p className="mt-2 text-sm text-slate-800">
              The previous secret is signed with too until{" "}
              <time dateTime={endpoint.previousSecretExpiresAt}>
                {formatTimestamp(endpoint.previousSecretExpiresAt)}
              </time>
              .
            </p>
          ) : null}
          <div className="mt-3">
            <RotateSecretForm endpointId={endpoint.id} />
          </div>
        </section>
      )}

      <section id="replay" aria-labelledby="replay-heading" className={section}>
        <h2 id="replay-heading" className={sectionHeading}>
          Replay failed deliveries
        </h2>
        <div className="mt-2">
          <ReplayFailedForm
            key={pageKey}
            endpointId={endpoint.id}
            values={replayAnswer?.values ?? replayRange}
            errors={replayAnswer?.errors ?? {}}
          />
        </div>
      </section>

      <section id="delivery-log" aria-labelledby="delivery-log-heading">
        <h2 id="delivery-log-heading" className="text-xl font-bold text-slate-900">
          Delivery log
        </h2>
        <WebhookDeliveryLog endpointId={endpoint.id} deliveries={deliveries} attempts={attempts} />
      </section>

      {endpoint.fromEnvironment ? null : (
        <section id="delete" aria-labelledby="delete-heading" className={section}>
          <h2 id="delete-heading" className={sectionHeading}>
            Delete this endpoint
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            It gets no more events, and its delivery log is deleted with it. To pause it instead, switch it off.
          </p>
          <div className="mt-3">
            <DeleteEndpointForm endpoint={endpoint} />
          </div>
        </section>
      )}
    </main>
  );
}
