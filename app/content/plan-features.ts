// What each plan includes, as the pricing cards list it. Apart from ./plans so that the first load (which hydrates
// the prices and the billing switch) does not carry this text: the lists are a static island of the pricing section.
import type { PlanId } from "./plans";

export const planFeatures: Record<PlanId, readonly string[]> = {
  "business-builder": [
    "Unlimited contacts and pipelines",
    "Two-way texting and email from one inbox",
    "Online booking and estimate requests",
    "Automated review requests after every job",
    "Mobile app for crews in the field",
  ],
  "scale-master": [
    "Everything in Business Builder",
    "Workflow automation with 500+ triggers and actions",
    "Job costing and revenue dashboards",
    "Priority phone support and a dedicated success manager",
    "Snapshot onboarding in under 2 hours",
  ],
  "power-platform": [
    "Everything in Scale Master",
    "Fully white-labeled with custom CSS and branded mobile apps",
    "AI agents for projects, prospecting and content",
    "Priority custom integration development",
    "White-glove setup and migration",
  ],
};
