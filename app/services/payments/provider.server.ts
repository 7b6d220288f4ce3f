import { getEnv } from "~/utils/env.server";
import { createStripeProvider } from "~/services/payments/stripe.server";
import { createTestModeProvider } from "~/services/payments/test-mode.server";
import type { PaymentProvider } from "~/services/payments/payment-provider";

export function getPaymentProvider(): PaymentProvider {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createTestModeProvider(env);
}
