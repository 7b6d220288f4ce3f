import { Scripts } from "@remix-run/react";
import * as server from "~/deferred/server-only.server";
import { HYDRATION_TEMPLATE_ID } from "~/deferred/hydration-template-id";
import { useFirstScreenOnly } from "~/deferred/document-head";

/**
 * Remix's `<Scripts>`, fetched only after the first paint.
 *
 * The document is complete without JavaScript (every form posts, the dialog lives in the URL), so hydration is
 * an enhancement and must not compete with the first paint: the server parks the preloads and the hydration
 * scripts in an inert `<template>` and an inline script moves them into the document after the first
 * paint (the CSP allows every one of these inline scripts by its hash, ADR 0019); on the shared landing page only the
 * stylesheet comes then, the scripts at the visitor's first move (ADR 0029). Moved there, they are exactly
 * what `<Scripts>` renders in the browser, so hydration matches. See docs/decisions/0006-hydrate-after-first-paint.md.
 * The inserting script's text comes through the seam (./insert-after-first-paint.ts): only the server renders it,
 * so it is not in the browser's first load.
 */
export function HydrationScripts({ stylesheet }: { stylesheet: string }) {
  // The whole stylesheet, where the document inlined only the first screen's rules (ADR 27): moved in first.
  const sharedLandingPage = useFirstScreenOnly();
  const rest = sharedLandingPage ? <link rel="stylesheet" href={stylesheet} /> : null;
  if (typeof document !== "undefined") {
    return (
      <>
        {rest}
        <Scripts />
      </>
    );
  }
  return (
    <>
      <template id={HYDRATION_TEMPLATE_ID}>
        {rest}
        <Scripts />
      </template>
      {/* On the shared landing page the scripts wait for the visitor's first move (ADR 29). */}
      <server.InsertionScript onIntent={sharedLandingPage} />
    </>
  );
}
