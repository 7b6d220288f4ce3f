import { z } from "zod";
import { calendarDaysBetween, isCalendarDate } from "~/utils/time/calendar-date";

export const dashboardPresets = [7, 30, 90] as const;
export type DashboardPreset = (typeof dashboardPresets)[number];
export const defaultDashboardPreset: DashboardPreset = 30;
/** Longer ranges make the daily charts unreadable and the queries slow. */
export const maxDashboardRangeDays = 366;

export type DashboardRangeChoice =
  { kind: "preset"; days: DashboardPreset } | { kind: "custom"; from: string; to: string };

const field = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** A custom date wins over a preset: the form sends both when the dates are edited after choosing a preset. */
export const dashboardRangeSchema = z
  .object({ range: field, from: field, to: field })
  .transform(({ range, from, to }, ctx): DashboardRangeChoice => {
    if (from === undefined && to === undefined) {
      if (range === undefined) return { kind: "preset", days: defaultDashboardPreset };
      const days = dashboardPresets.find((preset) => String(preset) === range);
      if (days) return { kind: "preset", days };
      ctx.addIssue({ code: "custom", path: ["range"], message: "Choose a range of 7, 30 or 90 days." });
      return z.NEVER;
    }
    for (const [name, value, label] of [
      ["from", from, "start"],
      ["to", to, "end"],
    ] as const) {
      if (value === undefined) ctx.addIssue({ code: "custom", path: [name], message: `Enter the ${label} date.` });
      else if (!isCalendarDate(value))
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `The ${label} date must be a real date written YYYY-MM-DD.`,
        });
    }
    if (from === undefined || to === undefined || !isCalendarDate(from) || !isCalendarDate(to)) return z.NEVER;
    const message =
      from > to
        ? "The start date must be on or before the end date."
        : calendarDaysBetween(from, to) + 1 > maxDashboardRangeDays
          ? `A range may span at most ${maxDashboardRangeDays} days.`
          : undefined;
    if (message === undefined) return { kind: "custom", from, to };
    ctx.addIssue({ code: "custom", path: ["to"], message });
    return z.NEVER;
  });
