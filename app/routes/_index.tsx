import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DemoSection } from "~/components/demo/demo-section";
import { LazyCheckoutDialog } from "~/components/lazy-sections";
import { JsonLd } from "~/components/landing/json-ld";
import { LandingPage } from "~/components/landing/landing-page";
import { billingFromParam } from "~/content/plans";
import type { loader as rootLoader } from "~/root";
import { handleCouponStep, handleInfoStep, handlePayStep, handleUpdateStep, loadCheckout } from "~/utils/checkout.server";
import { getDemoSectionState, handleDemoRequestForm, resetDemoForm } from "~/utils/demo-request.server";
import { useNonce } from "~/utils/nonce";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/request.server";
import { landingJsonLd } from "~/utils/json-ld.server";
import { landingMeta } from "~/utils/seo";
import { jsonWithError } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const site = matches.find((match) => match.id === "root")?.data?.site;
  return site ? landingMeta(site) : [];
};

// A refusal's Retry-After (429) must reach the visitor without JavaScript too, whose page this response is.
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const checkout = await loadCheckout(request, context);
  if (checkout.kind === "redirect") return checkout.response;
  return json({
    billing: billingFromParam(url.searchParams.get("billing")),
    checkout: checkout.kind === "open" ? checkout.view : null,
    demo: await getDemoSectionState(request, context),
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
  const { billing, checkout, demo } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData<typeof rootLoader>("root")!;
  const nonce = useNonce();
  return (
    <>
      <LandingPage
        billing={billing}
        site={site}
        checkoutDialog={checkout ? <LazyCheckoutDialog view={checkout} /> : null}
        demoSection={<DemoSection state={demo} />}
      />
      {/* Rendered by the server only (the builder is server-only); hydration keeps the server's script as it is. */}
      <JsonLd data={typeof document === "undefined" ? landingJsonLd(site) : null} nonce={nonce} />
    </>
  );
}
