import { Scripts, useLocation, useMatches } from "@remix-run/react";
import * as server from "~/deferred/server-only.server";
import { HYDRATION_TEMPLATE_ID } from "~/deferred/hydration-template-id";
import { demoRequestFormId } from "~/schemas/demo-form-ids";

/** Where views are reported without JavaScript: the `<noscript>` pixel GETs the event as a query (ADR 21). */
const LANDING_VIEW_PIXEL = "/api/events?event=landing_view";

/**
 * Remix's `<Scripts>`, started after the first paint (ADR 40).
 *
 * The document is complete without JavaScript (every form posts, the dialog lives in the URL), so hydration is an
 * enhancement and must not compete with the first paint: the server parks `<Scripts>` in an inert `<template>` and
 * the page's one inline script (./inline/page-scripts.ts, compiled by the build) moves them into the document after
 * the first paint, and on the shared landing page at the visitor's first move (ADR 29). Moved there, they are
 * exactly what `<Scripts>` renders in the browser, so hydration matches.
 */
export function HydrationScripts() {
  const matches = useMatches();
  const { search } = useLocation();
  const landing = matches.find((match) => match.id === "routes/_index")?.data as
    { checkout?: unknown; demo?: { showThanks?: boolean } } | null | undefined;
  const root = matches.find((match) => match.id === "root")?.data as { toast?: unknown } | null | undefined;
  // A checkout step without JavaScript is a new document; the server counts the steps instead (ADR 21).
  const countsView = Boolean(landing) && !new URLSearchParams(search).has("checkout");
  // The page every visitor shares: no query, checkout, thank-you panel or notice to act on before a move.
  const onIntent = countsView && !search && !landing?.checkout && !landing?.demo?.showThanks && !root?.toast;
  if (typeof document !== "undefined") return <Scripts />;
  return (
    <>
      <template id={HYDRATION_TEMPLATE_ID}>
        <Scripts />
      </template>
      {countsView ? (
        <noscript>
          <img src={LANDING_VIEW_PIXEL} alt="" className="sr-only" />
        </noscript>
      ) : null}
      <script
        {...(onIntent ? { "data-on-intent": "" } : {})}
        {...(countsView ? { "data-landing-view": "", "data-demo-form": demoRequestFormId } : {})}
        dangerouslySetInnerHTML={{ __html: server.pageScriptText() }}
      />
    </>
  );
}
