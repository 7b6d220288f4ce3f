import { funnelEventLabels, funnelEvents, type FunnelEvent } from "~/content/funnel-events";
import { dashboardCharts } from "~/services/admin/dashboard-charts.server";
import { attributionFigures, dailyFigures, ruleFigures } from "~/models/admin/dashboard.server";
import { funnelTotals } from "~/models/insight/funnel.server";
import type { Dashboard, DashboardRange, DashboardRangeForm, FunnelStep } from "~/schemas/dashboard-views";
import { dashboardRangeSchema, defaultDashboardPreset } from "~/schemas/dashboard-range";
import { addCalendarDays, calendarDaysBetween } from "~/utils/time/calendar-date";
import { showRateFigures } from "~/services/demo/outcomes.server";
import { now } from "~/utils/time/clock.server";
import { getEnv } from "~/utils/env.server";
import { localDate } from "~/utils/time/zoned-time";

/** The demo pair is a funnel of its own; every other event is a checkout step, in the order a visitor meets them. */
export const demoFunnel: FunnelEvent[] = ["demo_submitted", "demo_booked"];
export const checkoutFunnel: FunnelEvent[] = funnelEvents.filter((event) => !demoFunnel.includes(event));

export function funnelSteps(events: FunnelEvent[], totals: Partial<Record<FunnelEvent, number>>): FunnelStep[] {
  return events.map((event, index) => {
    const count = totals[event] ?? 0;
    const previous = index === 0 ? undefined : (totals[events[index - 1]] ?? 0);
    return {
      event,
      label: funnelEventLabels[event],
      count,
      dropOffPercent: previous ? Math.round(((previous - count) / previous) * 1000) / 10 : null,
    };
  });
}

/** Whole days in the business's zone. Bad input never fails the page: it shows the default range with errors. */
export function dashboardRange(params: URLSearchParams): { range: DashboardRange; form: DashboardRangeForm } {
  const timeZone = getEnv().DEMO_TIME_ZONE;
  const today = localDate(now(), timeZone);
  const raw = {
    range: params.get("range") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  };
  const parsed = dashboardRangeSchema.safeParse(raw);
  const choice = parsed.success ? parsed.data : { kind: "preset" as const, days: defaultDashboardPreset };
  const range: DashboardRange =
    choice.kind === "preset"
      ? { from: addCalendarDays(today, 1 - choice.days), to: today, timeZone, preset: choice.days, days: choice.days }
      : {
          from: choice.from,
          to: choice.to,
          timeZone,
          preset: null,
          days: calendarDaysBetween(choice.from, choice.to) + 1,
        };
  const errors = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
  return {
    range,
    form: parsed.success
      ? { from: range.from, to: range.to, errors }
      : { from: raw.from ?? "", to: raw.to ?? "", errors },
  };
}

/** Without charts: the CSV export needs none. */
export async function loadDashboardFigures(params: URLSearchParams) {
  const { range, form } = dashboardRange(params);
  const [daily, totals, sources, campaigns, demos, rules] = await Promise.all([
    dailyFigures(range),
    funnelTotals(range.from, range.to),
    attributionFigures(range, "source"),
    attributionFigures(range, "campaign"),
    showRateFigures(range),
    ruleFigures(range, now()),
  ]);
  return {
    form,
    figures: {
      range,
      daily,
      checkoutFunnel: funnelSteps(checkoutFunnel, totals),
      demoFunnel: funnelSteps(demoFunnel, totals),
      sources,
      campaigns,
      ...demos,
      rules,
    },
  };
}

export async function loadDashboard(params: URLSearchParams): Promise<Dashboard> {
  const { form, figures } = await loadDashboardFigures(params);
  return { ...figures, form, charts: dashboardCharts(figures) };
}
