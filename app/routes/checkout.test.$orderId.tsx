import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatCents, getPlan, planPrice } from "~/content/plans";
import {
  cancelTestOrder,
  findTestOrder,
  payTestOrder,
  privatePageHeaders,
} from "~/services/checkout/payments/test-checkout.server";
import { withOrderToken } from "~/services/checkout/payments/order-token.server";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/http/request.server";

export const meta: MetaFunction = () => [
  { title: "Test checkout — no payment is taken" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => privatePageHeaders;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

export async function loader({ params, request }: LoaderFunctionArgs) {
  const order = await findTestOrder(params.orderId, tokenOf(request));
  return json(
    {
      id: order.id,
      // The forms post back to this same signed link.
      formAction: withOrderToken(`/checkout/test/${order.id}`, order.id),
      status: order.status,
      billing: order.billingPeriod,
      lines: order.planIds.map((id) => {
        const plan = getPlan(id);
        // Not priceOrder: a plan since dropped from the catalogue still shows, at no price, instead of failing.
        return { id, name: plan?.name ?? id, cents: plan ? planPrice(plan, order.billingPeriod) * 100 : 0 };
      }),
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      couponCode: order.couponCode,
      email: order.email,
    },
    { headers: privatePageHeaders },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
    const order = await findTestOrder(params.orderId, tokenOf(request));
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "pay") return await payTestOrder(order, request);
    if (intent === "cancel") return await cancelTestOrder(order);
    throw new RequestRejected(400, "Unknown form intent.");
  } catch (error) {
    if (error instanceof RequestRejected) {
      return json(
        { error: error.message },
        { status: error.status, headers: { ...privatePageHeaders, ...error.headers } },
      );
    }
    throw error;
  }
}

export default function TestCheckout() {
  const order = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 px-6 py-12">
      <p
        className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900"
        role="note"
      >
        Test mode — no payment is taken
      </p>
      <h1 className="text-3xl font-bold">Test checkout</h1>
      {refusal && "error" in refusal ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          {refusal.error}
        </p>
      ) : null}
      <p className="text-slate-700">
        This page stands in for the payment provider while none is configured. Billing:{" "}
        {order.billing === "annual" ? "annual" : "monthly"}, receipt to {order.email}.
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Order lines</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2">
              Plan
            </th>
            <th scope="col" className="py-2">
              Qty
            </th>
            <th scope="col" className="py-2 text-right">
              Price
            </th>
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
              <td className="py-2" colSpan={2}>
                Discount ({order.couponCode})
              </td>
              <td className="py-2 text-right">−{formatCents(order.discountCents)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2" colSpan={2}>
              Total
            </th>
            <td className="py-2 text-right font-semibold" data-testid="test-checkout-total">
              {formatCents(order.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      {order.status === "pending" ? (
        <div className="flex gap-3">
          <Form method="post" action={order.formAction}>
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
          <Form method="post" action={order.formAction}>
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
          This order is {order.status}.{" "}
          <a className="font-semibold text-brand-700 underline" href="/#pricing">
            Back to pricing
          </a>
        </p>
      )}
    </main>
  );
}
