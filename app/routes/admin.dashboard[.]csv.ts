import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { loadDashboardFigures } from "~/services/admin/dashboard.server";
import { csvDownload, type CsvColumn } from "~/utils/csv.server";
import { dashboardCharts, dashboardTable, isDashboardChart } from "~/utils/dashboard-tables";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const chart = params.get("chart");
  if (!isDashboardChart(chart)) {
    return new Response(`Unknown chart; use one of ${dashboardCharts.join(", ")}.`, {
      status: 400,
      headers: { ...adminHeaders, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { figures } = await loadDashboardFigures(params);
  const table = dashboardTable(chart, figures);
  const columns: CsvColumn<(typeof table.rows)[number]>[] = table.columns.map((column, index) => ({
    header: column.header,
    // Plain numbers, so a spreadsheet can sum them.
    value: (row) => {
      const value = row[index];
      return typeof value === "number" && column.kind === "cents" ? (Math.round(value) / 100).toFixed(2) : value;
    },
  }));
  const { from, to } = figures.range;
  return csvDownload(`dashboard-${chart}-${from}-to-${to}.csv`, columns, [table.rows].values(), adminHeaders);
}
