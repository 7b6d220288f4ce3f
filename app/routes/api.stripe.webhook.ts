import type { ActionFunctionArgs } from "@remix-run/node";
import Stripe from "stripe";
import { applyStripeEvent } from "~/models/checkout/order.server";
import { countFunnelEvent } from "~/services/insight/funnel.server";
import { apiErrorResponse, jsonError, jsonOk } from "~/utils/http/api.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { paymentsWithoutOrder } from "~/utils/metrics.server";
import { getRequestId, readRawBody } from "~/utils/http/request.server";

export const loader = () => jsonError(405, "Use POST.", {}, { Allow: "POST" });

/** Verified against the raw body, applied once per event id. */
export async function action({ request }: ActionFunctionArgs) {
  const requestId = getRequestId(request);
  try {
    const secret = getEnv().STRIPE_WEBHOOK_SECRET;
    // A 404, not a 5xx that would page someone for junk.
    if (!secret) return jsonError(404, "Stripe webhooks are not configured on this server.");
    const signature = request.headers.get("Stripe-Signature");
    if (!signature) return jsonError(400, "Missing Stripe-Signature header.");
    // The signature covers the exact bytes sent: verify them as received, never re-serialised.
    const payload = await readRawBody(request, getEnv().BODY_LIMIT_BYTES * 16);
    let event: Stripe.Event;
    try {
      // Signature checks need no API key, so the webhook works even where only the webhook secret is configured.
      event = Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch (error) {
      logger.warn("stripe webhook signature rejected", {
        requestId,
        error: error instanceof Error ? error.message : String(error),
      });
      return jsonError(400, "Invalid signature.");
    }

    let outcome: Awaited<ReturnType<typeof applyStripeEvent>>;
    if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      const session = event.data.object;
      // A completed session whose payment is still processing is not paid yet; async_payment_succeeded follows.
      const paid = event.type === "checkout.session.async_payment_succeeded" || session.payment_status !== "unpaid";
      outcome = await applyStripeEvent(
        event,
        paid
          ? {
              orderId: session.client_reference_id ?? session.metadata?.orderId,
              sessionId: session.id,
              status: "paid",
              amountTotalCents: session.amount_total,
              currency: session.currency,
              livemode: event.livemode,
            }
          : undefined,
      );
      if (outcome === "unmatched") {
        // Answered 200 all the same: the payment is recorded for an admin, and Stripe retrying would not bring the
        // order back.
        paymentsWithoutOrder.inc();
        logger.error("stripe payment has no order: see the admin's orders page", {
          requestId,
          eventId: event.id,
          sessionId: session.id,
        });
      }
      // No visitor preference on Stripe's request; counted when it settles an order. ADR 0021.
      if (paid && outcome === "settled") await countFunnelEvent("order_paid", requestId);
    } else if (event.type === "checkout.session.expired") {
      const session = event.data.object;
      outcome = await applyStripeEvent(event, {
        orderId: session.client_reference_id ?? session.metadata?.orderId,
        sessionId: session.id,
        status: "expired",
      });
    } else {
      outcome = await applyStripeEvent(event);
    }
    return jsonOk({ received: true, duplicate: outcome === "duplicate" });
  } catch (error) {
    return apiErrorResponse(error, { requestId, route: "api.stripe.webhook" });
  }
}
