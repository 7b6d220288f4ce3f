// The dashboard's chart geometry and funnel arithmetic, computed on the server (no database needed).
import { describe, expect, it } from "vitest";
import type { FunnelEvent } from "~/content/funnel-events";
import { dashboardCharts } from "~/services/admin/dashboard-charts.server";
import { checkoutFunnel, demoFunnel, funnelSteps } from "~/services/admin/dashboard.server";

const days = ["2026-03-07", "2026-03-08", "2026-03-09"];

function figures(
  counts: Partial<Record<FunnelEvent, number>>,
  leads = [0, 1, 3],
  revenueCents = (index: number) => index * 150_000,
  mrrCents = (index: number) => 10_000 + index * 5_000,
) {
  return {
    range: { from: days[0], to: days[2], timeZone: "America/Chicago", preset: null, days: 3 },
    daily: days.map((day, index) => ({
      day,
      leads: leads[index],
      orders: 0,
      paidOrders: 0,
      paidRevenueCents: revenueCents(index),
      testOrdersPaid: 0,
      mrrCents: mrrCents(index),
    })),
    checkoutFunnel: funnelSteps(checkoutFunnel, counts),
    demoFunnel: funnelSteps(demoFunnel, counts),
    sources: [{ name: "a-very-long-source-name-from-a-utm-tag", leads: 4, orders: 1, paidRevenueCents: 300_000 }],
    campaigns: [],
    showRates: [],
    hostDemos: [],
    rules: [],
  };
}

describe("dashboard charts", () => {
  it("the checkout funnel is every event but the demo pair, in order", () => {
    expect(checkoutFunnel).toEqual([
      "landing_view",
      "checkout_opened",
      "checkout_info_completed",
      "checkout_plan_chosen",
      "order_created",
      "order_paid",
    ]);
    expect(demoFunnel).toEqual(["demo_submitted", "demo_booked"]);
  });

  it("drop-offs: none first or after a zero, and a later step that outnumbers its predecessor shows a gain", () => {
    const data = figures({
      landing_view: 200,
      checkout_opened: 50,
      checkout_plan_chosen: 20,
      order_created: 4,
      order_paid: 6,
    });
    expect(data.checkoutFunnel.map((step) => step.dropOffPercent)).toEqual([null, 75, 100, null, 80, -50]);
    const charts = dashboardCharts(data);
    expect(charts.checkoutFunnel.rows.map((row) => row.note)).toEqual([
      undefined,
      "(−75%)",
      "(−100%)",
      undefined,
      "(−80%)",
      "(+50%)",
    ]);
    expect(charts.checkoutFunnel.label).toBe(
      "Checkout funnel: Landing page views 200, Checkout opened 50 (drop-off 75%), Step 1 completed 0 (drop-off 100%), " +
        "Plan chosen 20, Order created 4 (drop-off 80%), Order paid 6 (drop-off -50%).",
    );
  });

  it("bars stay inside the viewBox, count axes tick whole numbers, and empty days draw no bar", () => {
    const charts = dashboardCharts(figures({}, [0, 1, 3]));
    const { leads } = charts;
    expect(leads.bars.map((bar) => bar.day)).toEqual(["2026-03-08", "2026-03-09"]);
    for (const bar of leads.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(leads.width);
      expect(bar.y + bar.height).toBeCloseTo(leads.baselineY, 0);
    }
    expect(leads.grid.map((tick) => tick.text)).toEqual(["0", "1", "2", "3", "4"]);
    expect(leads.days.map((day) => day.text)).toEqual(["Mar 7", "Mar 8", "Mar 9"]);
    expect(leads.label).toBe("Leads per day, Saturday, March 7 to Monday, March 9: 4 in total.");
    expect(charts.revenue.grid.at(-1)?.text).toBe("$3k");
    expect(charts.mrr.path).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
  });

  it("money axes read right with no or little revenue: whole steps from $0, never one label twice", () => {
    const none = dashboardCharts(
      figures(
        {},
        [0, 0, 0],
        () => 0,
        () => 0,
      ),
    );
    for (const chart of [none.revenue, none.mrr]) {
      expect(chart.grid.map((tick) => tick.text)).toEqual(["$0", "$20", "$40", "$60", "$80", "$100"]);
    }
    for (const top of [1, 99, 4_900, 10_001, 149_999, 2_500_000, 123_456_789]) {
      const charts = dashboardCharts(
        figures(
          {},
          [0, 0, 1],
          (index) => (index === 2 ? top : 0),
          () => top,
        ),
      );
      for (const chart of [charts.leads, charts.revenue, charts.mrr]) {
        const texts = chart.grid.map((tick) => tick.text);
        expect(new Set(texts).size, `${texts.join(" ")} for ${top} cents`).toBe(texts.length);
        expect(texts.length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("a long name is cut in the picture, whole in the label; an empty ranking says so", () => {
    const charts = dashboardCharts(figures({}));
    const [leads] = charts.sources;
    expect(leads.chart.rows[0].name).toBe("a-very-long-source-name-f…");
    expect(leads.chart.label).toBe("Leads by source: a-very-long-source-name-from-a-utm-tag 4.");
    expect(charts.campaigns.map((metric) => metric.chart.label)).toEqual([
      "No leads in this range.",
      "No orders in this range.",
      "No paid revenue in this range.",
    ]);
  });
});
