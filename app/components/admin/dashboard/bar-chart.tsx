import { scaleBand, scaleLinear } from "d3-scale";
import { chartWidth, dayChartHeight, dayChartMargin as margin } from "./chart-frame";
import { DayAxes } from "./day-axes";

export type DayValue = { day: string; value: number };

/** A bar per day, drawn on the server; `label` is what a screen reader hears instead of the picture. */
export function BarChart({
  data,
  label,
  formatTick,
  integer = false,
}: {
  data: DayValue[];
  label: string;
  formatTick: (value: number) => string;
  integer?: boolean;
}) {
  const days = data.map((point) => point.day);
  const x = scaleBand<string>()
    .domain(days)
    .range([margin.left, chartWidth - margin.right])
    .paddingInner(0.2);
  const max = Math.max(integer ? 4 : 1, ...data.map((point) => point.value));
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([dayChartHeight - margin.bottom, margin.top]);
  return (
    <svg viewBox={`0 0 ${chartWidth} ${dayChartHeight}`} role="img" aria-label={label} className="h-auto w-full">
      <title>{label}</title>
      <DayAxes
        y={y}
        days={days}
        dayX={(day) => (x(day) ?? 0) + x.bandwidth() / 2}
        integer={integer}
        formatTick={formatTick}
      />
      {data.map((point) =>
        point.value > 0 ? (
          <rect
            key={point.day}
            x={x(point.day)}
            y={y(point.value)}
            width={x.bandwidth()}
            height={y(0) - y(point.value)}
            className="fill-brand-600"
          />
        ) : null,
      )}
    </svg>
  );
}
