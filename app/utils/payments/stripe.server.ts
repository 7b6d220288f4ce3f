import Stripe from "stripe";
import { getPlan } from "~/content/plans";
import type { Env } from "../env.server";
import type { PaymentProvider } from "./provider.server";

const globalForStripe = globalThis as unknown as { __groundworkStripe?: { signature: string; client: Stripe } };

/** The SDK client; host/port/protocol are overridable so tests can point it at a local fake Stripe. */
export function getStripeClient(env: Env): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const signature = [key, env.STRIPE_API_HOST, env.STRIPE_API_PORT, env.STRIPE_API_PROTOCOL].join("|");
  const cached = globalForStripe.__groundworkStripe;
  if (cached && cached.signature === signature) return cached.client;
  const client = new Stripe(key, {
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
    timeout: 20_000,
    appInfo: { name: "groundwork-site" },
  });
  globalForStripe.__groundworkStripe = { signature, client };
  return client;
}

export function createStripeProvider(env: Env): PaymentProvider {
  const stripe = getStripeClient(env);
  const appUrl = env.APP_URL.replace(/\/$/, "");
  return {
    kind: "stripe",
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
          line_items: order.planIds.map((planId) => {
            const plan = getPlan(planId);
            if (!plan) throw new Error(`Unknown plan ${planId}`);
            const dollars = order.billingPeriod === "annual" ? plan.annualPrice : plan.price;
            return {
              quantity: 1,
              price_data: {
                currency: order.currency,
                unit_amount: dollars * 100,
                recurring: { interval },
                product_data: { name: plan.name },
              },
            };
          }),
          customer_email: order.email,
          client_reference_id: order.id,
          metadata,
          subscription_data: { metadata },
          ...(coupon?.providerRef
            ? { discounts: [{ promotion_code: coupon.providerRef }] }
            : { allow_promotion_codes: true }),
          success_url: `${appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${appUrl}/?checkout=plan`,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { url: session.url, sessionId: session.id };
    },
  };
}
