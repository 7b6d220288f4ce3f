import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { demoSlotsAnswer, parseDemoSlotsQuery } from "~/services/demo/slots.server";
import { currentHosts, currentRoutingSetup } from "~/services/demo/hosts.server";
import { slotsOffer } from "~/services/demo/routing.server";
import { apiErrorResponse, jsonError } from "~/utils/http/api.server";
import { now } from "~/utils/time/clock.server";
import { getRequestId } from "~/utils/http/request.server";

/** Public and briefly cached: a slot taken meanwhile is still refused at booking (409), so staleness is safe. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const parsed = parseDemoSlotsQuery(new URL(request.url).searchParams);
    if (!parsed.ok) return jsonError(400, parsed.message);
    const [hosts, setup] = await Promise.all([currentHosts(), currentRoutingSetup()]);
    const answer = await demoSlotsAnswer(parsed.query, now(), slotsOffer(parsed.query.answers, hosts, setup));
    return json(answer, { headers: { "Cache-Control": "public, max-age=30" } });
  } catch (error) {
    return apiErrorResponse(error, { requestId: getRequestId(request), route: "api.demo-slots" });
  }
}

export function action() {
  return jsonError(405, "Only GET is allowed here.", {}, { Allow: "GET" });
}
