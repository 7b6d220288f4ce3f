import { isValueSignature, signValue } from "~/utils/signed-token.server";

// ADR 0011: an order id leaks (logs, browser history), so it alone must not pay, cancel or read an order; the link
// carries its signature, as a real provider's checkout URL is itself the secret. No cookies needed.

const PURPOSE = "test-checkout-order";

/** Any configured secret is accepted, so secrets can be rotated. */
export function isOrderToken(orderId: string, token: string | null | undefined): boolean {
  return isValueSignature(PURPOSE, orderId, token);
}

export function withOrderToken(path: string, orderId: string): string {
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}token=${signValue(PURPOSE, orderId)}`;
}
