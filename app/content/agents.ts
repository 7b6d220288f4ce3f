// The AI agents as the section names them: what each does, and its illustration.
export const agents = [
  {
    name: "Project Agent",
    beta: false,
    summary: "Keeps every job moving from signed estimate to final walkthrough.",
    tasks: [
      "Turns approved estimates into scheduled projects with crew assignments",
      "Texts homeowners at each milestone and when the crew is on the way",
      "Flags jobs that stall on permits, materials or unpaid deposits",
    ],
    image: {
      src: "/images/agents/project-agent.svg",
      alt: "Project timeline with permit, materials, install and inspection milestones checked off",
      width: 360,
      height: 200,
    },
  },
  {
    name: "Prospecting Agent",
    beta: true,
    summary: "Answers new inquiries in seconds and books qualified estimates for you.",
    tasks: [
      "Replies to web forms, ad leads and missed calls within a minute, day or night",
      "Asks your qualifying questions: service address, project type, timeline, budget",
      "Books the estimate on the right rep's calendar and sends a confirmation",
    ],
    image: {
      src: "/images/agents/prospecting-agent.svg",
      alt: "Text conversation in which a homeowner books a roof inspection for Thursday at 10 AM",
      width: 360,
      height: 200,
    },
  },
  {
    name: "Content Agent",
    beta: true,
    summary: "Writes posts, emails and review replies in your company's voice.",
    tasks: [
      "Drafts before-and-after posts from the job photos your crew uploads",
      "Plans seasonal email campaigns, from spring tune-ups to gutter cleaning",
      "Suggests replies to new Google reviews for you to approve",
    ],
    image: {
      src: "/images/agents/content-agent.svg",
      alt: "Draft social post with a before-and-after photo pair and a five-star review reply",
      width: 360,
      height: 200,
    },
  },
] as const;

export const agentsPricingNote = "+$200/month in a higher package";
export const agentsPricingDetail =
  "The AI agents are an add-on to our higher packages: $200 per month on top of the plan price, for your whole team.";
export const betaDetail = "Beta: available to every agent customer now, and improving every month from your feedback.";
