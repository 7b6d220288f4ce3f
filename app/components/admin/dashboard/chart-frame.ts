// Shared geometry of the dashboard's SVG charts: a fixed viewBox the browser scales to the figure's width, so the
// server can compute every coordinate without knowing the screen.
export const chartWidth = 720;
export const dayChartHeight = 220;
export const dayChartMargin = { top: 12, right: 16, bottom: 28, left: 64 };

/** About this many day labels fit under a day chart; the rest are skipped evenly. */
const dayLabelCount = 8;

/** Whether the day at `index` of `count` gets a label on the x axis (the first and then every n-th). */
export function labelsDay(index: number, count: number): boolean {
  return index % Math.max(1, Math.ceil(count / dayLabelCount)) === 0;
}

/** The y ticks of a count axis: whole numbers only (a chart of one lead must not show 0.2 leads). */
export function countTicks(ticks: number[], integer: boolean): number[] {
  return integer ? ticks.filter(Number.isInteger) : ticks;
}
