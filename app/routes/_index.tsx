import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  useActionData,
  useLoaderData,
  useRouteLoaderData,
  useSearchParams,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { DemoSection } from "~/components/demo/demo-section";
import { ServerNotice } from "~/components/ui/server-notice";
import { JsonLd, landingJsonLd } from "~/components/landing/json-ld";
import { LandingPage } from "~/components/landing/landing-page";
import { showToast, useToastAtHydration } from "~/components/ui/toaster";
import { demoFailureNotice, paymentFailureNotice, refusalTitle } from "~/content/failure-notices";
import { billingFromParam } from "~/content/plans";
import type { loader as rootLoader } from "~/root";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/http/request.server";
import {
  getDemoSectionState,
  handleBookNowForm,
  handleDemoRequestForm,
  resetDemoForm,
} from "~/services/demo/request.server";
import {
  handleCouponStep,
  handleInfoStep,
  handlePayStep,
  handleUpdateStep,
  loadCheckout,
} from "~/services/checkout/flow.server";
import { json } from "@remix-run/node";
import { landingAttribution } from "~/services/insight/attribution.server";
import { sharedPageHeaders } from "~/utils/http/shared-document.server";
import { askServer, isUnanswered, keepDataWhenUnanswered } from "~/utils/http/server-answer";
import { useHydrated } from "~/utils/use-hydrated";
import { landingMeta } from "~/utils/seo";

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const site = matches.find((match) => match.id === "root")?.data?.site;
  return site ? landingMeta(site) : [];
};

// Retry-After must reach no-JS visitors, whose page this response is; the loader's ETag lets it be shared. ADR 0037.
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const dataTag = loaderHeaders.get("ETag");
  if (dataTag) headers.set("ETag", dataTag);
  return headers;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const checkout = await loadCheckout(request);
  if (checkout.kind === "redirect") return checkout.response;
  const attribution = landingAttribution(request);
  const demo = await getDemoSectionState(request);
  const data = {
    billing: billingFromParam(new URL(request.url).searchParams.get("billing")),
    checkout: checkout.kind === "open" ? checkout.view : null,
    demo: { ...demo, attribution: attribution?.fields },
    attributionQuery: attribution?.query,
  };
  // Not shared when the demo times could not be read, so the next request tries again.
  return json(data, { headers: sharedPageHeaders(request, data, !demo.picker.unavailable) });
}

/** The page's forms all post here; `intent` says which one. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const intent = form.get("intent");
    switch (intent) {
      case "demo-request":
        return await handleDemoRequestForm(request, form);
      case "demo-request-reset":
        return await resetDemoForm(request);
      case "demo-book-now":
        return await handleBookNowForm(request, form);
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
    // Shown by RefusalNotice, not the toast cookie: without JS this response is the page, rendered before the cookie.
    return json({ error: error.message }, { status: error.status, headers: error.headers });
  }
}

function refusalOf(data: unknown): string | undefined {
  const error = typeof data === "object" && data !== null ? (data as { error?: unknown }).error : undefined;
  return typeof error === "string" ? error : undefined;
}

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

/** A refusal to a form posted before hydration; later ones come through clientAction as toasts. */
function RefusalNotice() {
  const refusal = refusalOf(useActionData());
  const hydrated = useHydrated();
  const notice = refusal ? { message: refusalTitle, description: refusal } : undefined;
  useToastAtHydration(notice && { type: "error", ...notice });
  return notice && !hydrated ? <ServerNotice notice={notice} /> : null;
}

/** Radix Dialog, the checkout schema and the form library: only a page whose URL opens the dialog loads them. */
const CheckoutDialog = lazy(() =>
  import("~/components/checkout/checkout-dialog").then((module) => ({ default: module.CheckoutDialog })),
);

/** Where views are reported without JavaScript: the `<noscript>` pixel GETs the event as a query (ADR 21). */
const LANDING_VIEW_PIXEL = "/api/events?event=landing_view";

/**
 * One landing view per document, once it has loaded, so the beacon never competes with the page. A checkout step
 * without JavaScript is a new document; the server counts the steps instead (ADR 21).
 */
function LandingView() {
  const [searchParams] = useSearchParams();
  const countsView = !searchParams.has("checkout");
  // Once per document: a later change of the query is a step inside the page, not a view.
  useEffect(() => {
    if (new URLSearchParams(location.search).has("checkout")) return;
    const report = () => {
      try {
        navigator.sendBeacon("/api/events", "landing_view");
      } catch {
        // A view that cannot be reported is not the visitor's problem.
      }
    };
    if (document.readyState === "complete") report();
    else addEventListener("load", report, { once: true });
  }, []);
  return countsView ? (
    <noscript>
      <img src={LANDING_VIEW_PIXEL} alt="" className="sr-only" />
    </noscript>
  ) : null;
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
        checkoutDialog={
          checkout ? (
            <Suspense fallback={null}>
              <CheckoutDialog view={checkout} />
            </Suspense>
          ) : null
        }
        demoSection={<DemoSection state={demo} />}
      />
      <RefusalNotice />
      <LandingView />
      <JsonLd data={landingJsonLd(site)} />
    </>
  );
}
