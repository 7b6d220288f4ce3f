import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DemoSection } from "~/components/demo/demo-section";
import { billingFromParam } from "~/content/plans";
import { getDemoSectionState, handleDemoRequestForm, resetDemoForm } from "~/utils/demo-request.server";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/request.server";
import { jsonWithError } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({
    billing: billingFromParam(url.searchParams.get("billing")),
    demo: await getDemoSectionState(request),
  });
}

/** The page's forms all post here; `intent` says which one. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const intent = form.get("intent");
    switch (intent) {
      // Each feature adds its intents here and keeps its logic in its own *.server.ts module.
      case "demo-request":
        return await handleDemoRequestForm(request, form);
      case "demo-request-reset":
        return await resetDemoForm(request);
      default:
        throw new RequestRejected(400, "Unknown form intent.");
    }
  } catch (error) {
    if (!(error instanceof RequestRejected)) throw error;
    return jsonWithError(
      { error: error.message },
      { message: "Error", description: error.message },
      { status: error.status, headers: error.headers },
    );
  }
}

export default function Index() {
  const { billing, demo } = useLoaderData<typeof loader>();
  return (
    <main id="main-content">
      <h1>Groundwork</h1>
      <p>Billing: {billing}</p>
      <DemoSection state={demo} />
    </main>
  );
}
