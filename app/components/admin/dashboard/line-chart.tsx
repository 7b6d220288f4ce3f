import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import type { DayValue } from "./bar-chart";
import { chartWidth, dayChartHeight, dayChartMargin as margin } from "./chart-frame";
import { DayAxes } from "./day-axes";

/** A line through one value per day, drawn on the server; `label` is what a screen reader hears. */
export function LineChart({
  data,
  label,
  formatTick,
}: {
  data: DayValue[];
  label: string;
  formatTick: (value: number) => string;
}) {
  const days = data.map((point) => point.day);
  const x = scalePoint<string>()
    .domain(days)
    .range([margin.left, chartWidth - margin.right])
    .padding(0.5);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...data.map((point) => point.value))])
    .nice()
    .range([dayChartHeight - margin.bottom, margin.top]);
  const path = line<DayValue>()
    .x((point) => x(point.day) ?? 0)
    .y((point) => y(point.value))(data);
  return (
    <svg viewBox={`0 0 ${chartWidth} ${dayChartHeight}`} role="img" aria-label={label} className="h-auto w-full">
      <title>{label}</title>
      <DayAxes y={y} days={days} dayX={(day) => x(day) ?? 0} integer={false} formatTick={formatTick} />
      {path ? <path d={path} fill="none" strokeWidth={2.5} className="stroke-brand-700" /> : null}
    </svg>
  );
}
