import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Alert } from "~/components/admin/alert";
import { WebhookEndpointForm } from "~/components/admin/webhooks/endpoint-form";
import { WebhookEndpointsList } from "~/components/admin/webhooks/endpoints-list";
import { requireAdmin } from "~/services/admin/session.server";
import { webhooksAction, webhooksPage } from "~/services/webhooks/admin.server";

export const meta: MetaFunction = () => [{ title: "Webhooks · Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return webhooksPage();
}

/** Lands on the new endpoint's page, which shows its secret once. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return webhooksAction(request);
}

export default function AdminWebhooks() {
  const { endpoints, newEndpoint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { key: pageKey } = useLocation();
  const refused = answer?.form === "endpoint" && !answer.endpointId ? answer : undefined;
  return (
    <main id="main-content" className="mx-auto max-w-5xl space-y-10 px-6 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Webhooks</h1>
        <p className="mt-1 text-sm text-slate-600">
          Endpoints that are sent signed events (Standard Webhooks) when leads, demos and orders change. A delivery that
          fails is retried for about three days; an endpoint whose deliveries fail all that time is disabled until an
          admin enables it again.
        </p>
      </div>

      {answer?.form === "not-found" ? (
        <Alert title="Endpoint not found">
          No endpoint has that id: it may have been deleted. Pick one from the list below.
        </Alert>
      ) : null}

      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="text-xl font-bold text-slate-900">
          Endpoints
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {endpoints.length === 1 ? "1 endpoint" : `${endpoints.length} endpoints`}, in the order they were added
        </p>
        <WebhookEndpointsList endpoints={endpoints} />
      </section>

      <section id="add-endpoint" aria-labelledby="add-endpoint-heading">
        <h2 id="add-endpoint-heading" className="text-xl font-bold text-slate-900">
          Add an endpoint
        </h2>
        <div className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
          <WebhookEndpointForm key={pageKey} values={refused?.values ?? newEndpoint} errors={refused?.errors ?? {}} />
        </div>
      </section>
    </main>
  );
}
