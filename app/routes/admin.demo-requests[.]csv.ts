import type { LoaderFunctionArgs } from "@remix-run/node";
import type { DemoRequestRow } from "~/db/schema.server";
import { iterateDemoRequests } from "~/models/demo-request.server";
import { adminHeaders, requireAdmin } from "~/services/admin-session.server";
import { csvStream, type CsvColumn } from "~/utils/csv.server";

const columns: CsvColumn<DemoRequestRow>[] = [
  { header: "id", value: (row) => row.id },
  { header: "createdAt", value: (row) => row.createdAt },
  { header: "firstName", value: (row) => row.firstName },
  { header: "lastName", value: (row) => row.lastName },
  { header: "email", value: (row) => row.email },
  { header: "phone", value: (row) => row.phone },
  { header: "company", value: (row) => row.company },
  { header: "dealVolume", value: (row) => row.dealVolume },
  { header: "challenges", value: (row) => row.challenges },
  { header: "submissionId", value: (row) => row.submissionId },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(columns, iterateDemoRequests()), {
    headers: {
      ...adminHeaders,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="demo-requests-${date}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
