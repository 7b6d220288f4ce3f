import { isbot } from "isbot";
import type { FunnelEvent } from "~/content/funnel-events";
import { getDb } from "~/db/connection.server";
import { incrementFunnelCounts } from "~/models/insight/funnel.server";
import { clientLimitKey, consumeLimit, limitRules } from "~/services/rate-limit.server";
import { jsonError } from "~/utils/http/api.server";
import { now } from "~/utils/time/clock.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { assertSameOrigin, getRequestId, readRawBody, RequestRejected } from "~/utils/http/request.server";
import { localDate } from "~/utils/time/zoned-time";
import { withTimeout } from "~/utils/with-timeout";

/**
 * ADR 0021: a day's count per step, nothing per visitor. Counting must neither fail nor slow the step it counts:
 * the write is awaited at most this long, then left to finish; a failure is logged, never thrown.
 */
const COUNT_WAIT_MS = 100;

/** In the business's time zone, the one the admin reads. */
export function funnelDay(instant: Date = now()): string {
  return localDate(instant, getEnv().DEMO_TIME_ZONE);
}

export function mayCount(request: Request): boolean {
  const { headers } = request;
  if (headers.get("DNT")?.trim() === "1" || headers.get("Sec-GPC")?.trim() === "1") return false;
  const userAgent = headers.get("User-Agent");
  return Boolean(userAgent?.trim()) && !isbot(userAgent);
}

/** For steps learnt without the visitor's request (e.g. the provider's webhook), where no preference is readable. */
export async function countFunnelEvent(event: FunnelEvent, requestId?: string): Promise<void> {
  const write = incrementFunnelCounts(getDb(), { day: funnelDay() }, [event]).catch((error: unknown) => {
    logger.warn("funnel count failed; the step went on uncounted", { requestId, event, error });
  });
  await withTimeout(write, COUNT_WAIT_MS, () => new Error("funnel count still running")).catch(() => undefined);
}

export async function countFunnelStep(request: Request, event: FunnelEvent): Promise<void> {
  if (mayCount(request)) await countFunnelEvent(event, getRequestId(request));
}

const RELOAD = /(?:^|[\s,])(?:max-age=0|no-cache)(?:$|[\s,;])/i;

/**
 * So a step the page opens counts once: a reload, or a Referer of this same page (Remix revalidating, a form without
 * JavaScript answered by the page) is not an arrival. No header is stored.
 */
export function isArrival(request: Request): boolean {
  if (RELOAD.test(request.headers.get("Cache-Control") ?? "")) return false;
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return true;
  const from = new URL(referer);
  const to = new URL(request.url);
  const ownOrigins = new Set([to.origin, new URL(getEnv().APP_URL).origin]);
  return !(ownOrigins.has(from.origin) && from.pathname === to.pathname && pageQuery(from) === pageQuery(to));
}

/** A page's own query, without the parameters Remix adds to its requests (single fetch's `_routes`, `index`). */
function pageQuery(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("_routes");
  params.delete("index");
  params.sort();
  return params.toString();
}

/**
 * Only what the server cannot see: a shared cache serves most landing views (ADR 0021). Every other step is counted
 * where the server handles it, so a beacon can never inflate it.
 */
const browserEvents = ["landing_view"] as const satisfies readonly FunnelEvent[];
type BrowserEvent = (typeof browserEvents)[number];

const isBrowserEvent = (value: string): value is BrowserEvent => (browserEvents as readonly string[]).includes(value);

// The longest event name is far shorter; a beacon's body is its event name and nothing else.
const BEACON_BODY_LIMIT_BYTES = 64;

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/** The event a beacon (POST, its body) or the `<noscript>` pixel (GET, `?event=`) reports. */
async function reportedEvent(request: Request): Promise<string> {
  const query = new URL(request.url).searchParams.get("event") ?? "";
  if (request.method !== "POST") return query;
  const body = (await readRawBody(request, BEACON_BODY_LIMIT_BYTES)).toString("utf8").trim();
  return body || query;
}

/**
 * An opted-out visitor or a bot gets 204 all the same, so nothing tells them apart. A failure to count is logged and
 * still 204: the beacon is fire-and-forget and nobody could act on an error.
 */
export async function handleEventBeacon(request: Request): Promise<Response> {
  try {
    // Another site's page could otherwise send our visitors' browsers to inflate the count.
    assertSameOrigin(request);
    const event = await reportedEvent(request);
    if (!isBrowserEvent(event)) {
      return jsonError(400, `Unknown event. Known events: ${browserEvents.join(", ")}.`);
    }
    if (!mayCount(request)) return noContent();
    const client = clientLimitKey(request);
    const requestId = getRequestId(request);
    if (client) await consumeLimit(limitRules.eventsClient, client, requestId);
    await countFunnelEvent(event, requestId);
    return noContent();
  } catch (error) {
    if (error instanceof RequestRejected) return jsonError(error.status, error.message, {}, error.headers);
    logger.error("funnel beacon failed; answered 204", { requestId: getRequestId(request), error });
    return noContent();
  }
}
