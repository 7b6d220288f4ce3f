import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listDemoRequests, toStoredDemoRequest } from "~/models/demo/request.server";
import { normalizeSearch, parsePage } from "~/models/pagination.server";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { apiErrorResponse, jsonError, jsonOk } from "~/utils/http/api.server";
import { handleDemoRequestApi } from "~/services/demo/request.server";
import { getRequestId, readJson } from "~/utils/http/request.server";

/** Personal data: signed-in admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await requireAdmin(request, { api: true });
    const url = new URL(request.url);
    const list = await listDemoRequests({
      query: normalizeSearch(url.searchParams.get("q")),
      page: parsePage(url.searchParams.get("page")),
    });
    const response = jsonOk({ ...list, items: list.items.map(toStoredDemoRequest) });
    response.headers.set("X-Robots-Tag", adminHeaders["X-Robots-Tag"]);
    return response;
  } catch (error) {
    if (error instanceof Response) return error;
    return apiErrorResponse(error, { requestId: getRequestId(request), route: "GET /api/demo-requests" });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return jsonError(405, "Only POST is allowed here.", {}, { Allow: "GET, POST" });
  }
  try {
    // No Origin check: cross-site JSON needs a CORS preflight this route never grants; non-JSON gets a 415.
    const body = await readJson(request);
    return await handleDemoRequestApi(request, body);
  } catch (error) {
    return apiErrorResponse(error, { requestId: getRequestId(request), route: "api.demo-requests" });
  }
}
