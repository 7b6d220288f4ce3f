import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutDialog } from "~/components/checkout/checkout-dialog";
import { billingFromParam } from "~/content/plans";
import { handleCouponStep, handleInfoStep, handlePayStep, handleUpdateStep, loadCheckout } from "~/utils/checkout.server";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/request.server";
import { jsonWithError } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const checkout = await loadCheckout(request);
  if (checkout.kind === "redirect") return checkout.response;
  return json({
    billing: billingFromParam(url.searchParams.get("billing")),
    checkout: checkout.kind === "open" ? checkout.view : null,
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
      case "checkout-info":
        return await handleInfoStep(request, form);
      case "checkout-update":
        return await handleUpdateStep(request, form);
      case "checkout-coupon":
        return await handleCouponStep(request, form);
      case "checkout-pay":
        return await handlePayStep(request, form);
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
  const { billing, checkout } = useLoaderData<typeof loader>();
  return (
    <main id="main-content">
      {checkout ? <CheckoutDialog view={checkout} /> : null}
      <h1>Groundwork</h1>
      <p>Billing: {billing}</p>
    </main>
  );
}
