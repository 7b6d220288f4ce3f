import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { getPlan, planPrice, type BillingPeriod, type PlanId } from "~/content/plans";
import { phoneField, textField } from "./text-rules";

// Step 1 of the checkout dialog: the spec's minimums and messages, with the character rules every form shares.
export const checkoutInfoSchema = z.object({
  companyName: textField("Company name", { min: 2, max: 120 }),
  fullName: textField("Full name", { min: 2, max: 120 }),
  email: z
    .string({
      required_error: "Valid email address is required",
      invalid_type_error: "Valid email address is required",
    })
    .trim()
    .max(254, "Valid email address is required")
    .email("Valid email address is required"),
  // The spec's minimum of 10 characters and its message; the characters allowed are the demo form's.
  phone: phoneField({ minLength: 10, message: "Valid phone number is required" }),
});

export type CheckoutInfo = z.infer<typeof checkoutInfoSchema>;

export const checkoutInfoValidator = withZod(checkoutInfoSchema);

export const couponCodeSchema = z.string().trim().max(64, "Coupon code is too long");

/**
 * The spec's POST /api/create-checkout-session payload. Plan ids stay plain strings here so that unknown or
 * duplicate ids get their own 400 from the price check rather than a generic schema error.
 */
export const checkoutOrderSchema = z.object({
  planIds: z.array(z.string().max(64)).max(10),
  planNames: z.array(z.string().max(120)).max(10).optional(),
  // Whole dollars, as the page shows them; the server compares it with its own figure.
  amount: z.number().finite().nonnegative(),
  isAnnual: z.boolean(),
  couponCode: couponCodeSchema.optional().default(""),
  userInfo: checkoutInfoSchema,
  // One per Complete Order attempt: the idempotency key toward the provider and orders.attempt_id.
  attemptId: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
});

export type CheckoutOrderPayload = z.infer<typeof checkoutOrderSchema>;

/** What a coupon takes off; either a percentage or a fixed amount (Stripe coupons can be both kinds). */
export type CouponDiscount = { code: string; percentOff?: number | null; amountOffCents?: number | null };

/** What the checkout dialog renders, built by the server from the URL and the checkout cookie. */
export type CheckoutView = {
  step: "info" | "plan";
  edit: boolean;
  info: Partial<CheckoutInfo>;
  hasInfo: boolean;
  planIds: PlanId[];
  billing: BillingPeriod;
  coupon: CouponDiscount | null;
  attemptId: string;
};

export type PricedOrder = {
  lines: Array<{ planId: PlanId; name: string; quantity: 1; unitCents: number }>;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/** Prices an order from the one catalogue; the dialog's summary and the server's charge both come from here. */
export function priceOrder(
  planIds: readonly PlanId[],
  billing: BillingPeriod,
  coupon?: CouponDiscount | null,
): PricedOrder {
  const lines = planIds.map((planId) => {
    const plan = getPlan(planId);
    if (!plan) throw new Error(`Unknown plan ${planId}`);
    return { planId, name: plan.name, quantity: 1 as const, unitCents: planPrice(plan, billing) * 100 };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents, 0);
  let discountCents = 0;
  if (coupon?.percentOff) discountCents = Math.round((subtotalCents * coupon.percentOff) / 100);
  else if (coupon?.amountOffCents) discountCents = coupon.amountOffCents;
  discountCents = Math.min(Math.max(discountCents, 0), subtotalCents);
  return { lines, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}
