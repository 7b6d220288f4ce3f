import type { LoaderFunctionArgs } from "@remix-run/node";
import { orders, type OrderRow } from "~/db/schema.server";
import { iterateNewestFirst } from "~/models/pagination.server";
import { orderRecordKeys } from "~/models/record-json.server";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { csvDownload, type CsvColumn } from "~/utils/csv.server";

// The same fields as an order's webhooks; a cell holds the plan ids space-separated.
const columns: CsvColumn<OrderRow>[] = orderRecordKeys.map((key) => ({
  header: key,
  value: (row) => (key === "planIds" ? row.planIds.join(" ") : row[key]),
}));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvDownload(
    `orders-${new Date().toISOString().slice(0, 10)}.csv`,
    columns,
    iterateNewestFirst(orders),
    adminHeaders,
  );
}
