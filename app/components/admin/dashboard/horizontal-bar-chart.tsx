import type { BarListView } from "~/schemas/dashboard-views";

export function HorizontalBarChart({ view }: { view: BarListView }) {
  return (
    <svg viewBox={`0 0 ${view.width} ${view.height}`} role="img" aria-label={view.label} className="h-auto w-full">
      <title>{view.label}</title>
      {view.rows.map((row) => (
        <g key={row.key}>
          <text x={view.nameX} y={row.middle} dy="0.32em" textAnchor="end" className="fill-slate-700 text-[12px]">
            {row.name}
          </text>
          <rect x={row.bar.x} y={row.bar.y} width={row.bar.width} height={row.bar.height} className="fill-brand-600" />
          <text x={row.valueX} y={row.middle} dy="0.32em" className="fill-slate-800 text-[12px]">
            {row.value}
            {row.note ? <tspan className="fill-slate-600"> {row.note}</tspan> : null}
          </text>
        </g>
      ))}
    </svg>
  );
}
