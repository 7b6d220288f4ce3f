export const communityCopy = {
  title: "You're never building alone",
  lead: "Contractors, service company owners and property managers trade playbooks, templates and honest advice in our community forum.",
  perks: [
    {
      title: "Peer playbooks",
      description: "Proven follow-up sequences and estimate templates shared by owners in your trade.",
    },
    {
      title: "Weekly live training",
      description: "Hands-on sessions on automations, reporting and getting your crew onto the mobile app.",
    },
    {
      title: "Support around the clock",
      description: "24/7 live chat and email, plus a searchable help center with step-by-step guides.",
    },
  ],
  movementTitle: "Build the business you pictured when you started",
  movementLead: "Join owners who spend their evenings at home instead of chasing invoices and callbacks.",
};
