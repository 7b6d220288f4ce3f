import type { LoaderFunctionArgs } from "@remix-run/node";
import type { DemoRequestRow } from "~/db/schema.server";
import { iterateDemoRequests } from "~/models/demo-request.server";
import { adminHeaders, requireAdmin } from "~/services/admin-session.server";
import { attributionCsvColumns } from "~/services/attribution.server";
import { csvDownload, type CsvColumn } from "~/utils/csv.server";

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
  ...attributionCsvColumns<DemoRequestRow>(),
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvDownload("demo-requests", columns, iterateDemoRequests(), adminHeaders);
}
