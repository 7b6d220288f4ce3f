// A pricing card's list of what the plan includes: plain text, rendered by the server as a static island of
// ./pricing (app/deferred/landing-sections.tsx), so neither the markup nor the text is part of the first load.
import { planFeatures } from "~/content/plan-features";
import type { PlanId } from "~/content/plans";
import { CheckIcon } from "./icons";

export function PlanFeatures({ planId }: { planId: PlanId }) {
  return (
    <ul className="mt-6 space-y-3 text-sm text-slate-700">
      {planFeatures[planId].map((feature) => (
        <li key={feature} className="flex gap-2">
          <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
