import { formatCents } from "~/content/plans";
import { defaultDashboardPreset } from "~/schemas/dashboard-range";
import type { Dashboard as DashboardData, FunnelStep } from "~/schemas/dashboard-views";
import { dashboardTable, type DashboardChart } from "~/utils/dashboard-tables";
import { formatLongDay } from "~/utils/zoned-time";
import { BarChart } from "./bar-chart";
import { ChartFigure } from "./chart-figure";
import { HorizontalBarChart } from "./horizontal-bar-chart";
import { LineChart } from "./line-chart";
import { RangeForm } from "./range-form";

const count = (value: number) => value.toLocaleString("en-US");
const money = (cents: number) => formatCents(Math.round(cents));
/** An axis tick's amount, short enough for the axis: "$1.4M", "$25k", "$900". */
function moneyTick(cents: number) {
  const dollars = cents / 100;
  if (dollars >= 1_000_000) return `$${Number((dollars / 1_000_000).toFixed(1))}M`;
  if (dollars >= 1_000) return `$${Number((dollars / 1_000).toFixed(1))}k`;
  return money(cents);
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function funnelRows(steps: FunnelStep[]) {
  return steps.map((step) => ({
    name: step.label,
    value: step.count,
    note: step.dropOffPercent === null ? undefined : `(−${step.dropOffPercent}%)`,
  }));
}

function funnelSummary(name: string, steps: FunnelStep[]) {
  return `${name} funnel: ${steps
    .map(
      (step) =>
        `${step.label} ${count(step.count)}${step.dropOffPercent === null ? "" : ` (drop-off ${step.dropOffPercent}%)`}`,
    )
    .join(", ")}.`;
}

/** The dashboard section of /admin: the range form and the charts, all rendered on the server. */
export function Dashboard({ data }: { data: DashboardData }) {
  const { range, form, daily } = data;
  const query = form.errors.length
    ? `range=${defaultDashboardPreset}`
    : range.preset
      ? `range=${range.preset}`
      : `from=${range.from}&to=${range.to}`;
  const csvHref = (chart: DashboardChart) => `/admin/dashboard.csv?chart=${chart}&${query}`;
  const figure = (chart: DashboardChart) => ({ chart, table: dashboardTable(chart, data), csvHref: csvHref(chart) });
  const span = `${formatLongDay(range.from)} to ${formatLongDay(range.to)}`;
  const leads = daily.map((day) => ({ day: day.day, value: day.leads }));
  const orders = daily.map((day) => ({ day: day.day, value: day.orders }));
  const revenue = daily.map((day) => ({ day: day.day, value: day.paidRevenueCents }));
  const mrr = daily.map((day) => ({ day: day.day, value: day.mrrCents }));
  const lastMrr = mrr.at(-1)?.value ?? 0;
  const attribution = (chart: "sources" | "campaigns") => {
    const rows = data[chart];
    const noun = chart === "sources" ? "source" : "campaign";
    return (
      <div className="grid gap-3 lg:grid-cols-3">
        {(
          [
            ["Leads", (row) => row.leads, count],
            ["Orders", (row) => row.orders, count],
            ["Paid revenue", (row) => row.paidRevenueCents, money],
          ] as const satisfies readonly [string, (row: (typeof rows)[number]) => number, (value: number) => string][]
        ).map(([metric, value, format]) => (
          <div key={metric}>
            <p className="text-sm font-medium text-slate-700">{metric}</p>
            <HorizontalBarChart
              width={480}
              rows={rows.map((row) => ({ name: row.name, value: value(row) }))}
              formatValue={format}
              label={
                rows.length
                  ? `${metric} by ${noun}: ${rows.map((row) => `${row.name} ${format(value(row))}`).join(", ")}.`
                  : `No ${metric.toLowerCase()} in this range.`
              }
            />
          </div>
        ))}
      </div>
    );
  };

  return (
    <section id="dashboard" aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading" className="text-2xl font-bold text-slate-900">
        Dashboard
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {span} ({range.days} days). A day is a calendar day in {range.timeZone}, the business’s time zone.
      </p>
      <RangeForm range={range} form={form} />

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <ChartFigure {...figure("leads")}>
          <BarChart
            data={leads}
            integer
            formatTick={count}
            label={`Leads per day, ${span}: ${count(sum(leads.map((day) => day.value)))} in total.`}
          />
        </ChartFigure>
        <ChartFigure {...figure("orders")}>
          <p className="text-sm font-medium text-slate-700">Orders created</p>
          <BarChart
            data={orders}
            integer
            formatTick={count}
            label={`Orders created per day, ${span}: ${count(sum(orders.map((day) => day.value)))} in total.`}
          />
          <p className="text-sm font-medium text-slate-700">Paid revenue</p>
          <BarChart
            data={revenue}
            formatTick={moneyTick}
            label={`Paid revenue per day, ${span}: ${money(sum(revenue.map((day) => day.value)))} in total.`}
          />
        </ChartFigure>
        <ChartFigure {...figure("mrr")}>
          <LineChart
            data={mrr}
            formatTick={moneyTick}
            label={`Monthly recurring revenue from ${money(mrr[0]?.value ?? 0)} on ${formatLongDay(range.from)} to ${money(lastMrr)} on ${formatLongDay(range.to)}.`}
          />
        </ChartFigure>
        <ChartFigure {...figure("funnel")}>
          <p className="text-sm font-medium text-slate-700">Checkout</p>
          <HorizontalBarChart
            rows={funnelRows(data.checkoutFunnel)}
            formatValue={count}
            label={funnelSummary("Checkout", data.checkoutFunnel)}
          />
          <p className="text-sm font-medium text-slate-700">Demo</p>
          <HorizontalBarChart
            rows={funnelRows(data.demoFunnel)}
            formatValue={count}
            label={funnelSummary("Demo", data.demoFunnel)}
          />
        </ChartFigure>
      </div>
      <div className="mt-6 space-y-6">
        <ChartFigure {...figure("sources")}>{attribution("sources")}</ChartFigure>
        <ChartFigure {...figure("campaigns")}>{attribution("campaigns")}</ChartFigure>
      </div>
    </section>
  );
}
