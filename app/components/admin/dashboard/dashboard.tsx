import { defaultDashboardPreset } from "~/schemas/dashboard-range";
import type { AttributionChartsView, Dashboard as DashboardData } from "~/schemas/dashboard-views";
import { dashboardTable, type DashboardChart } from "~/utils/dashboard-tables";
import { formatLongDay } from "~/utils/time/zoned-time";
import { ChartFigure } from "./chart-figure";
import { HorizontalBarChart } from "./horizontal-bar-chart";
import { DayChart } from "./day-chart";
import { RangeForm } from "./range-form";

export function Dashboard({ data, search }: { data: DashboardData; search: string }) {
  const { range, form, charts } = data;
  const query = form.errors.length
    ? `range=${defaultDashboardPreset}`
    : range.preset
      ? `range=${range.preset}`
      : `from=${range.from}&to=${range.to}`;
  const csvHref = (chart: DashboardChart) => `/admin/dashboard.csv?chart=${chart}&${query}`;
  const figure = (chart: DashboardChart) => ({ chart, table: dashboardTable(chart, data), csvHref: csvHref(chart) });
  const span = `${formatLongDay(range.from)} to ${formatLongDay(range.to)}`;
  const testOrdersPaid = data.daily.reduce((sum, day) => sum + day.testOrdersPaid, 0);
  const attribution = (views: AttributionChartsView) => (
    <div className="grid gap-3 lg:grid-cols-3">
      {views.map(({ metric, chart }) => (
        <div key={metric}>
          <p className="text-sm font-medium text-slate-700">{metric}</p>
          <HorizontalBarChart view={chart} />
        </div>
      ))}
    </div>
  );

  return (
    <section id="dashboard" aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading" className="text-2xl font-bold text-slate-900">
        Dashboard
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {span} ({range.days} days). A day is a calendar day in {range.timeZone}, the business’s time zone.
      </p>
      <RangeForm range={range} form={form} search={search} />

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <ChartFigure {...figure("leads")}>
          <DayChart view={charts.leads} />
        </ChartFigure>
        <ChartFigure {...figure("orders")}>
          <p className="text-sm font-medium text-slate-700">Orders created</p>
          <DayChart view={charts.orders} />
          <p className="text-sm font-medium text-slate-700">Paid revenue</p>
          <DayChart view={charts.revenue} />
          {testOrdersPaid > 0 ? (
            <p className="text-sm text-slate-700">
              Test orders paid in this range, not counted as revenue or MRR: {testOrdersPaid}
            </p>
          ) : null}
        </ChartFigure>
        <ChartFigure {...figure("mrr")}>
          <DayChart view={charts.mrr} />
        </ChartFigure>
        <ChartFigure {...figure("funnel")}>
          <p className="text-sm font-medium text-slate-700">Checkout</p>
          <HorizontalBarChart view={charts.checkoutFunnel} />
          <p className="text-sm font-medium text-slate-700">Demo</p>
          <HorizontalBarChart view={charts.demoFunnel} />
        </ChartFigure>
        <ChartFigure {...figure("showrate")}>
          <DayChart view={charts.showRate} />
        </ChartFigure>
        <ChartFigure {...figure("hosts")}>
          <p className="text-sm font-medium text-slate-700">Bookings</p>
          <HorizontalBarChart view={charts.hostBookings} />
          <p className="text-sm font-medium text-slate-700">Show rate</p>
          <HorizontalBarChart view={charts.hostShowRate} />
        </ChartFigure>
        <ChartFigure {...figure("rules")}>
          <HorizontalBarChart view={charts.rules} />
        </ChartFigure>
      </div>
      <div className="mt-6 space-y-6">
        <ChartFigure {...figure("sources")}>{attribution(charts.sources)}</ChartFigure>
        <ChartFigure {...figure("campaigns")}>{attribution(charts.campaigns)}</ChartFigure>
      </div>
    </section>
  );
}
