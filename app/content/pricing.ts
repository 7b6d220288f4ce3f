import { getPlan, planPrice, type BillingPeriod, type PlanId } from "~/content/plans";

// The one way an order is priced: the dialog's order summary, the server's charge, the API's amount check and the
// provider's line items all come from here. Not a `.server` module: the order summary renders it in the browser.

/** What a coupon takes off; either a percentage or a fixed amount (Stripe coupons can be both kinds). */
export type CouponDiscount = { code: string; percentOff?: number | null; amountOffCents?: number | null };

export type PricedOrder = {
  lines: Array<{ planId: PlanId; name: string; quantity: 1; unitCents: number }>;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/** Prices an order from the one catalogue; an id the catalogue does not know is an error, never a free line. */
export function priceOrder(
  planIds: readonly string[],
  billing: BillingPeriod,
  coupon?: CouponDiscount | null,
): PricedOrder {
  const lines = planIds.map((planId) => {
    const plan = getPlan(planId);
    if (!plan) throw new Error(`Unknown plan ${planId}`);
    return { planId: plan.id, name: plan.name, quantity: 1 as const, unitCents: planPrice(plan, billing) * 100 };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents, 0);
  let discountCents = 0;
  if (coupon?.percentOff) discountCents = Math.round((subtotalCents * coupon.percentOff) / 100);
  else if (coupon?.amountOffCents) discountCents = coupon.amountOffCents;
  discountCents = Math.min(Math.max(discountCents, 0), subtotalCents);
  return { lines, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}
