import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { type BillingPeriod, type PlanId } from "~/content/plans";
import type { CouponDiscount } from "~/content/pricing";
import { emailField, phoneField, textField } from "./text-rules";

// Step 1 of the checkout dialog: the spec's minimums and messages, with the character rules every form shares.
export const checkoutInfoSchema = z.object({
  companyName: textField("Company name", { min: 2, max: 120 }),
  fullName: textField("Full name", { min: 2, max: 120 }),
  email: emailField(),
  // The spec's minimum of 10 characters and its message; the characters allowed are the demo form's.
  phone: phoneField({ minLength: 10, message: "Valid phone number is required" }),
});

export type CheckoutInfo = z.infer<typeof checkoutInfoSchema>;

export const checkoutInfoValidator = withZod(checkoutInfoSchema);

export const couponCodeSchema = z.string().trim().max(64, "Coupon code is too long");

/** One per Complete Order attempt: the idempotency key toward the provider and orders.attempt_id. */
export const attemptIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/);

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
  attemptId: attemptIdSchema.optional(),
});

export type CheckoutOrderPayload = z.infer<typeof checkoutOrderSchema>;

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
  /** The visit's attribution as hidden fields of step 1, which stores it for the order. */
  attribution: Record<string, string>;
};
