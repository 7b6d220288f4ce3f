// Which orders are real money (issue #38): Stripe's `livemode`, from the kind of key the site runs with.
import { describe, expect, it } from "vitest";
import { paymentMode } from "~/services/checkout/payments/payment-provider";
import { createStripeProvider } from "~/services/checkout/payments/stripe.server";
import { createTestModeProvider } from "~/services/checkout/payments/test-mode.server";
import { getEnv } from "~/utils/env.server";

describe("payment mode", () => {
  it("no key simulates, a test or restricted test key is Stripe's test mode, only a live key is live", () => {
    expect(paymentMode({})).toBe("simulated");
    expect(paymentMode({ STRIPE_SECRET_KEY: "" })).toBe("simulated");
    expect(paymentMode({ STRIPE_SECRET_KEY: "sk_test_abc" })).toBe("stripe-test");
    expect(paymentMode({ STRIPE_SECRET_KEY: "rk_test_abc" })).toBe("stripe-test");
    expect(paymentMode({ STRIPE_SECRET_KEY: "sk_live_abc" })).toBe("stripe-live");
    expect(paymentMode({ STRIPE_SECRET_KEY: "rk_live_abc" })).toBe("stripe-live");
  });

  it("the providers mark their orders accordingly", () => {
    const env = getEnv();
    expect(createTestModeProvider(env).livemode).toBe(false);
    expect(createStripeProvider({ ...env, STRIPE_SECRET_KEY: "sk_test_abc" }).livemode).toBe(false);
    expect(createStripeProvider({ ...env, STRIPE_SECRET_KEY: "sk_live_abc" }).livemode).toBe(true);
  });
});
