// The AI agents as the section names them; what each does, and its illustration, is in ./agent-details.
export const agents = [
  { name: "Project Agent", beta: false },
  { name: "Prospecting Agent", beta: true },
  { name: "Content Agent", beta: true },
] as const;

export type AgentName = (typeof agents)[number]["name"];

export const agentsPricingNote = "+$200/month in a higher package";
export const agentsPricingDetail =
  "The AI agents are an add-on to our higher packages: $200 per month on top of the plan price, for your whole team.";
export const betaDetail = "Beta: available to every agent customer now, and improving every month from your feedback.";
