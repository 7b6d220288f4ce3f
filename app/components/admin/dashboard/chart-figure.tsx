import type { ReactNode } from "react";
import { dashboardChartCopy } from "~/content/dashboard";
import { formatCents } from "~/content/plans";
import type { ColumnKind, DashboardChart, DashboardTable } from "~/utils/dashboard-tables";

function formatCell(value: string | number | null, kind: ColumnKind): string {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  if (kind === "cents") return formatCents(Math.round(value));
  if (kind === "percent") return `${value}%`;
  return value.toLocaleString("en-US");
}

export function ChartFigure({
  chart,
  table,
  csvHref,
  children,
}: {
  chart: DashboardChart;
  table: DashboardTable;
  csvHref: string;
  children: ReactNode;
}) {
  const { title, description } = dashboardChartCopy[chart];
  return (
    <figure id={`chart-${chart}`} className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <span className="block text-base font-semibold text-slate-900">{title}</span>
        <span className="mt-1 block text-sm text-slate-600">{description}</span>
      </figcaption>
      <div className="mt-3 space-y-3">{children}</div>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
        <details className="grow">
          <summary className="cursor-pointer font-medium text-brand-700">Data table</summary>
          <div className="mt-2 max-h-96 overflow-auto rounded border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-slate-50">
                <tr>
                  {table.columns.map((column) => (
                    <th key={column.header} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {table.rows.length === 0 ? (
                  <tr>
                    <td colSpan={table.columns.length} className="px-3 py-2 text-slate-600">
                      Nothing in this range.
                    </td>
                  </tr>
                ) : (
                  table.rows.map((row) => (
                    <tr key={row.join("\u0000")}>
                      {row.map((value, index) => {
                        const column = table.columns[index];
                        return index === 0 ? (
                          <th
                            key={column.header}
                            scope="row"
                            className="px-3 py-1.5 text-left font-normal text-slate-800"
                          >
                            {formatCell(value, column.kind)}
                          </th>
                        ) : (
                          <td key={column.header} className="px-3 py-1.5 text-slate-800">
                            {formatCell(value, column.kind)}
                          </td>
                        );
                      })}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </details>
        <a href={csvHref} download className="self-start font-medium text-brand-700 underline">
          Export CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </a>
      </div>
    </figure>
  );
}
