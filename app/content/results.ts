export type Stat = { value: string; label: string };

/** The marketing claims, stated once. */
export const resultsHeading = "Trusted by service businesses in over 50 states";

export const resultStats: readonly Stat[] = [
  { value: "Under 2 hours", label: "from sign-up to live, with snapshot onboarding" },
  { value: "99.99%", label: "uptime SLA, so your booking page never sleeps" },
  { value: "50+", label: "states and territories where our customers work" },
  { value: "24/7", label: "live chat and email support from real people" },
];

export const integrationStats: readonly Stat[] = [
  { value: "500+", label: "ways to connect, built in" },
  { value: "5,000+", label: "apps through Zapier" },
];

export const integrations: readonly string[] = [
  "QuickBooks Online",
  "Google Calendar",
  "Gmail",
  "Outlook",
  "Google Business Profile",
  "Facebook Lead Ads",
  "Angi",
  "Thumbtack",
  "Stripe",
  "CompanyCam",
  "Mailchimp",
  "Zapier",
];
