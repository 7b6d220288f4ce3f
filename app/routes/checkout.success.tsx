import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RequestRejected } from "~/utils/http/request.server";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCents, getPlan } from "~/content/plans";
import type { OrderRow } from "~/db/schema.server";
import { getOrder, getOrderBySessionId } from "~/models/checkout/order.server";
import { clearCheckoutState } from "~/services/checkout/flow.server";
import { getEnv } from "~/utils/env.server";
import { readSuccessSession } from "~/services/checkout/success-page.server";
import { findTestOrder, privatePageHeaders } from "~/services/checkout/payments/test-checkout.server";

export const meta: MetaFunction = () => [{ title: "Thank you for your order" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => privatePageHeaders;

async function findOrder(request: Request): Promise<{ order?: OrderRow; paymentStatus?: string }> {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const orderId = url.searchParams.get("order_id");
  const env = getEnv();
  if (sessionId && /^[\w-]{1,255}$/.test(sessionId) && env.STRIPE_SECRET_KEY) {
    const { paymentStatus, orderRef } = await readSuccessSession(request, sessionId, env);
    const order = (orderRef ? await getOrder(orderRef) : undefined) ?? (await getOrderBySessionId(sessionId));
    return { order, paymentStatus };
  }
  // A test-mode order is shown only with the signed link its checkout page redirected to.
  if (orderId) return { order: await findTestOrder(orderId, url.searchParams.get("token")) };
  return {};
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { order, paymentStatus } = await findOrder(request).catch((error: unknown) => {
    if (!(error instanceof RequestRejected)) throw error;
    throw new Response(error.message, { status: error.status, headers: { ...error.headers, ...privatePageHeaders } });
  });
  if (!order) throw new Response("Not found", { status: 404, headers: privatePageHeaders });
  return json(
    {
      status: order.status,
      confirmed: order.status === "paid" || paymentStatus === "paid" || paymentStatus === "no_payment_required",
      billing: order.billingPeriod,
      lines: order.planIds.map((id) => getPlan(id)?.name ?? id),
      totalCents: order.totalCents,
      discountCents: order.discountCents,
      couponCode: order.couponCode,
      email: order.email,
      companyName: order.companyName,
    },
    { headers: { "Set-Cookie": await clearCheckoutState(), ...privatePageHeaders } },
  );
}

export default function CheckoutSuccess() {
  const order = useLoaderData<typeof loader>();
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 px-6 py-12">
      <h1 className="text-3xl font-bold">Thank you for your order!</h1>
      <p className="text-slate-700">
        {order.confirmed
          ? "Your payment is confirmed."
          : "We are confirming your payment with the provider; this usually takes a few seconds."}
      </p>
      <section aria-labelledby="ordered-heading" className="rounded-lg border border-slate-200 p-5">
        <h2 id="ordered-heading" className="text-lg font-semibold">
          What you ordered
        </h2>
        <ul className="mt-3 list-disc pl-5" data-testid="ordered-plans">
          {order.lines.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          Billed {order.billing === "annual" ? "annually" : "monthly"} for {order.companyName}
          {order.discountCents > 0 ? ` (coupon ${order.couponCode}: −${formatCents(order.discountCents)})` : ""}. Total{" "}
          <strong>{formatCents(order.totalCents)}</strong> per {order.billing === "annual" ? "year" : "month"}.
        </p>
      </section>
      <section aria-labelledby="next-heading">
        <h2 id="next-heading" className="text-lg font-semibold">
          What happens next
        </h2>
        <p className="mt-2 text-slate-700">
          A receipt is on its way to {order.email}. Within one business day your onboarding specialist will e-mail you
          to book your snapshot setup, which takes under 2 hours.
        </p>
      </section>
      <p>
        <a href="/" className="font-semibold text-brand-700 underline">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
