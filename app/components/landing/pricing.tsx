// The billing switch is two plain links so it works without JS; once hydrated it flips state at once and
// replaces the URL through the router, keeping loader, URL and page in agreement.
import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import {
  annualSaving,
  annualSavingPercent,
  formatUsd,
  planPrice,
  plans,
  type BillingPeriod,
  type Plan,
} from "~/content/plans";
import { planDescriptions, planFeatures } from "~/content/plan-features";
import { buttonClass } from "~/components/ui/button";
import { SectionHeading } from "./section-heading";

function BillingSwitch({
  billing,
  carried,
  onChoose,
}: {
  billing: BillingPeriod;
  carried: string;
  onChoose: (event: MouseEvent<HTMLAnchorElement>, next: BillingPeriod) => void;
}) {
  const options: { value: BillingPeriod; label: string; note?: string }[] = [
    { value: "monthly", label: "Monthly" },
    { value: "annual", label: "Annual", note: `Save ${annualSavingPercent}%` },
  ];
  return (
    <div className="mt-10 flex justify-center">
      <div
        role="group"
        aria-label="Billing period"
        className="inline-flex rounded-full border border-slate-300 bg-white p-1"
      >
        {options.map((option) => {
          const active = option.value === billing;
          return (
            <a
              key={option.value}
              href={`?billing=${option.value}${carried}#pricing`}
              aria-current={active ? "true" : undefined}
              onClick={(event) => onChoose(event, option.value)}
              className={`inline-flex min-h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                active ? "bg-brand-700 text-white" : "text-slate-700 hover:text-slate-900"
              }`}
            >
              {option.label}
              {option.note ? (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                    active ? "bg-white text-brand-900" : "bg-brand-100 text-brand-900"
                  }`}
                >
                  {option.note}
                </span>
              ) : null}
            </a>
          );
        })}
      </div>
    </div>
  );
}

function PlanCard({ plan, billing, carried }: { plan: Plan; billing: BillingPeriod; carried: string }) {
  const annual = billing === "annual";
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-6 sm:p-8 ${
        plan.popular ? "border-brand-700 shadow-xl ring-2 ring-brand-700" : "border-slate-200 shadow-sm"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          Most popular
        </p>
      ) : null}
      <h3 id={`plan-${plan.id}-title`} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm text-slate-700">{planDescriptions[plan.id]}</p>
      <p className="mt-6 flex items-baseline gap-1" data-testid={`price-${plan.id}`}>
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">
          {formatUsd(planPrice(plan, billing))}
        </span>
        <span className="text-base font-medium text-slate-600">{annual ? "/year" : "/month"}</span>
      </p>
      {annual ? (
        <p className="mt-2 text-sm text-slate-700" data-testid={`saving-${plan.id}`}>
          Pay 10 months, get 12 —{" "}
          <strong className="font-semibold text-brand-700">you save {formatUsd(annualSaving(plan))}</strong> a year
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Billed monthly. Cancel any time.</p>
      )}
      {/* Via the router, so the dialog opens over the page instead of reloading it; `carried` (the visit's
          attribution) lets the checkout put it on the order. */}
      <Link
        to={`/?checkout=info&plan=${plan.id}${annual ? "&billing=annual" : ""}${carried}`}
        preventScrollReset
        aria-label={`Get Started with ${plan.name}`}
        className={buttonClass(plan.popular ? "primary" : "secondary", "md", "mt-6 w-full")}
      >
        Get Started
      </Link>
      <ul className="mt-6 space-y-3 text-sm text-slate-700">
        {planFeatures[plan.id].map((feature) => (
          <li key={feature} className="check-item flex gap-2">
            {feature}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Pricing({
  billing: billingFromServer,
  attributionQuery: carried = "",
}: {
  billing: BillingPeriod;
  /** None on the shared page. */
  attributionQuery?: string;
}) {
  const [billing, setBilling] = useState<BillingPeriod>(billingFromServer);
  const [searchParams, setSearchParams] = useSearchParams();

  useEffect(() => setBilling(billingFromServer), [billingFromServer]);

  function choose(event: MouseEvent<HTMLAnchorElement>, next: BillingPeriod) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (next === billing) return;
    setBilling(next);
    const params = new URLSearchParams(searchParams);
    if (next === "annual") params.set("billing", "annual");
    else params.delete("billing");
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with your crew"
          lead="Every plan includes 24/7 live chat and email support, and your data stays yours to export any time. Pay annually and get 12 months for the price of 10."
        />
        <BillingSwitch billing={billing} carried={carried} onChoose={choose} />
        <p className="sr-only" aria-live="polite">
          {billing === "annual" ? "Showing annual prices" : "Showing monthly prices"}
        </p>
        <ul className="mt-12 grid gap-8 lg:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} carried={carried} />
          ))}
        </ul>
      </div>
    </section>
  );
}
