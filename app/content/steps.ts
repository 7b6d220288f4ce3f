export type Step = { title: string; description: string; points: string[] };

export const steps: readonly Step[] = [
  {
    title: "Capture every lead",
    description: "Web forms, Google and Facebook ads, Angi and Thumbtack leads and missed calls all land in one inbox.",
    points: [
      "Missed-call text-back in seconds",
      "Online booking on your real availability",
      "Lead source tracked automatically",
    ],
  },
  {
    title: "Nurture on autopilot",
    description: "Follow-up sequences keep working after the estimate, so quotes stop going cold in someone's truck.",
    points: [
      "Text and email sequences by job type",
      "Reminders before every appointment",
      "Reactivation campaigns for past customers",
    ],
  },
  {
    title: "Win and schedule the work",
    description: "Send polished estimates, collect e-signatures and deposits, then drop the job on the crew calendar.",
    points: [
      "Good-better-best estimate options",
      "E-signature and deposit in one link",
      "Drag-and-drop dispatch board",
    ],
  },
  {
    title: "Complete, get paid, get reviewed",
    description:
      "Crews close out jobs from the field; invoices, payment links and review requests go out on their own.",
    points: [
      "Photo checklists from the mobile app",
      "Card and ACH payments by text",
      "Automatic Google review requests",
    ],
  },
];
