// The AI agents as the hydrated section names them (the beta badges' tooltips are its only behaviour). What each
// agent does, and its illustration, is in ./agent-details: a static island's text, not part of the first load.
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
