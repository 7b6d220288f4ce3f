import type { AppLoadContext } from "@remix-run/node";

// How long the page a request rendered stays what a new render would give (ADR 0024). A loader whose data changes
// with time or with writes records here, on the request's load context, until when its data holds and how to tell
// that it still does; the shared landing page is answered from its finished copy (server/shared-page.server.ts)
// only while every such limit holds, and re-rendered through Remix otherwise.

const limitsKey = Symbol.for("groundwork.sharedPageLimits");

/** `until`: epoch ms at which the data may change by time alone; `current`: false once it changed otherwise. */
export type PageLimit = { until: number; current: () => boolean };
type LimitHolder = { [limitsKey]?: PageLimit[] };

export function limitSharedPage(context: AppLoadContext | undefined, limit: PageLimit) {
  if (context && typeof context === "object") ((context as LimitHolder)[limitsKey] ??= []).push(limit);
}

export function sharedPageLimits(context: AppLoadContext | undefined): PageLimit[] {
  return (context as LimitHolder | undefined)?.[limitsKey] ?? [];
}
