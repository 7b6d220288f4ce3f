import { formatCents, type BillingPeriod, type PlanId } from "~/content/plans";
import { priceOrder, type CouponDiscount } from "~/content/pricing";

/** Computed from the same catalogue and pricing function the server charges with. */
export function OrderSummary({
  planIds,
  billing,
  coupon,
}: {
  planIds: PlanId[];
  billing: BillingPeriod;
  coupon: CouponDiscount | null;
}) {
  const priced = priceOrder(planIds, billing, coupon);
  const per = billing === "annual" ? "year" : "month";
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="order-summary"
    >
      <h3 id="order-summary-title" className="font-semibold">
        Order summary
      </h3>
      <ul className="mt-3 space-y-2 text-sm">
        {priced.lines.map((line) => (
          <li key={line.planId} className="flex justify-between gap-4" data-testid="summary-line">
            <span>
              {line.name} <span className="text-slate-600">× {line.quantity}</span>
            </span>
            <span>
              {formatCents(line.unitCents)}/{per === "year" ? "yr" : "mo"}
            </span>
          </li>
        ))}
        {priced.discountCents > 0 && coupon ? (
          <li className="flex justify-between gap-4 text-brand-700" data-testid="summary-discount">
            <span>Discount ({coupon.code})</span>
            <span>−{formatCents(priced.discountCents)}</span>
          </li>
        ) : null}
      </ul>
      <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 font-semibold">
        <span>Total</span>
        <span data-testid="summary-total">
          {formatCents(priced.totalCents)} per {per}
        </span>
      </p>
    </section>
  );
}
