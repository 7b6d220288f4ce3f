import type { DayChartView } from "~/schemas/dashboard-views";
import { DayAxes } from "./day-axes";

/** Geometry comes from the server; `view.label` is what a screen reader hears. */
export function BarChart({ view }: { view: DayChartView }) {
  return (
    <svg viewBox={`0 0 ${view.width} ${view.height}`} role="img" aria-label={view.label} className="h-auto w-full">
      <title>{view.label}</title>
      <DayAxes view={view} />
      {view.bars.map((bar) => (
        <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-brand-600" />
      ))}
    </svg>
  );
}
