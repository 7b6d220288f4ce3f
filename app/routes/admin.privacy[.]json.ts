import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { lookUpPerson } from "~/services/privacy/person.server";
import { jsonError } from "~/utils/http/api.server";

/** Everything held about `?email=`, as one file to send the person. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const lookup = await lookUpPerson(new URL(request.url));
  if (lookup.state !== "found")
    return jsonError(
      400,
      lookup.state === "invalid" ? lookup.error : "Give the e-mail address as ?email=.",
      {},
      adminHeaders,
    );
  return new Response(`${JSON.stringify(lookup.export, null, 2)}\n`, {
    headers: {
      ...adminHeaders,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${lookup.export.exportedAt.slice(0, 10)}.json"`,
    },
  });
}
