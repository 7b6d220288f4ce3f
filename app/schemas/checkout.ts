import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { getPlan, planPrice, type BillingPeriod, type PlanId } from "~/content/plans";

// PostgreSQL text cannot hold NUL: such a value must be a field error, not a failed insert (a 5xx).
const withoutNul = (label: string) => [(value: string) => !value.includes("\u0000"), `${label} contains characters that are not allowed`] as const;

// Step 1 of the checkout dialog: the spec's rules and messages, trimmed and capped so nothing oversized is stored.
export const checkoutInfoSchema = z.object({
  companyName: z
    .string({ required_error: "Company name is required", invalid_type_error: "Company name is required" })
    .trim()
    .min(2, "Company name is required")
    .max(120, "Company name must be at most 120 characters")
    .refine(...withoutNul("Company name")),
  fullName: z
    .string({ required_error: "Full name is required", invalid_type_error: "Full name is required" })
    .trim()
    .min(2, "Full name is required")
    .max(120, "Full name must be at most 120 characters")
    .refine(...withoutNul("Full name")),
  email: z
    .string({ required_error: "Valid email address is required", invalid_type_error: "Valid email address is required" })
    .trim()
    .max(254, "Valid email address is required")
    .email("Valid email address is required")
    .refine(...withoutNul("Email")),
  phone: z
    .string({ required_error: "Valid phone number is required", invalid_type_error: "Valid phone number is required" })
    .trim()
    .min(10, "Valid phone number is required")
    .max(30, "Phone number must be at most 30 characters")
    .refine(...withoutNul("Phone number")),
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
  attemptId: z.string().trim().min(8).max(64).regex(/^[\w-]+$/).optional(),
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
export function priceOrder(planIds: readonly PlanId[], billing: BillingPeriod, coupon?: CouponDiscount | null): PricedOrder {
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
