import { planDescriptions, planFeatures } from "~/content/plan-features";
import { getPlan, type PlanId } from "~/content/plans";

export function PlanHeading({ planId }: { planId: PlanId }) {
  const plan = getPlan(planId)!;
  return (
    <>
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          Most popular
        </p>
      ) : null}
      <h3 id={`plan-${planId}-title`} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm text-slate-700">{planDescriptions[planId]}</p>
    </>
  );
}

export function PlanFeatureItems({ planId }: { planId: PlanId }) {
  return planFeatures[planId].map((feature) => (
    <li key={feature} className="check-item flex gap-2">
      {feature}
    </li>
  ));
}
