import type { DayChartView } from "~/schemas/dashboard-views";

export function DayAxes({ view }: { view: DayChartView }) {
  const [left, right] = view.gridX;
  return (
    <g>
      {view.grid.map((tick) => (
        <g key={tick.text}>
          <line x1={left} x2={right} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeWidth={1} />
          <text x={view.tickTextX} y={tick.y} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px]">
            {tick.text}
          </text>
        </g>
      ))}
      <line x1={left} x2={right} y1={view.baselineY} y2={view.baselineY} className="stroke-slate-400" strokeWidth={1} />
      {view.days.map((day) => (
        <text key={day.x} x={day.x} y={view.dayTextY} textAnchor="middle" className="fill-slate-600 text-[11px]">
          {day.text}
        </text>
      ))}
    </g>
  );
}
