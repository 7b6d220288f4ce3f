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

/**
 * Live demos whose slot had ended, by outcome (ADR 0032). The show rate is held ÷ (held + no-show) in percent, one
 * decimal; null when no demo was marked either. Unmarked and host-cancelled demos are counted, not rated.
 */
export type OutcomeCounts = {
  held: number;
  noShow: number;
  hostCancelled: number;
  unmarked: number;
  showRatePercent: number | null;
};

/** One ISO week (Monday to Sunday in the business's zone) of the range: `week` is its Monday, `isoWeek` "2026-W12". */
export type WeeklyShowRate = OutcomeCounts & { week: string; isoWeek: string };

/** One host's demos in the range: every live booking (ended or not), and the ended ones by outcome. */
export type HostDemoFigures = OutcomeCounts & { hostId: string | null; name: string; bookings: number };

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
  charts: DashboardCharts;
};

// The charts' geometry, computed on the server (app/services/admin/dashboard-charts.server.ts, with d3-scale and
// d3-shape) so the components only draw it: no chart code runs or ships to the browser. Coordinates are in the
// chart's viewBox (width × height); texts are already formatted.

export type SvgBox = { x: number; y: number; width: number; height: number };

/** A chart with one mark per day: bars, or a line (`path`). */
export type DayChartView = {
  /** What a screen reader hears instead of the picture. */
  label: string;
  width: number;
  height: number;
  /** The value axis: a grid line and its label at each tick. */
  grid: { y: number; text: string }[];
  gridX: [number, number];
  tickTextX: number;
  /** The day axis: the labelled days only. */
  days: { x: number; text: string }[];
  baselineY: number;
  dayTextY: number;
  bars: (SvgBox & { day: string })[];
  path: string | null;
};

/** A bar per named row (a funnel step, a source) with its value and an optional note after the bar. */
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
};
