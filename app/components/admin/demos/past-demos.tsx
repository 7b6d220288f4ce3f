import { Form } from "@remix-run/react";
import { DataTable, type Column } from "~/components/admin/data-table";
import { Pagination } from "~/components/admin/pagination";
import { VisibleText } from "~/components/admin/visible-text";
import {
  demoOutcomeLabels,
  demoOutcomes,
  type PastDemo,
  type PastDemos as PastDemosData,
} from "~/schemas/demo-outcome";
import { formatLongDay } from "~/utils/time/zoned-time";

const outcomeClasses = {
  held: "bg-green-100 text-green-900",
  "no-show": "bg-amber-100 text-amber-900",
  "host-cancelled": "bg-red-100 text-red-900",
} as const;

const columns: Column<PastDemo>[] = [
  {
    header: "When",
    className: "whitespace-nowrap",
    cell: (demo) => (
      <time dateTime={demo.start}>
        <span className="block">{demo.day}</span> <span className="block">{demo.time}</span>
      </time>
    ),
  },
  {
    header: "Demo",
    cell: (demo) => (
      <>
        <VisibleText text={demo.name} /> (<VisibleText text={demo.company} />)
      </>
    ),
  },
  { header: "Host", cell: (demo) => (demo.hostName ? <VisibleText text={demo.hostName} /> : "—") },
  {
    header: "Outcome",
    className: "whitespace-nowrap",
    cell: (demo) => (
      <span
        data-testid="demo-outcome"
        className={
          demo.outcome ? `rounded px-2 py-0.5 text-xs font-semibold ${outcomeClasses[demo.outcome]}` : "text-slate-600"
        }
      >
        {demo.outcome ? demoOutcomeLabels[demo.outcome] : "Not marked"}
      </span>
    ),
  },
  {
    header: "Mark as",
    // A plain form per row, one button per outcome, so it works without JS.
    cell: (demo) => (
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="demo-outcome" />
        <input type="hidden" name="bookingId" value={demo.bookingId} />
        {demoOutcomes.map((outcome) => (
          <button
            key={outcome}
            type="submit"
            name="outcome"
            value={outcome}
            disabled={demo.outcome === outcome}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500"
          >
            {demoOutcomeLabels[outcome]}
            <span className="sr-only">
              {" "}
              for {demo.name}, {demo.day} {demo.time}
            </span>
          </button>
        ))}
      </Form>
    ),
  },
];

export function PastDemos({ data, search }: { data: PastDemosData; search: string }) {
  return (
    <section id="past-demos" aria-labelledby="past-demos-heading">
      <h2 id="past-demos-heading" className="text-xl font-bold text-slate-900">
        Past demos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Booked demos from {formatLongDay(data.from)} to {formatLongDay(data.to)} (the dashboard’s range) whose slot has
        ended, latest first; {data.total === 1 ? "1 demo" : `${data.total} demos`}, times in {data.timeZoneLabel}. Mark
        what became of each one — the dashboard’s show rates count them; a mark can be changed later.
      </p>
      <DataTable
        columns={columns}
        rows={data.items}
        rowKey={(demo) => demo.bookingId}
        empty="No booked demo in this range has ended."
        describedBy="past-demos-heading"
      />
      <Pagination
        label="Past demo pages"
        param="pastPage"
        page={data.page}
        totalPages={data.totalPages}
        search={search}
      />
    </section>
  );
}
