import type { ActionFunctionArgs } from "@remix-run/node";
import { apiErrorResponse, jsonError } from "~/utils/api.server";
import { handleDemoRequestApi } from "~/utils/demo-request.server";
import { getRequestId, readJson } from "~/utils/request.server";

// The list is personal data; the admin sign-in that may read it arrives with the operator issue.
export async function loader() {
  return jsonError(401, "Sign in as an administrator to list demo requests.");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return jsonError(405, "Only POST is allowed here.", {}, { Allow: "GET, POST" });
  }
  try {
    // No Origin check: this is a JSON API for any client; browsers cannot send it cross-site without
    // a CORS preflight, which this route never grants, and a simple cross-site POST is not JSON (415).
    const body = await readJson(request);
    return await handleDemoRequestApi(request, body);
  } catch (error) {
    return apiErrorResponse(error, { requestId: getRequestId(request), route: "api.demo-requests" });
  }
}
