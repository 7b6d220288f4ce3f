import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "~/utils/singleton.server";

/** What every log line written while a request runs carries. */
export type RequestContext = { requestId: string; traceId?: string };

/** Entered by the front door for each request (`run`), so the request's loaders, actions and logs all see it. */
export const requestContext = remember("request context", () => new AsyncLocalStorage<RequestContext>());

/** A proxy's `X-Request-Id` when it is a plain token, or a new one. */
export function requestIdFrom(given: string | undefined): string {
  return given && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}
