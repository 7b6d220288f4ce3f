import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { formatCents, getPlan } from "~/content/plans";
import { getOrder, settleOrder } from "~/models/order.server";
import { getEnv } from "~/utils/env.server";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/request.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Test checkout — no payment is taken" }, { name: "robots", content: "noindex" }];

async function loadTestOrder(orderId: string | undefined) {
  // The simulated payment exists only while no real provider is configured, and only for its own orders.
  if (getEnv().STRIPE_SECRET_KEY || !orderId) throw new Response("Not found", { status: 404 });
  const order = await getOrder(orderId);
  if (!order || order.provider !== "test") throw new Response("Not found", { status: 404 });
  return order;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const order = await loadTestOrder(params.orderId);
  return json(
    {
      id: order.id,
      status: order.status,
      billing: order.billingPeriod,
      lines: order.planIds.map((id) => {
        const plan = getPlan(id);
        return { id, name: plan?.name ?? id, cents: (order.billingPeriod === "annual" ? plan?.annualPrice ?? 0 : plan?.price ?? 0) * 100 };
      }),
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      couponCode: order.couponCode,
      email: order.email,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
    const order = await loadTestOrder(params.orderId);
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "pay") {
      if (order.status === "pending") await settleOrder(order.id, "paid");
      else if (order.status !== "paid") {
        return redirectWithError("/#pricing", { message: "Error", description: "This order can no longer be paid. Please start a new one." });
      }
      return redirect(`/checkout/success?order_id=${encodeURIComponent(order.id)}`, 303);
    }
    if (intent === "cancel") {
      await settleOrder(order.id, "canceled");
      return redirectWithSuccess("/#pricing", { message: "Order canceled", description: "No payment was taken. You can pick a plan again at any time." });
    }
    throw new RequestRejected(400, "Unknown form intent.");
  } catch (error) {
    if (error instanceof RequestRejected) return json({ error: error.message }, { status: error.status, headers: error.headers });
    throw error;
  }
}

export default function TestCheckout() {
  const order = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 px-6 py-12">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900" role="note">
        Test mode — no payment is taken
      </p>
      <h1 className="text-3xl font-bold">Test checkout</h1>
      <p className="text-slate-700">
        This page stands in for the payment provider while none is configured. Billing: {order.billing === "annual" ? "annual" : "monthly"}, receipt to{" "}
        {order.email}.
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Order lines</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2">Plan</th>
            <th scope="col" className="py-2">Qty</th>
            <th scope="col" className="py-2 text-right">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100">
              <td className="py-2">{line.name}</td>
              <td className="py-2">1</td>
              <td className="py-2 text-right">{formatCents(line.cents)}</td>
            </tr>
          ))}
          {order.discountCents > 0 ? (
            <tr>
              <td className="py-2" colSpan={2}>Discount ({order.couponCode})</td>
              <td className="py-2 text-right">−{formatCents(order.discountCents)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2" colSpan={2}>Total</th>
            <td className="py-2 text-right font-semibold" data-testid="test-checkout-total">{formatCents(order.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {order.status === "pending" ? (
        <div className="flex gap-3">
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="pay"
              disabled={busy}
              className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
            >
              Pay (test)
            </button>
          </Form>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            >
              Cancel
            </button>
          </Form>
        </div>
      ) : (
        <p className="text-slate-700">
          This order is {order.status}. <a className="font-semibold text-brand-700 underline" href="/#pricing">Back to pricing</a>
        </p>
      )}
    </main>
  );
}
