import Stripe from "stripe";
import { priceOrder } from "~/content/pricing";
import type { Env } from "~/utils/env.server";
import { paymentMode, type PaymentProvider } from "~/services/checkout/payments/payment-provider";
import { remember } from "~/utils/singleton.server";

/** The SDK client; host/port/protocol are overridable so tests can point it at a local fake Stripe. */
export function getStripeClient(env: Env): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const signature = [key, env.STRIPE_API_HOST, env.STRIPE_API_PORT, env.STRIPE_API_PROTOCOL].join("|");
  return remember(
    "stripe client",
    () =>
      new Stripe(key, {
        ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
        ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
        ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
        timeout: 20_000,
        appInfo: { name: "groundwork-site" },
      }),
    { basedOn: signature },
  );
}

export function createStripeProvider(env: Env): PaymentProvider {
  const stripe = getStripeClient(env);
  return {
    kind: "stripe",
    livemode: paymentMode(env) === "stripe-live",
    async findCoupon(code) {
      const trimmed = code.trim();
      const found = await stripe.promotionCodes.list({
        code: trimmed,
        active: true,
        limit: 1,
        expand: ["data.promotion.coupon"],
      });
      const promotion = found.data[0];
      if (!promotion) return null;
      const coupon = promotion.promotion?.coupon;
      const details = coupon && typeof coupon === "object" ? coupon : null;
      return {
        code: promotion.code,
        percentOff: details?.percent_off ?? null,
        amountOffCents: details?.amount_off ?? null,
        providerRef: promotion.id,
      };
    },
    async createCheckout(order, { idempotencyKey, coupon }) {
      const interval = order.billingPeriod === "annual" ? "year" : "month";
      const metadata = { orderId: order.id, planIds: order.planIds.join(","), billingPeriod: order.billingPeriod };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          // The coupon is Stripe's to apply (discounts below), so the lines are the undiscounted prices.
          line_items: priceOrder(order.planIds, order.billingPeriod).lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: order.currency,
              unit_amount: line.unitCents,
              recurring: { interval },
              product_data: { name: line.name },
            },
          })),
          customer_email: order.email,
          client_reference_id: order.id,
          metadata,
          subscription_data: { metadata },
          ...(coupon?.providerRef
            ? { discounts: [{ promotion_code: coupon.providerRef }] }
            : { allow_promotion_codes: true }),
          success_url: `${env.APP_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${env.APP_URL}/?checkout=plan`,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { url: session.url, sessionId: session.id };
    },
  };
}
