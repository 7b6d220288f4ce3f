import type { ActionFunctionArgs } from "@remix-run/node";
import { handleCheckoutApi } from "~/services/checkout/flow.server";
import { apiErrorResponse, jsonError } from "~/utils/http/api.server";
import { assertSameOrigin, getRequestId, readJson } from "~/utils/http/request.server";

export const loader = () => jsonError(405, "Use POST.", {}, { Allow: "POST" });

/** The spec's JSON call: `{ planIds, planNames, amount, isAnnual, couponCode, userInfo }` → `{ url, orderId }`. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.", {}, { Allow: "POST" });
  try {
    assertSameOrigin(request);
    const body = await readJson(request);
    return await handleCheckoutApi(request, body);
  } catch (error) {
    return apiErrorResponse(error, { requestId: getRequestId(request), route: "api.create-checkout-session" });
  }
}
