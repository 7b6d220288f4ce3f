import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env.server";

/*
 * The test-mode checkout and success pages act on an order; the order id alone (it shows up in logs, the admin
 * and the browser history of a shared computer) must not be enough to pay, cancel or read someone's order. The
 * link the provider hands back carries a signature of the order id made with SESSION_SECRET, the way a real
 * provider's checkout URL is itself the secret. It works without cookies and without JavaScript, and for API
 * callers who never see our cookies (ADR 0011).
 */

const PURPOSE = "test-checkout-order:";

function sign(orderId: string, secret: string): Buffer {
  return createHmac("sha256", secret)
    .update(PURPOSE + orderId)
    .digest();
}

/** The token for an order, signed with the first secret. */
export function orderToken(orderId: string): string {
  return sign(orderId, getEnv().sessionSecrets[0]).toString("base64url");
}

/** True when `token` was made for this order with any of the configured secrets (so secrets can be rotated). */
export function isOrderToken(orderId: string, token: string | null | undefined): boolean {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const given = Buffer.from(token, "base64url");
  return getEnv().sessionSecrets.some((secret) => timingSafeEqual(given, sign(orderId, secret)));
}

/** The link to an order's page with its token, e.g. `/checkout/test/<id>`. */
export function withOrderToken(path: string, orderId: string): string {
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}token=${orderToken(orderId)}`;
}
