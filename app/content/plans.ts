// The one plan catalogue: the pricing section, the checkout dialog and the server's price check all read it.

export const planIds = ["business-builder", "scale-master", "power-platform"] as const;
export type PlanId = (typeof planIds)[number];
export const billingPeriods = ["monthly", "annual"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** Whole US dollars per month. */
  price: number;
  /** Whole US dollars per year: "pay 10 months, get 12", i.e. 10 × price. */
  annualPrice: number;
  popular: boolean;
};

export const plans: readonly Plan[] = [
  {
    id: "business-builder",
    name: "Business Builder",
    price: 247,
    annualPrice: 2470,
    popular: false,
  },
  {
    id: "scale-master",
    name: "Scale Master",
    price: 397,
    annualPrice: 3970,
    popular: true,
  },
  {
    id: "power-platform",
    name: "Power Platform",
    price: 697,
    annualPrice: 6970,
    popular: false,
  },
];

export function getPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

export function isPlanId(id: string): id is PlanId {
  return planIds.includes(id as PlanId);
}

export function planPrice(plan: Plan, billing: BillingPeriod): number {
  return billing === "annual" ? plan.annualPrice : plan.price;
}

export function annualSaving(plan: Plan): number {
  return plan.price * 12 - plan.annualPrice;
}

/** Computed from the catalogue, never a made-up figure. */
export const annualSavingPercent = Math.round(
  (plans.reduce((sum, plan) => sum + annualSaving(plan), 0) / plans.reduce((sum, plan) => sum + plan.price * 12, 0)) *
    100,
);

// Written out rather than with Intl.NumberFormat: building a currency formatter loads locale data during the
// page's first script evaluation, blocking the main thread.
function withThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "$2,470" */
export function formatUsd(dollars: number): string {
  return formatCents(Math.round(dollars) * 100);
}

/** "$1,976.50", or "$1,976" when there are no cents — for amounts that can carry cents, such as a discounted total. */
export function formatCents(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const sign = cents < 0 ? "-" : "";
  return rest === 0
    ? `${sign}$${withThousands(whole)}`
    : `${sign}$${withThousands(whole)}.${String(rest).padStart(2, "0")}`;
}

export function billingFromParam(value: string | null | undefined): BillingPeriod {
  return value === "annual" ? "annual" : "monthly";
}
