export type HubIcon = "megaphone" | "handshake" | "wrench" | "pen" | "clipboard" | "cart" | "users" | "chart" | "plug";

export type Hub = { name: string; icon: HubIcon; description: string };

export const hubs: readonly Hub[] = [
  {
    name: "Marketing Hub",
    icon: "megaphone",
    description:
      "Seasonal campaigns, review requests and referral offers that keep your schedule full between busy seasons.",
  },
  {
    name: "Sales Hub",
    icon: "handshake",
    description:
      "Pipelines from first call to signed contract, with good-better-best estimates customers can approve online.",
  },
  {
    name: "Service Hub",
    icon: "wrench",
    description: "Work orders, maintenance agreements and warranty callbacks tracked to the address and the equipment.",
  },
  {
    name: "Content Hub",
    icon: "pen",
    description:
      "Job-photo galleries, landing pages and email templates your team can publish without a web developer.",
  },
  {
    name: "Operations Hub",
    icon: "clipboard",
    description: "Dispatch board, crew calendars and checklists so every tech knows where to be and what to bring.",
  },
  {
    name: "Commerce Hub",
    icon: "cart",
    description: "Deposits, invoices, financing options and card or ACH payments collected on site or by text.",
  },
  {
    name: "Smart CRM",
    icon: "users",
    description: "Every call, text, email, estimate and job for a household on one timeline, searchable in seconds.",
  },
  {
    name: "Analytics Hub",
    icon: "chart",
    description: "Lead source ROI, close rates by rep and job profitability, updated live instead of at month end.",
  },
  {
    name: "Integration Hub",
    icon: "plug",
    description: "Connect accounting, calendars, lead sources and field apps, with Zapier for anything else.",
  },
];
