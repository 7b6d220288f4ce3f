import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoRequests, type DemoRequestRow } from "~/db/schema.server";
import { iterateNewestFirst } from "~/models/pagination.server";
import { demoRequestRecordKeys } from "~/models/record-json.server";
import { routingEverSetUp } from "~/models/demo/routing.server";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { csvDownload, type CsvColumn } from "~/utils/csv.server";

// The same fields as a lead's webhooks, and whether it is suspected spam (such a lead has no webhooks).
const columns: CsvColumn<DemoRequestRow>[] = [...demoRequestRecordKeys, "suspectedSpam" as const].map((key) => ({
  header: key,
  value: (row) => row[key],
}));

// Once the business has set up routing (ADR 0057), as in the webhooks: the trade and the trace as JSON.
const routingColumns: CsvColumn<DemoRequestRow>[] = [
  { header: "trade", value: (row) => row.trade },
  { header: "routing", value: (row) => (row.routing ? JSON.stringify(row.routing) : null) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvDownload(
    `demo-requests-${new Date().toISOString().slice(0, 10)}.csv`,
    (await routingEverSetUp()) ? [...columns, ...routingColumns] : columns,
    iterateNewestFirst(demoRequests),
    adminHeaders,
  );
}
