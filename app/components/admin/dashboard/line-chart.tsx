import type { DayChartView } from "~/schemas/dashboard-views";
import { DayAxes } from "./day-axes";

/** The path comes from the server; `view.label` is what a screen reader hears. */
export function LineChart({ view }: { view: DayChartView }) {
  return (
    <svg viewBox={`0 0 ${view.width} ${view.height}`} role="img" aria-label={view.label} className="h-auto w-full">
      <title>{view.label}</title>
      <DayAxes view={view} />
      {view.path ? <path d={view.path} fill="none" strokeWidth={2.5} className="stroke-brand-700" /> : null}
    </svg>
  );
}
