import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { legalLinks } from "~/content/legal-links";
import { planDescriptions } from "~/content/plan-features";
import { billingFromParam, formatUsd, plans, planPrice } from "~/content/plans";
import type { CheckoutView } from "~/schemas/checkout";
import { useHydrated } from "~/utils/use-hydrated";
import { OrderSummary } from "./order-summary";

// A new tab keeps the order intact. Not ExternalLink: sharing it here would split it into an extra first-load chunk.
function LegalLink({ page }: { page: "terms" | "privacy" }) {
  return (
    <a
      href={legalLinks[page].href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-slate-800 underline hover:text-slate-900"
    >
      {legalLinks[page].label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const buttonBase = "rounded-md px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60";

export function PlanStep({
  info,
  hasInfo,
  planIds: initialPlanIds,
  billing: initialBilling,
  coupon,
  attemptId,
}: Omit<CheckoutView, "step" | "edit" | "attribution">) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // Uncontrolled inputs are the truth and this mirrors them, so a pre-hydration choice survives. Don't remount on
  // change: that would drop the pending payment fetcher.
  const [planIds, setPlanIds] = useState(initialPlanIds);
  const [billing, setBilling] = useState(initialBilling);
  const formRef = useRef<HTMLFormElement>(null);
  const pay = useFetcher<{ url?: string; error?: string }>();
  const firedRef = useRef(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const url = pay.data?.url;
    if (pay.state === "idle" && url) {
      setLeaving(true);
      window.location.assign(url);
    } else if (pay.state === "idle") {
      firedRef.current = false;
    }
  }, [pay.state, pay.data]);

  const submittingPay = navigation.formData?.get("intent") === "checkout-pay" || pay.state !== "idle" || leaving;
  const busy = navigation.state !== "idle" || submittingPay;
  const canPay = hasInfo && planIds.length > 0;

  function readSelection(form: HTMLFormElement) {
    const data = new FormData(form);
    const chosen = data.getAll("planIds");
    // Catalogue order, matching the pricing section.
    setPlanIds(plans.map((plan) => plan.id).filter((id) => chosen.includes(id)));
    setBilling(billingFromParam(data.get("billing")?.toString()));
  }

  useEffect(() => {
    if (formRef.current) readSelection(formRef.current);
  }, []);

  function completeOrder(event: MouseEvent<HTMLButtonElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (firedRef.current || !canPay) return;
    firedRef.current = true;
    const form = event.currentTarget.form;
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", "checkout-pay");
    data.set("respond", "json");
    pay.submit(data, { method: "post", action: "/?index&checkout=plan" });
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-4 text-sm">
        <div>
          <p className="font-semibold">{info.companyName}</p>
          <p className="text-slate-700">
            {info.fullName} · {info.email} · {info.phone}
          </p>
        </div>
        <Link to="/?checkout=info&edit=1" className="font-semibold text-brand-700 underline">
          Edit Your Details
        </Link>
      </div>

      <Form
        ref={formRef}
        method="post"
        action="/?index&checkout=plan"
        onChange={(event) => readSelection(event.currentTarget)}
        className="flex flex-col gap-5"
      >
        <input type="hidden" name="attemptId" value={attemptId} />
        <fieldset>
          <legend className="mb-2 font-semibold">Billing</legend>
          <div className="inline-flex rounded-lg border border-slate-300 p-1">
            {(["monthly", "annual"] as const).map((period) => (
              <label
                key={period}
                className="cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <input
                  type="radio"
                  name="billing"
                  value={period}
                  defaultChecked={initialBilling === period}
                  className="sr-only"
                />
                {period === "monthly" ? "Monthly" : "Annual (pay 10 months, get 12)"}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-2 font-semibold">Plans (choose one or more)</legend>
          <div className="grid gap-3 md:grid-cols-3">
            {plans.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer flex-col gap-1 rounded-lg border-2 border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="planIds"
                    value={plan.id}
                    defaultChecked={initialPlanIds.includes(plan.id)}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="font-semibold">{plan.name}</span>
                  {plan.popular ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-900">Popular</span>
                  ) : null}
                </span>
                <span className="text-sm text-slate-700">
                  {formatUsd(planPrice(plan, billing))} per {billing === "annual" ? "year" : "month"}
                </span>
                <span className="text-xs text-slate-600">{planDescriptions[plan.id]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {hydrated ? null : (
          <div>
            <button
              type="submit"
              name="intent"
              value="checkout-update"
              className={`${buttonBase} border border-slate-300 text-slate-800`}
            >
              Update order
            </button>
          </div>
        )}

        {planIds.length > 0 ? (
          <>
            <OrderSummary planIds={planIds} billing={billing} coupon={coupon} />
            <div className="flex flex-wrap items-end gap-2">
              <div className="flex flex-col gap-1">
                <label htmlFor="checkout-coupon" className="text-sm font-medium">
                  Coupon code
                </label>
                <input
                  id="checkout-coupon"
                  name="couponCode"
                  maxLength={64}
                  autoComplete="off"
                  className="rounded-md border border-slate-300 px-3 py-2"
                />
              </div>
              <button
                type="submit"
                name="intent"
                value="checkout-coupon"
                disabled={busy}
                className={`${buttonBase} border border-slate-300 text-slate-800`}
              >
                Apply
              </button>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">Choose at least one plan to see your order summary.</p>
        )}

        {/* Full width: the server-rendered toast sits at the bottom right and must not hide the button. */}
        <div>
          <button
            type="submit"
            name="intent"
            value="checkout-pay"
            disabled={!canPay || submittingPay}
            aria-busy={submittingPay || undefined}
            onClick={completeOrder}
            className={`${buttonBase} w-full bg-brand-700 px-6 py-3 text-white hover:bg-brand-600`}
          >
            {submittingPay ? "Processing..." : "Complete Order"}
          </button>
          <p className="mt-2 text-center text-xs text-slate-600">
            By completing your order you agree to our <LegalLink page="terms" /> and <LegalLink page="privacy" />.
          </p>
        </div>
      </Form>
    </div>
  );
}
