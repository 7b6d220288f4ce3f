import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { DemoSection } from "~/components/demo/demo-section";
import { LazyCheckoutDialog } from "~/deferred/checkout-dialog";
import { ServerNotice } from "~/components/ui/server-notice";
import { JsonLd } from "~/components/landing/json-ld";
import { LandingPage } from "~/components/landing/landing-page";
import { showToast, useToastAtHydration } from "~/components/ui/toaster";
import { demoFailureNotice, paymentFailureNotice, refusalTitle } from "~/content/failure-notices";
import { billingFromParam } from "~/content/plans";
import type { loader as rootLoader } from "~/root";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/request.server";
import { getDemoSectionState, handleDemoRequestForm, resetDemoForm } from "~/services/demo/request.server";
import {
  handleCouponStep,
  handleInfoStep,
  handlePayStep,
  handleUpdateStep,
  loadCheckout,
} from "~/services/checkout/flow.server";
import { json } from "@remix-run/node";
import { landingAttribution } from "~/services/insight/attribution.server";
import { landingJsonLd } from "~/services/json-ld.server";
import { sharedPageHeaders } from "~/utils/shared-document.server";
import { askServer, isUnanswered, keepDataWhenUnanswered } from "~/utils/server-answer";
import { useHydrated } from "~/utils/use-hydrated";
import { landingMeta } from "~/utils/seo";

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const site = matches.find((match) => match.id === "root")?.data?.site;
  return site ? landingMeta(site) : [];
};

// A refusal's Retry-After (429) must reach the visitor without JavaScript too, whose page this response is. The
// loader's validator makes the page shared (entry.server, ADR 0037).
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const dataTag = loaderHeaders.get("ETag");
  if (dataTag) headers.set("ETag", dataTag);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const checkout = await loadCheckout(request, context);
  if (checkout.kind === "redirect") return checkout.response;
  const attribution = landingAttribution(request);
  const demo = await getDemoSectionState(request);
  const data = {
    billing: billingFromParam(url.searchParams.get("billing")),
    checkout: checkout.kind === "open" ? checkout.view : null,
    demo: { ...demo, attribution: attribution?.fields },
    attributionQuery: attribution?.query,
  };
  // Without a cookie and a query string this page is the same for every visitor, so shared caches may keep it;
  // a page rendered without its demo times is not (the next request reads them again).
  return json(data, { headers: sharedPageHeaders(request, data, !demo.picker.unavailable) });
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
    // A refusal is shown by the page that answers it (see RefusalNotice), never through the toast cookie: without
    // JavaScript this response is the page, rendered before a cookie set here could be read.
    return json({ error: error.message }, { status: error.status, headers: error.headers });
  }
}

/** What the page action's shared catch answers: the refusal's message. */
function refusalOf(data: unknown): string | undefined {
  const error = typeof data === "object" && data !== null ? (data as { error?: unknown }).error : undefined;
  return typeof error === "string" ? error : undefined;
}

/** With JavaScript: every form of the page (demo, checkout steps, coupon, Complete Order) posts through here. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  const answer = await askServer(() => serverAction<typeof action>(), request.signal);
  if (isUnanswered(answer)) {
    showToast({ type: "error", ...(intent.startsWith("checkout-") ? paymentFailureNotice : demoFailureNotice) });
  } else {
    const refusal = refusalOf(answer);
    if (refusal) showToast({ type: "error", message: refusalTitle, description: refusal });
  }
  return answer;
}

export const shouldRevalidate = keepDataWhenUnanswered;

/** A refusal answered to a form posted without JavaScript (or before it loaded), shown on the page it answered. */
function RefusalNotice() {
  const refusal = refusalOf(useActionData());
  const hydrated = useHydrated();
  const notice = refusal ? { message: refusalTitle, description: refusal } : undefined;
  // Later refusals come through clientAction as toasts.
  useToastAtHydration(notice && { type: "error", ...notice });
  return notice && !hydrated ? <ServerNotice notice={notice} /> : null;
}

export default function Index() {
  const { billing, checkout, demo, attributionQuery } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <>
      <LandingPage
        billing={billing}
        attributionQuery={attributionQuery}
        site={site}
        checkoutDialog={checkout ? <LazyCheckoutDialog view={checkout} /> : null}
        demoSection={<DemoSection state={demo} />}
      />
      <RefusalNotice />
      {/* Rendered by the server only (the builder is server-only); hydration keeps the server's script as it is. */}
      <JsonLd data={typeof document === "undefined" ? landingJsonLd(site) : null} />
    </>
  );
}
