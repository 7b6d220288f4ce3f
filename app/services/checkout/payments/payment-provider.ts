import type { OrderRow } from "~/db/schema.server";

// Apart from the factory (in flow.server.ts), so implementations can name it without importing what imports them.

/** A coupon the provider accepted; `providerRef` is what the provider needs to apply it (a promotion code id). */
export type ValidCoupon = {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  providerRef?: string;
};

/** `url`: the provider's page (absolute), or a path on this site (test mode). */
type CheckoutRedirect = { url: string; sessionId: string };

type PaymentMode = "simulated" | "stripe-test" | "stripe-live";

/** Which payment path the checkout takes: no key simulates, a test key charges no card, a live key does. */
export function paymentMode({ STRIPE_SECRET_KEY: key }: { STRIPE_SECRET_KEY?: string }): PaymentMode {
  if (!key) return "simulated";
  return /^(sk|rk)_live_/.test(key) ? "stripe-live" : "stripe-test";
}

export type PaymentProvider = {
  kind: "stripe" | "test";
  /** Whether its payments are real money (Stripe's `livemode`): live Stripe keys only. */
  livemode: boolean;
  findCoupon(code: string): Promise<ValidCoupon | null>;
  createCheckout(
    order: OrderRow,
    options: { idempotencyKey: string; coupon: ValidCoupon | null },
  ): Promise<CheckoutRedirect>;
  /** Only for a provider whose session id follows from the order id (test mode): stored with the order's insert. */
  sessionIdFor?(orderId: string): string;
};
