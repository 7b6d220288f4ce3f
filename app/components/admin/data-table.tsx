import type { ReactNode } from "react";

export type Column<Row> = { header: string; className?: string; cell: (row: Row) => ReactNode };

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2 align-top text-sm text-slate-800";

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  describedBy,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** The naming heading's id, when the table is not its section's only content. */
  describedBy?: string;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200" aria-describedby={describedBy}>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={th}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={`${td} py-6 text-center text-slate-600`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.className ? `${td} ${column.className}` : td}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
