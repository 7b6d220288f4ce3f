// The dashboard's data, one table per chart: the page shows each under its chart and the CSV route writes the
// same rows, so the download can never disagree with the page.
import type { Dashboard, OutcomeCounts } from "~/schemas/dashboard-views";

export const dashboardCharts = [
  "leads",
  "orders",
  "mrr",
  "funnel",
  "sources",
  "campaigns",
  "showrate",
  "hosts",
  "rules",
] as const;
export type DashboardChart = (typeof dashboardCharts)[number];

export function isDashboardChart(value: unknown): value is DashboardChart {
  return typeof value === "string" && (dashboardCharts as readonly string[]).includes(value);
}

export type ColumnKind = "text" | "count" | "cents" | "percent";
export type TableColumn = { header: string; kind: ColumnKind };
export type DashboardTable = { columns: TableColumn[]; rows: (string | number | null)[][] };

const text = (header: string): TableColumn => ({ header, kind: "text" });
const count = (header: string): TableColumn => ({ header, kind: "count" });
const cents = (header: string): TableColumn => ({ header, kind: "cents" });
const percent = (header: string): TableColumn => ({ header, kind: "percent" });

// ADR 0032.
const outcomeColumns = [
  count("Held"),
  count("No-show"),
  count("Cancelled by host"),
  count("Not marked"),
  percent("Show rate"),
];
const outcomeCells = (row: OutcomeCounts) => [
  row.held,
  row.noShow,
  row.hostCancelled,
  row.unmarked,
  row.showRatePercent,
];

type DashboardData = Pick<
  Dashboard,
  "daily" | "checkoutFunnel" | "demoFunnel" | "sources" | "campaigns" | "showRates" | "hostDemos" | "rules"
>;

export function dashboardTable(chart: DashboardChart, data: DashboardData): DashboardTable {
  switch (chart) {
    case "leads":
      return { columns: [text("Day"), count("Leads")], rows: data.daily.map((day) => [day.day, day.leads]) };
    case "orders":
      return {
        columns: [
          text("Day"),
          count("Orders created"),
          count("Orders paid"),
          cents("Paid revenue"),
          count("Test orders paid (not revenue)"),
        ],
        rows: data.daily.map((day) => [day.day, day.orders, day.paidOrders, day.paidRevenueCents, day.testOrdersPaid]),
      };
    case "mrr":
      return {
        columns: [text("Day"), cents("Monthly recurring revenue")],
        rows: data.daily.map((day) => [day.day, day.mrrCents]),
      };
    case "funnel":
      return {
        columns: [text("Funnel"), text("Step"), count("Count"), percent("Drop-off from previous step")],
        rows: [
          ...data.checkoutFunnel.map((step) => ["Checkout", step.label, step.count, step.dropOffPercent]),
          ...data.demoFunnel.map((step) => ["Demo", step.label, step.count, step.dropOffPercent]),
        ],
      };
    case "sources":
    case "campaigns":
      return {
        columns: [
          text(chart === "sources" ? "Source" : "Campaign"),
          count("Leads"),
          count("Orders"),
          cents("Paid revenue"),
        ],
        rows: data[chart].map((row) => [row.name, row.leads, row.orders, row.paidRevenueCents]),
      };
    case "showrate":
      return {
        columns: [text("Week"), text("Starts on"), ...outcomeColumns],
        rows: data.showRates.map((week) => [week.isoWeek, week.week, ...outcomeCells(week)]),
      };
    case "hosts":
      return {
        columns: [text("Host"), count("Bookings"), ...outcomeColumns],
        rows: data.hostDemos.map((host) => [host.name, host.bookings, ...outcomeCells(host)]),
      };
    case "rules":
      return {
        columns: [text("Rule"), count("Leads routed"), count("Demos booked"), count("Demos held")],
        rows: data.rules.map((rule) => [rule.name, rule.leads, rule.booked, rule.held]),
      };
  }
}
