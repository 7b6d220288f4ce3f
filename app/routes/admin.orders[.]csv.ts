import type { LoaderFunctionArgs } from "@remix-run/node";
import type { OrderRow } from "~/db/schema.server";
import { iterateOrders } from "~/models/order.server";
import { adminHeaders, requireAdmin } from "~/services/admin-session.server";
import { attributionCsvColumns } from "~/services/attribution.server";
import { csvDownload, type CsvColumn } from "~/utils/csv.server";

const columns: CsvColumn<OrderRow>[] = [
  { header: "id", value: (row) => row.id },
  { header: "createdAt", value: (row) => row.createdAt },
  { header: "status", value: (row) => row.status },
  { header: "paidAt", value: (row) => row.paidAt },
  { header: "planIds", value: (row) => row.planIds.join(" ") },
  { header: "billingPeriod", value: (row) => row.billingPeriod },
  { header: "subtotalCents", value: (row) => row.subtotalCents },
  { header: "discountCents", value: (row) => row.discountCents },
  { header: "totalCents", value: (row) => row.totalCents },
  { header: "currency", value: (row) => row.currency },
  { header: "couponCode", value: (row) => row.couponCode },
  { header: "companyName", value: (row) => row.companyName },
  { header: "fullName", value: (row) => row.fullName },
  { header: "email", value: (row) => row.email },
  { header: "phone", value: (row) => row.phone },
  { header: "provider", value: (row) => row.provider },
  ...attributionCsvColumns<OrderRow>(),
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvDownload("orders", columns, iterateOrders(), adminHeaders);
}
