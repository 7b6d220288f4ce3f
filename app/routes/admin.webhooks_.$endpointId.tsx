import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert } from "~/components/admin/alert";
import { formatTimestamp } from "~/components/admin/format";
import { VisibleText } from "~/components/admin/visible-text";
import { dangerButton, primaryButton, secondaryButton } from "~/components/admin/form-fields";
import { EndpointStateControls, IntentForm, ReplayFailedForm } from "~/components/admin/webhooks/endpoint-controls";
import { WebhookDeliveryLog } from "~/components/admin/webhooks/delivery-log";
import { WebhookEndpointForm } from "~/components/admin/webhooks/endpoint-form";
import {
  DeliveryCounts,
  DisabledNotice,
  EndpointStateBadge,
  EnvironmentBadge,
  EventTypesSummary,
} from "~/components/admin/webhooks/endpoint-status";
import { WebhookNewSecret } from "~/components/admin/webhooks/new-secret";
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

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

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

      <Panel id="state" title="Deliveries">
        <DisabledNotice endpoint={endpoint}>
          <div className="mt-3">
            <IntentForm endpointId={endpoint.id} intent="enable" section="state">
              <button type="submit" className={primaryButton}>
                Enable again
              </button>
            </IntentForm>
            <p className="mt-1">
              Once the receiver is fixed: deliveries start again, and the failed ones can be replayed below.
            </p>
          </div>
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
      </Panel>

      <Panel id="settings" title="Settings">
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
              endpointId={endpoint.id}
              values={
                settingsAnswer?.values ?? {
                  url: endpoint.url,
                  description: endpoint.description,
                  eventTypes: endpoint.eventTypes,
                  active: endpoint.active,
                }
              }
              errors={settingsAnswer?.errors ?? {}}
            />
          </div>
        )}
      </Panel>

      {endpoint.fromEnvironment ? null : (
        <Panel id="secret" title="Signing secret">
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
            <IntentForm endpointId={endpoint.id} intent="rotate-secret" section="secret">
              <button type="submit" className={secondaryButton}>
                Rotate secret
              </button>
            </IntentForm>
          </div>
        </Panel>
      )}

      <Panel id="replay" title="Replay failed deliveries">
        <div className="mt-2">
          <ReplayFailedForm
            key={pageKey}
            endpointId={endpoint.id}
            values={replayAnswer?.values ?? replayRange}
            errors={replayAnswer?.errors ?? {}}
          />
        </div>
      </Panel>

      <section id="delivery-log" aria-labelledby="delivery-log-heading">
        <h2 id="delivery-log-heading" className="text-xl font-bold text-slate-900">
          Delivery log
        </h2>
        <WebhookDeliveryLog endpointId={endpoint.id} deliveries={deliveries} attempts={attempts} />
      </section>

      {endpoint.fromEnvironment ? null : (
        <Panel id="delete" title="Delete this endpoint">
          <p className="mt-1 text-sm text-slate-600">
            It gets no more events, and its delivery log is deleted with it. To pause it instead, switch it off.
          </p>
          <div className="mt-3">
            <IntentForm endpointId={endpoint.id} intent="delete" section="delete">
              <button type="submit" className={dangerButton}>
                Delete endpoint<span className="sr-only"> {endpoint.url}</span>
              </button>
            </IntentForm>
          </div>
        </Panel>
      )}
    </main>
  );
}
