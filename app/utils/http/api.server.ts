import { json } from "@remix-run/node";
import { logger } from "~/utils/logger.server";
import { RequestRejected } from "~/utils/http/request.server";

const apiHeaders = { "Cache-Control": "no-store" };

export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
) {
  return json({ error, ...extra }, { status, headers: { ...apiHeaders, ...headers } });
}

export function jsonOk<T>(data: T, status = 200) {
  return json(data, { status, headers: apiHeaders });
}

/** Anything unexpected is logged and answered without internals. */
export function apiErrorResponse(error: unknown, context: { requestId: string; route: string }) {
  if (error instanceof RequestRejected) return jsonError(error.status, error.message, {}, error.headers);
  logger.error("api request failed", { ...context, error });
  return jsonError(503, "The service is temporarily unavailable. Please try again.", { requestId: context.requestId });
}
