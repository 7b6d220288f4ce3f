import { DataTable, type Column } from "~/components/admin/data-table";
import { formatTimestamp } from "~/components/admin/format";
import { VisibleText } from "~/components/admin/visible-text";
import { AttributionSummary } from "~/components/admin/attribution-summary";
import { formatCents } from "~/content/plans";
import type { Attribution } from "~/schemas/attribution";

export type OrderRow = {
  id: string;
  status: string;
  /** False for test mode and Stripe test keys: no money changed hands. */
  livemode: boolean;
  plans: string;
  billingPeriod: string;
  totalCents: number;
  discountCents: number;
  couponCode: string | null;
  currency: string;
  companyName: string;
  fullName: string;
  email: string;
  createdAt: string;
  attribution: Attribution;
};

const statusClasses: Record<string, string> = {
  paid: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  expired: "bg-slate-200 text-slate-800",
  canceled: "bg-red-100 text-red-900",
};

const columns: Column<OrderRow>[] = [
  {
    header: "Created",
    className: "whitespace-nowrap",
    cell: (order) => <time dateTime={order.createdAt}>{formatTimestamp(order.createdAt)}</time>,
  },
  {
    header: "Status",
    cell: (order) => (
      <>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[order.status] ?? ""}`}>
          {order.status}
        </span>
        {order.livemode ? null : <span className="block text-xs text-slate-600">test, not revenue</span>}
      </>
    ),
  },
  {
    header: "Amount",
    className: "whitespace-nowrap",
    cell: (order) => (
      <>
        {formatCents(order.totalCents)} {order.currency.toUpperCase()}
        <span className="block text-xs text-slate-600">
          {order.billingPeriod === "annual" ? "per year" : "per month"}
          {order.couponCode ? ` · ${order.couponCode} −${formatCents(order.discountCents)}` : ""}
        </span>
      </>
    ),
  },
  { header: "Plans", cell: (order) => order.plans },
  {
    header: "Customer",
    cell: (order) => (
      <>
        <VisibleText text={order.fullName} />
        <span className="block text-xs text-slate-600">
          <VisibleText text={order.email} />
        </span>
      </>
    ),
  },
  { header: "Company", cell: (order) => <VisibleText text={order.companyName} /> },
  { header: "Source", className: "min-w-40", cell: (order) => <AttributionSummary attribution={order.attribution} /> },
];

export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  return <DataTable columns={columns} rows={rows} rowKey={(order) => order.id} empty="No orders yet." />;
}
