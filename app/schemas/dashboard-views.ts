// Types only, so components (which must not import server code) and the services share one shape.
import type { FunnelEvent } from "~/content/funnel-events";
import type { DashboardPreset } from "~/schemas/dashboard-range";

/** Whole calendar days, both ends included, in `timeZone` (an IANA name). */
export type DayRange = { from: string; to: string; timeZone: string };

export type DashboardRange = DayRange & { preset: DashboardPreset | null; days: number };

export type DashboardRangeForm = { from: string; to: string; errors: string[] };

export type DailyFigures = {
  day: string;
  leads: number;
  orders: number;
  paidOrders: number;
  /** Live orders only (`livemode`): test-mode and Stripe test-key orders are never revenue. */
  paidRevenueCents: number;
  /** Orders paid in test mode or with Stripe test keys: shown apart, never in revenue or MRR. */
  testOrdersPaid: number;
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

/** ADR 0032: show rate = held ÷ (held + no-show), null when neither; unmarked and host-cancelled are not rated. */
export type OutcomeCounts = {
  held: number;
  noShow: number;
  hostCancelled: number;
  unmarked: number;
  showRatePercent: number | null;
};

/** `week` is the Monday, in the business's zone; `isoWeek` reads "2026-W12". */
export type WeeklyShowRate = OutcomeCounts & { week: string; isoWeek: string };

/** `bookings` counts every live booking; the outcomes only the ended ones. */
export type HostDemoFigures = OutcomeCounts & { hostId: string | null; name: string; bookings: number };

/** A routing rule's leads in the range (`ruleId` null: none matched), their live bookings and ended demos held. */
export type RuleFigures = { ruleId: string | null; name: string; leads: number; booked: number; held: number };

export type Dashboard = {
  range: DashboardRange;
  form: DashboardRangeForm;
  daily: DailyFigures[];
  checkoutFunnel: FunnelStep[];
  demoFunnel: FunnelStep[];
  sources: AttributionFigures[];
  campaigns: AttributionFigures[];
  showRates: WeeklyShowRate[];
  hostDemos: HostDemoFigures[];
  rules: RuleFigures[];
  charts: DashboardCharts;
};

// Chart geometry is computed on the server so no chart code ships to the browser; coordinates are in the viewBox.

export type SvgBox = { x: number; y: number; width: number; height: number };

export type DayChartView = {
  label: string;
  width: number;
  height: number;
  grid: { y: number; text: string }[];
  gridX: [number, number];
  tickTextX: number;
  days: { x: number; text: string }[];
  baselineY: number;
  dayTextY: number;
  bars: (SvgBox & { day: string })[];
  path: string | null;
};

export type BarListView = {
  label: string;
  width: number;
  height: number;
  nameX: number;
  rows: { key: string; name: string; middle: number; bar: SvgBox; valueX: number; value: string; note?: string }[];
};

export type AttributionChartsView = { metric: string; chart: BarListView }[];

export type DashboardCharts = {
  leads: DayChartView;
  orders: DayChartView;
  revenue: DayChartView;
  mrr: DayChartView;
  checkoutFunnel: BarListView;
  demoFunnel: BarListView;
  sources: AttributionChartsView;
  campaigns: AttributionChartsView;
  showRate: DayChartView;
  hostBookings: BarListView;
  hostShowRate: BarListView;
  rules: BarListView;
};
