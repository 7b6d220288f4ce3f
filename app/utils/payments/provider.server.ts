import type { OrderRow } from "~/db/schema.server";
import { getEnv } from "../env.server";
import { createStripeProvider } from "./stripe.server";
import { createTestModeProvider } from "./test-mode.server";

/** A coupon the provider accepted; `providerRef` is what the provider needs to apply it (a promotion code id). */
export type ValidCoupon = {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  providerRef?: string;
};

/** `url`: the provider's page (absolute), or a path on this site (test mode). */
export type CheckoutRedirect = { url: string; sessionId: string };

/** The one seam between the checkout and whoever takes the money. */
export type PaymentProvider = {
  kind: "stripe" | "test";
  findCoupon(code: string): Promise<ValidCoupon | null>;
  createCheckout(
    order: OrderRow,
    options: { idempotencyKey: string; coupon: ValidCoupon | null },
  ): Promise<CheckoutRedirect>;
};

export function getPaymentProvider(): PaymentProvider {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createTestModeProvider(env);
}
