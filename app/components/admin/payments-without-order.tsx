import { Form } from "@remix-run/react";
import { formatCents } from "~/content/plans";

export type PaymentWithoutOrder = {
  id: string;
  providerSessionId: string;
  orderRef: string | null;
  reason: "order-missing" | "order-expired" | "order-canceled";
  amountTotalCents: number | null;
  currency: string | null;
  livemode: boolean;
  receivedAt: string;
};

const why: Record<PaymentWithoutOrder["reason"], string> = {
  "order-missing": "its order was deleted (erased or past retention) while unpaid",
  "order-expired": "its order had expired",
  "order-canceled": "its order had been canceled",
};

/** The admin's notice of money Stripe took with no order behind it: nothing else shows these payments. */
export function PaymentsWithoutOrder({ payments }: { payments: PaymentWithoutOrder[] }) {
  if (payments.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <h3 className="font-semibold">
        {payments.length === 1 ? "A payment has no order" : `${payments.length} payments have no order`}
      </h3>
      <p className="mt-1">
        Stripe took these payments, but there is no order to fulfil. Find each session in the Stripe dashboard and
        refund it, or contact the customer there and take the order again; then mark it resolved.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {payments.map((payment) => (
          <li key={payment.id}>
            <time dateTime={payment.receivedAt}>{payment.receivedAt.slice(0, 16).replace("T", " ")} UTC</time>:{" "}
            {payment.amountTotalCents === null
              ? "an amount Stripe did not say"
              : `${formatCents(payment.amountTotalCents)}${payment.currency && payment.currency !== "usd" ? ` ${payment.currency.toUpperCase()}` : ""}`}
            {payment.livemode ? "" : " (test mode)"}, Checkout Session <code>{payment.providerSessionId}</code>:{" "}
            {why[payment.reason]}.
            <Form method="post" className="mt-1">
              <input type="hidden" name="intent" value="resolve-payment" />
              <input type="hidden" name="paymentId" value={payment.id} />
              <button
                type="submit"
                className="rounded-md border border-red-300 bg-white px-2 py-1 text-xs font-semibold text-red-900 hover:bg-red-100"
              >
                Mark resolved (refunded or ordered again in Stripe)
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
