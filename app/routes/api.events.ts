import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleEventBeacon } from "~/services/insight/funnel.server";
import { jsonError } from "~/utils/http/api.server";

// The `<noscript>` pixel.
export const loader = ({ request }: LoaderFunctionArgs) => handleEventBeacon(request);

// navigator.sendBeacon.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Only GET and POST are allowed here.", {}, { Allow: "GET, POST" });
  return handleEventBeacon(request);
}
