import type { PlanId } from "./plans";

export const planDescriptions: Record<PlanId, string> = {
  "business-builder": "For owner-operators who want every lead, job and invoice in one place.",
  "scale-master": "For growing crews that need automation, reporting and priority help.",
  "power-platform": "For multi-location companies that want it white-labeled and built around them.",
};

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
