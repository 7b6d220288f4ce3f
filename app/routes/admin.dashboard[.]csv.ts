import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { loadDashboardFigures } from "~/services/admin/dashboard.server";
import { csvStream, type CsvColumn } from "~/utils/csv.server";
import { dashboardCharts, dashboardTable, isDashboardChart, type TableColumn } from "~/utils/dashboard-tables";

type Cell = string | number | null;

// Plain numbers, so a spreadsheet can sum them.
function csvValue(value: Cell, column: TableColumn): Cell {
  if (typeof value !== "number") return value;
  return column.kind === "cents" ? (Math.round(value) / 100).toFixed(2) : value;
}

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
  const columns: CsvColumn<Cell[]>[] = table.columns.map((column, index) => ({
    header: column.header,
    value: (row) => csvValue(row[index], column),
  }));
  const { from, to } = figures.range;
  return new Response(
    csvStream(
      columns,
      (async function* () {
        yield table.rows;
      })(),
    ),
    {
      headers: {
        ...adminHeaders,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="dashboard-${chart}-${from}-to-${to}.csv"`,
      },
    },
  );
}
