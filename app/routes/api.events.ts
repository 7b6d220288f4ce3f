import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleEventBeacon } from "~/services/insight/funnel.server";
import { jsonError } from "~/utils/api.server";

// The landing page's `<noscript>` pixel.
export const loader = ({ request }: LoaderFunctionArgs) => handleEventBeacon(request);

// The landing page's navigator.sendBeacon.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Only GET and POST are allowed here.", {}, { Allow: "GET, POST" });
  return handleEventBeacon(request);
}
