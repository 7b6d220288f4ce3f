import type { LoaderFunctionArgs } from "@remix-run/node";
import { listDemoRequests, normalizeSearch, parsePage, serializeDemoRequest } from "~/models/lead.server";
import { adminHeaders, requireAdmin } from "~/utils/admin-session.server";
import { apiErrorResponse, jsonOk } from "~/utils/api.server";
import { getRequestId } from "~/utils/request.server";

/** The list the spec implied: personal data, so only for a signed-in admin (401 JSON otherwise). */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await requireAdmin(request, { api: true });
    const url = new URL(request.url);
    const list = await listDemoRequests({
      query: normalizeSearch(url.searchParams.get("q")),
      page: parsePage(url.searchParams.get("page")),
    });
    const response = jsonOk({ ...list, items: list.items.map(serializeDemoRequest) });
    response.headers.set("X-Robots-Tag", adminHeaders["X-Robots-Tag"]);
    return response;
  } catch (error) {
    if (error instanceof Response) return error;
    return apiErrorResponse(error, { requestId: getRequestId(request), route: "GET /api/demo-requests" });
  }
}
