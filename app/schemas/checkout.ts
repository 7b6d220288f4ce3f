import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { type BillingPeriod, type PlanId } from "~/content/plans";
import type { CouponDiscount } from "~/content/pricing";
import { emailField, phoneField, textField } from "./text-rules";

export const checkoutInfoSchema = z.object({
  companyName: textField("Company name", { min: 2, max: 120 }),
  fullName: textField("Full name", { min: 2, max: 120 }),
  email: emailField(),
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

/** Plan ids stay plain strings so unknown or duplicate ids get their own 400 from the price check. */
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
