// What the dashboard's loader hands to its components (types only), kept apart from both sides so the components,
// which must not import server code, and the model and service that build the data name one shape.
import type { FunnelEvent } from "~/content/funnel-events";
import type { DashboardPreset } from "~/schemas/dashboard-range";

/** Whole calendar days, both ends included, in `timeZone` (an IANA name). */
export type DayRange = { from: string; to: string; timeZone: string };

export type DashboardRange = DayRange & { preset: DashboardPreset | null; days: number };

/** What the range form sent back, to refill it, and what was wrong with it. */
export type DashboardRangeForm = { from: string; to: string; errors: string[] };

export type DailyFigures = {
  day: string;
  leads: number;
  orders: number;
  paidOrders: number;
  paidRevenueCents: number;
  /** The monthly-equivalent of every order paid on or before this day (annual orders as a twelfth). */
  mrrCents: number;
};

export type AttributionFigures = { name: string; leads: number; orders: number; paidRevenueCents: number };

export type FunnelStep = {
  event: FunnelEvent;
  label: string;
  count: number;
  /** Percent of the previous step's count that did not reach this one; null for the first step or after a zero. */
  dropOffPercent: number | null;
};

export type Dashboard = {
  range: DashboardRange;
  form: DashboardRangeForm;
  daily: DailyFigures[];
  checkoutFunnel: FunnelStep[];
  demoFunnel: FunnelStep[];
  sources: AttributionFigures[];
  campaigns: AttributionFigures[];
};
