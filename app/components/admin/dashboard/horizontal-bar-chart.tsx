import { scaleBand, scaleLinear } from "d3-scale";
import { chartWidth } from "./chart-frame";

export type NamedValue = { name: string; value: number; note?: string };

const rowHeight = 28;
const margin = { top: 4, right: 150, bottom: 4, left: 180 };
/** Longer names are cut in the picture; the data table beside it has them whole. */
const maxNameLength = 26;

const shortName = (name: string) => (name.length > maxNameLength ? `${name.slice(0, maxNameLength - 1)}…` : name);

/** A bar per named row (a funnel step, a source), with its value and an optional note after the bar. */
export function HorizontalBarChart({
  rows,
  label,
  formatValue,
  width = chartWidth,
}: {
  rows: NamedValue[];
  label: string;
  formatValue: (value: number) => string;
  width?: number;
}) {
  const height = margin.top + margin.bottom + Math.max(1, rows.length) * rowHeight;
  const y = scaleBand<string>()
    .domain(rows.map((row) => row.name))
    .range([margin.top, height - margin.bottom])
    .paddingInner(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((row) => row.value))])
    .range([margin.left, width - margin.right]);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-auto w-full">
      <title>{label}</title>
      {rows.map((row) => {
        const top = y(row.name) ?? 0;
        const middle = top + y.bandwidth() / 2;
        return (
          <g key={row.name}>
            <text x={margin.left - 8} y={middle} dy="0.32em" textAnchor="end" className="fill-slate-700 text-[12px]">
              {shortName(row.name)}
            </text>
            <rect
              x={margin.left}
              y={top}
              width={Math.max(0, x(row.value) - margin.left)}
              height={y.bandwidth()}
              className="fill-brand-600"
            />
            <text x={x(row.value) + 6} y={middle} dy="0.32em" className="fill-slate-800 text-[12px]">
              {formatValue(row.value)}
              {row.note ? <tspan className="fill-slate-600"> {row.note}</tspan> : null}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
