import type { DayChartView } from "~/schemas/dashboard-views";

/** Bars or a line by day; geometry comes from the server and `view.label` is what a screen reader hears. */
export function DayChart({ view }: { view: DayChartView }) {
  const [left, right] = view.gridX;
  return (
    <svg viewBox={`0 0 ${view.width} ${view.height}`} role="img" aria-label={view.label} className="h-auto w-full">
      <title>{view.label}</title>
      <g>
        {view.grid.map((tick) => (
          <g key={tick.text}>
            <line x1={left} x2={right} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeWidth={1} />
            <text x={view.tickTextX} y={tick.y} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px]">
              {tick.text}
            </text>
          </g>
        ))}
        <line
          x1={left}
          x2={right}
          y1={view.baselineY}
          y2={view.baselineY}
          className="stroke-slate-400"
          strokeWidth={1}
        />
        {view.days.map((day) => (
          <text key={day.x} x={day.x} y={view.dayTextY} textAnchor="middle" className="fill-slate-600 text-[11px]">
            {day.text}
          </text>
        ))}
      </g>
      {view.bars.map((bar) => (
        <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-brand-600" />
      ))}
      {view.path ? <path d={view.path} fill="none" strokeWidth={2.5} className="stroke-brand-700" /> : null}
    </svg>
  );
}
