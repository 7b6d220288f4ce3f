import { getEnv } from "~/utils/env.server";
import { createStripeProvider } from "~/services/checkout/payments/stripe.server";
import { createTestModeProvider } from "~/services/checkout/payments/test-mode.server";
import type { PaymentProvider } from "~/services/checkout/payments/payment-provider";

export function getPaymentProvider(): PaymentProvider {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createTestModeProvider(env);
}
