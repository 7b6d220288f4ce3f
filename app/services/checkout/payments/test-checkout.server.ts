import { redirect } from "@remix-run/node";
import { testCheckoutCopy } from "~/content/test-checkout";
import type { OrderRow } from "~/db/schema.server";
import { getOrder, settleOrder } from "~/models/checkout/order.server";
import { countFunnelStep } from "~/services/insight/funnel.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";
import { isOrderToken, withOrderToken } from "~/services/checkout/payments/order-token.server";

const orderIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Pages showing a customer's order and e-mail: never stored by a browser or a shared cache. */
export const privatePageHeaders = { "Cache-Control": "private, no-store" } as const;

/** A wrong or missing token answers exactly like an unknown order (404), so nobody learns which order ids exist. */
export async function findTestOrder(orderId: string | undefined, token: string | null): Promise<OrderRow> {
  const notFound = () => new Response("Not found", { status: 404, headers: privatePageHeaders });
  // The simulated payment exists only while no real provider is configured, and only for its own orders.
  if (getEnv().STRIPE_SECRET_KEY || !orderId || !orderIdPattern.test(orderId) || !isOrderToken(orderId, token))
    throw notFound();
  const order = await getOrder(orderId);
  if (!order || order.provider !== "test") throw notFound();
  return order;
}

/** Pay: a pending order becomes paid; a paid one goes on to its receipt; any other is refused as it is. */
export async function payTestOrder(order: OrderRow, request: Request): Promise<Response> {
  const settled = order.status === "pending" && (await settleOrder(order.id, "paid"));
  if (settled) await countFunnelStep(request, "order_paid");
  const status = settled ? "paid" : (await getOrder(order.id))?.status;
  if (status === "paid")
    return redirect(withOrderToken(`/checkout/success?order_id=${encodeURIComponent(order.id)}`, order.id), 303);
  return redirectWithError("/#pricing", testCheckoutCopy.cannotPay(status ?? order.status));
}

/** Cancel: only a pending order can be canceled, and the answer says what actually happened to it. */
export async function cancelTestOrder(order: OrderRow): Promise<Response> {
  if (order.status === "pending" && (await settleOrder(order.id, "canceled"))) {
    return redirectWithSuccess("/#pricing", testCheckoutCopy.canceled);
  }
  const status = (await getOrder(order.id))?.status ?? order.status;
  if (status === "canceled") return redirectWithSuccess("/#pricing", testCheckoutCopy.alreadyCanceled);
  const copy = status === "paid" ? testCheckoutCopy.paidCannotCancel : testCheckoutCopy.expiredCannotCancel;
  return redirectWithError(withOrderToken(`/checkout/test/${order.id}`, order.id), copy);
}
