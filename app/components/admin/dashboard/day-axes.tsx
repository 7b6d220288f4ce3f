import type { ScaleLinear } from "d3-scale";
import { formatDayParts } from "~/utils/zoned-time";
import { chartWidth, countTicks, dayChartHeight, dayChartMargin as margin, labelsDay } from "./chart-frame";

/** The y grid with its tick labels and the x axis's day labels, under a day chart's marks. */
export function DayAxes({
  y,
  days,
  dayX,
  integer,
  formatTick,
}: {
  y: ScaleLinear<number, number>;
  days: string[];
  dayX: (day: string) => number;
  integer: boolean;
  formatTick: (value: number) => string;
}) {
  return (
    <g>
      {countTicks(y.ticks(5), integer).map((tick) => (
        <g key={tick}>
          <line
            x1={margin.left}
            x2={chartWidth - margin.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-slate-200"
            strokeWidth={1}
          />
          <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px]">
            {formatTick(tick)}
          </text>
        </g>
      ))}
      <line
        x1={margin.left}
        x2={chartWidth - margin.right}
        y1={dayChartHeight - margin.bottom}
        y2={dayChartHeight - margin.bottom}
        className="stroke-slate-400"
        strokeWidth={1}
      />
      {days.map((day, index) =>
        labelsDay(index, days.length) ? (
          <text
            key={day}
            x={dayX(day)}
            y={dayChartHeight - margin.bottom + 16}
            textAnchor="middle"
            className="fill-slate-600 text-[11px]"
          >
            {formatDayParts(day)[1]}
          </text>
        ) : null,
      )}
    </g>
  );
}
