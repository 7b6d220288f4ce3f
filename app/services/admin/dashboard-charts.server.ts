// The dashboard's chart geometry: scales, ticks and paths from d3-scale and d3-shape, on the server only. The
// components draw what this returns, so the browser gets SVG and never runs (or downloads) chart code.
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { formatCents } from "~/content/plans";
import type {
  AttributionChartsView,
  AttributionFigures,
  BarListView,
  Dashboard,
  DashboardCharts,
  DayChartView,
  FunnelStep,
  HostDemoFigures,
  WeeklyShowRate,
} from "~/schemas/dashboard-views";
import { formatDayParts, formatLongDay } from "~/utils/time/zoned-time";
import { plural } from "~/utils/plural";

type DayValue = { day: string; value: number };

// A fixed viewBox the browser scales to the figure's width, so every coordinate is known without the screen.
const dayChart = { width: 720, height: 220, top: 12, right: 16, bottom: 28, left: 64 };
/** About this many day labels fit under a day chart; the rest are skipped evenly. */
const dayLabelCount = 8;
const barList = { rowHeight: 28, top: 4, bottom: 4, left: 180, right: 150 };
/** Longer names are cut in the picture; the data table beside it has them whole. */
const maxNameLength = 26;

// One decimal is finer than a pixel at any width the figure gets, and keeps the loader data small.
const px = (value: number) => Math.round(value * 10) / 10;

const formatCount = (value: number) => value.toLocaleString("en-US");
/** A money axis reaches at least this far (cents), so a range with no or little revenue reads $0 to $100, not cents. */
const moneyAxisFloorCents = 10_000;
const formatMoney = (cents: number) => formatCents(Math.round(cents));

/** An axis tick's amount, short enough for the axis: "$1.4M", "$25k", "$900". */
function formatMoneyTick(cents: number) {
  const dollars = cents / 100;
  if (dollars >= 1_000_000) return `$${Number((dollars / 1_000_000).toFixed(1))}M`;
  if (dollars >= 1_000) return `$${Number((dollars / 1_000).toFixed(1))}k`;
  return formatMoney(cents);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function dayFrame(
  data: DayValue[],
  label: string,
  {
    integer,
    formatTick,
    dayX,
    atLeast,
  }: { integer: boolean; formatTick: (value: number) => string; dayX: (day: string) => number; atLeast?: number },
) {
  // A count axis needs room for whole ticks: a chart of one lead must not show 0.2 leads. A rate's axis goes to 100%.
  const max = Math.max(atLeast ?? (integer ? 4 : 1), ...data.map((point) => point.value));
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([dayChart.height - dayChart.bottom, dayChart.top]);
  const every = Math.max(1, Math.ceil(data.length / dayLabelCount));
  const view: Omit<DayChartView, "bars" | "path"> = {
    label,
    width: dayChart.width,
    height: dayChart.height,
    grid: y
      .ticks(5)
      .filter((tick) => !integer || Number.isInteger(tick))
      .map((tick) => ({ y: px(y(tick)), text: formatTick(tick) })),
    gridX: [dayChart.left, dayChart.width - dayChart.right],
    tickTextX: dayChart.left - 8,
    days: data
      .filter((_, index) => index % every === 0)
      .map((point) => ({ x: px(dayX(point.day)), text: formatDayParts(point.day)[1] })),
    baselineY: dayChart.height - dayChart.bottom,
    dayTextY: dayChart.height - dayChart.bottom + 16,
  };
  return { y, view };
}

function dayBarChart(
  data: DayValue[],
  label: string,
  {
    integer = false,
    formatTick,
    atLeast,
  }: { integer?: boolean; formatTick: (value: number) => string; atLeast?: number },
): DayChartView {
  const x = scaleBand<string>()
    .domain(data.map((point) => point.day))
    .range([dayChart.left, dayChart.width - dayChart.right])
    .paddingInner(0.2);
  const dayX = (day: string) => (x(day) ?? 0) + x.bandwidth() / 2;
  const { y, view } = dayFrame(data, label, { integer, formatTick, dayX, atLeast });
  return {
    ...view,
    bars: data
      .filter((point) => point.value > 0)
      .map((point) => ({
        day: point.day,
        x: px(x(point.day) ?? 0),
        y: px(y(point.value)),
        width: px(x.bandwidth()),
        height: px(y(0) - y(point.value)),
      })),
    path: null,
  };
}

function dayLineChart(
  data: DayValue[],
  label: string,
  { formatTick, atLeast }: { formatTick: (value: number) => string; atLeast?: number },
): DayChartView {
  const x = scalePoint<string>()
    .domain(data.map((point) => point.day))
    .range([dayChart.left, dayChart.width - dayChart.right])
    .padding(0.5);
  const dayX = (day: string) => x(day) ?? 0;
  const { y, view } = dayFrame(data, label, { integer: false, formatTick, dayX, atLeast });
  const path = line<DayValue>()
    .x((point) => px(dayX(point.day)))
    .y((point) => px(y(point.value)))(data);
  return { ...view, bars: [], path };
}

function barListChart(
  rows: { name: string; value: number; note?: string; text?: string }[],
  label: string,
  {
    formatValue,
    width = dayChart.width,
    atLeast = 1,
  }: { formatValue: (value: number) => string; width?: number; atLeast?: number },
): BarListView {
  const height = barList.top + barList.bottom + Math.max(1, rows.length) * barList.rowHeight;
  const y = scaleBand<string>()
    .domain(rows.map((row) => row.name))
    .range([barList.top, height - barList.bottom])
    .paddingInner(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(atLeast, ...rows.map((row) => row.value))])
    .range([barList.left, width - barList.right]);
  return {
    label,
    width,
    height,
    nameX: barList.left - 8,
    rows: rows.map((row) => {
      const top = y(row.name) ?? 0;
      return {
        key: row.name,
        name: row.name.length > maxNameLength ? `${row.name.slice(0, maxNameLength - 1)}…` : row.name,
        middle: px(top + y.bandwidth() / 2),
        bar: {
          x: barList.left,
          y: px(top),
          width: px(Math.max(0, x(row.value) - barList.left)),
          height: px(y.bandwidth()),
        },
        valueX: px(x(row.value) + 6),
        value: row.text ?? formatValue(row.value),
        note: row.note,
      };
    }),
  };
}

function funnelChart(name: string, steps: FunnelStep[]): BarListView {
  const summary = steps
    .map(
      (step) =>
        `${step.label} ${formatCount(step.count)}${step.dropOffPercent === null ? "" : ` (drop-off ${step.dropOffPercent}%)`}`,
    )
    .join(", ");
  return barListChart(
    steps.map((step) => ({
      name: step.label,
      value: step.count,
      // A later step can outnumber the one before it across the range's edges (paid today, ordered before).
      note:
        step.dropOffPercent === null
          ? undefined
          : step.dropOffPercent > 0
            ? `(−${step.dropOffPercent}%)`
            : step.dropOffPercent < 0
              ? `(+${-step.dropOffPercent}%)`
              : "(0%)",
    })),
    `${name} funnel: ${summary}.`,
    { formatValue: formatCount },
  );
}

function attributionCharts(rows: AttributionFigures[], noun: string): AttributionChartsView {
  const metrics = [
    ["Leads", (row: AttributionFigures) => row.leads, formatCount],
    ["Orders", (row: AttributionFigures) => row.orders, formatCount],
    ["Paid revenue", (row: AttributionFigures) => row.paidRevenueCents, formatMoney],
  ] as const;
  return metrics.map(([metric, value, format]) => ({
    metric,
    chart: barListChart(
      rows.map((row) => ({ name: row.name, value: value(row) })),
      rows.length
        ? `${metric} by ${noun}: ${rows.map((row) => `${row.name} ${format(value(row))}`).join(", ")}.`
        : `No ${metric.toLowerCase()} in this range.`,
      { formatValue: format, width: 480 },
    ),
  }));
}

export function dashboardCharts(data: Omit<Dashboard, "charts" | "form">): DashboardCharts {
  const { range, daily } = data;
  const span = `${formatLongDay(range.from)} to ${formatLongDay(range.to)}`;
  const series = (value: (day: (typeof daily)[number]) => number) =>
    daily.map((day) => ({ day: day.day, value: value(day) }));
  const leads = series((day) => day.leads);
  const orders = series((day) => day.orders);
  const revenue = series((day) => day.paidRevenueCents);
  const mrr = series((day) => day.mrrCents);
  const total = (points: DayValue[]) => sum(points.map((point) => point.value));
  return {
    leads: dayBarChart(leads, `Leads per day, ${span}: ${formatCount(total(leads))} in total.`, {
      integer: true,
      formatTick: formatCount,
    }),
    orders: dayBarChart(orders, `Orders created per day, ${span}: ${formatCount(total(orders))} in total.`, {
      integer: true,
      formatTick: formatCount,
    }),
    revenue: dayBarChart(revenue, `Paid revenue per day, ${span}: ${formatMoney(total(revenue))} in total.`, {
      formatTick: formatMoneyTick,
      atLeast: moneyAxisFloorCents,
    }),
    mrr: dayLineChart(
      mrr,
      `Monthly recurring revenue from ${formatMoney(mrr[0]?.value ?? 0)} on ${formatLongDay(range.from)} to ${formatMoney(mrr.at(-1)?.value ?? 0)} on ${formatLongDay(range.to)}.`,
      { formatTick: formatMoneyTick, atLeast: moneyAxisFloorCents },
    ),
    checkoutFunnel: funnelChart("Checkout", data.checkoutFunnel),
    demoFunnel: funnelChart("Demo", data.demoFunnel),
    sources: attributionCharts(data.sources, "source"),
    campaigns: attributionCharts(data.campaigns, "campaign"),
    ...demoOutcomeCharts(data.showRates, data.hostDemos, span),
    rules: barListChart(
      data.rules.map((rule) => ({
        name: rule.name,
        value: rule.leads,
        note: `(${formatCount(rule.booked)} booked, ${formatCount(rule.held)} held)`,
      })),
      data.rules.length
        ? `Leads routed per rule, ${span}: ${data.rules.map((rule) => `${rule.name} ${formatCount(rule.leads)} (${formatCount(rule.booked)} booked, ${formatCount(rule.held)} held)`).join(", ")}.`
        : "No lead was routed by a rule in this range.",
      { formatValue: formatCount },
    ),
  };
}

const formatPercent = (value: number) => `${Number(value.toFixed(1))}%`;

function demoOutcomeCharts(
  weeks: WeeklyShowRate[],
  hosts: HostDemoFigures[],
  span: string,
): Pick<DashboardCharts, "showRate" | "hostBookings" | "hostShowRate"> {
  const total = (key: "held" | "noShow" | "hostCancelled" | "unmarked") => sum(weeks.map((week) => week[key]));
  const [held, noShow, hostCancelled, unmarked] = [
    total("held"),
    total("noShow"),
    total("hostCancelled"),
    total("unmarked"),
  ];
  const unrated = `${plural(hostCancelled, "demo", "demos")} cancelled by the host and ${formatCount(unmarked)} not marked are not rated`;
  const overall =
    held + noShow === 0
      ? "no demo marked held or no-show"
      : `${formatPercent((held / (held + noShow)) * 100)} overall (${formatCount(held)} held, ${plural(noShow, "no-show", "no-shows")})`;
  const rated = hosts.filter((host) => host.showRatePercent !== null);
  return {
    showRate: dayBarChart(
      weeks.map((week) => ({ day: week.week, value: week.showRatePercent ?? 0 })),
      `Show rate per week, ${span}: ${overall}; ${unrated}.`,
      { formatTick: formatPercent, atLeast: 100 },
    ),
    hostBookings: barListChart(
      hosts.map((host) => ({ name: host.name, value: host.bookings })),
      hosts.length
        ? `Bookings per host, ${span}: ${hosts.map((host) => `${host.name} ${formatCount(host.bookings)}`).join(", ")}.`
        : "No hosts and no bookings in this range.",
      { formatValue: formatCount, width: 480 },
    ),
    hostShowRate: barListChart(
      hosts.map((host) => ({
        name: host.name,
        value: host.showRatePercent ?? 0,
        text: host.showRatePercent === null ? "—" : undefined,
        note:
          host.showRatePercent === null ? "(none marked)" : `(${host.held} of ${formatCount(host.held + host.noShow)})`,
      })),
      rated.length
        ? `Show rate per host, ${span}: ${rated.map((host) => `${host.name} ${formatPercent(host.showRatePercent!)} (${host.held} of ${host.held + host.noShow})`).join(", ")}${rated.length < hosts.length ? "; the others have no demo marked held or no-show" : ""}.`
        : "No demo marked held or no-show in this range.",
      { formatValue: formatPercent, width: 480, atLeast: 100 },
    ),
  };
}
