import { isValueSignature, signValue } from "~/utils/signed-token.server";

/*
 * The test-mode checkout and success pages act on an order; the order id alone (it shows up in logs, the admin
 * and the browser history of a shared computer) must not be enough to pay, cancel or read someone's order. The
 * link the provider hands back carries a signature of the order id, the way a real provider's checkout URL is
 * itself the secret. It works without cookies and without JavaScript, and for API callers who never see our
 * cookies (ADR 0011).
 */

const PURPOSE = "test-checkout-order";

/** The token for an order, signed with the first secret. */
export function orderToken(orderId: string): string {
  return signValue(PURPOSE, orderId);
}

/** True when `token` was made for this order with any of the configured secrets (so secrets can be rotated). */
export function isOrderToken(orderId: string, token: string | null | undefined): boolean {
  return isValueSignature(PURPOSE, orderId, token);
}

/** The link to an order's page with its token, e.g. `/checkout/test/<id>`. */
export function withOrderToken(path: string, orderId: string): string {
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}token=${orderToken(orderId)}`;
}
