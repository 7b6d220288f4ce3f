import { DataTable, type Column } from "~/components/admin/data-table";
import { formatTimestamp } from "~/components/admin/format";
import { VisibleText } from "~/components/admin/visible-text";
import { AttributionSummary } from "~/components/admin/attribution-summary";
import type { Attribution } from "~/schemas/attribution";
import type { StoredDemoRequest } from "~/schemas/demo-request";

export type AdminDemoRequest = StoredDemoRequest & {
  attribution: Attribution;
  /** The small print agreed to (its wording's version) and where; null through the API. */
  consent: { version: string; page: string | null } | null;
  /** Sent with the form's trap field filled: not e-mailed to sales nor sent to webhooks. */
  suspectedSpam: boolean;
};

const columns: Column<AdminDemoRequest>[] = [
  {
    header: "Received",
    className: "whitespace-nowrap",
    cell: (lead) => <time dateTime={lead.createdAt}>{formatTimestamp(lead.createdAt)}</time>,
  },
  {
    header: "Name",
    cell: (lead) => (
      <>
        <VisibleText text={lead.firstName} /> <VisibleText text={lead.lastName} />
        {lead.suspectedSpam ? (
          <span
            className="mt-1 block w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900"
            title="Sent with the form's hidden trap field filled: not e-mailed to sales, not sent to webhooks."
          >
            Suspected spam
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: "E-mail",
    cell: (lead) => (
      <a href={`mailto:${lead.email}`} className="text-brand-700 underline">
        <VisibleText text={lead.email} />
      </a>
    ),
  },
  { header: "Phone", className: "whitespace-nowrap", cell: (lead) => <VisibleText text={lead.phone} /> },
  { header: "Company", cell: (lead) => <VisibleText text={lead.company} /> },
  { header: "Deals", className: "whitespace-nowrap", cell: (lead) => lead.dealVolume ?? "—" },
  {
    header: "Challenges",
    className: "max-w-md whitespace-pre-line",
    cell: (lead) => (lead.challenges ? <VisibleText text={lead.challenges} multiline /> : "—"),
  },
  { header: "Source", className: "min-w-40", cell: (lead) => <AttributionSummary attribution={lead.attribution} /> },
  {
    header: "Consent",
    className: "whitespace-nowrap",
    cell: (lead) =>
      lead.consent ? (
        <>
          <code className="text-xs">{lead.consent.version}</code>
          <span className="block text-xs text-slate-600">on {lead.consent.page ?? "—"}</span>
        </>
      ) : (
        <span className="text-xs text-slate-600">none (API)</span>
      ),
  },
];

export function DemoRequestsTable({ rows, searched }: { rows: AdminDemoRequest[]; searched: boolean }) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(lead) => lead.id}
      empty={searched ? "No demo requests match this search." : "No demo requests yet."}
      describedBy="demo-requests-heading"
    />
  );
}
