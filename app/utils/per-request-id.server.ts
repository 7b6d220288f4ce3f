import type { AppLoadContext } from "@remix-run/node";

// Ids that differ per response though the page does not (the demo form's submission id, the checkout dialog's
// attempt id, a toast's id). Recorded on the request's load context so the page cache (ADR 0005) can tell them
// from the page's content and cache the page around them.

const tokensKey = Symbol.for("groundwork.perRequestIds");
type TokenHolder = { [tokensKey]?: string[] };

/**
 * A fresh random id for this one response. Loaders must mint their per-response ids here so the page cache
 * can tell them from the page's content; `context` is the request's load context (a fresh object per request).
 */
export function perRequestId(context: AppLoadContext | undefined): string {
  const id = crypto.randomUUID();
  if (context && typeof context === "object") ((context as TokenHolder)[tokensKey] ??= []).push(id);
  return id;
}

/** The ids minted for this response, in order; the page cache cuts its templates at them. */
export function perRequestIds(context: AppLoadContext | undefined): string[] {
  return (context as TokenHolder | undefined)?.[tokensKey] ?? [];
}
