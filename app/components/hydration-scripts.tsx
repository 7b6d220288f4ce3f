import { Scripts } from "@remix-run/react";

const TEMPLATE_ID = "hydration-scripts";

/**
 * Inserts the template's scripts once the browser reports its first paint. A paint entry is the only
 * dependable signal: requestAnimationFrame runs before a frame is presented, not after. The timeout covers
 * browsers without paint timing and tabs that are not being rendered (a hidden tab never paints).
 */
const INSERT_AFTER_FIRST_PAINT = `(function () {
  var me = document.currentScript;
  var done = false;
  function insert() {
    if (done) return;
    done = true;
    var template = document.getElementById(${JSON.stringify(TEMPLATE_ID)});
    if (!template) return;
    // In small batches, one task each: inserting a modulepreload link starts its fetch synchronously, and twenty
    // of them at once blocked the main thread for 10-20 ms. The order is kept, so the scripts still come last.
    var nodes = Array.prototype.slice.call(document.importNode(template.content, true).childNodes);
    var place = document.createComment("");
    template.replaceWith(place);
    (function insertBatch() {
      place.before.apply(place, nodes.splice(0, 4));
      if (nodes.length) setTimeout(insertBatch, 0);
      else place.remove();
    })();
  }
  me.remove();
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(insert, 0);
    }).observe({ type: "paint", buffered: true });
  } catch (error) {
    insert();
  }
  setTimeout(insert, 3000);
})();`;

/**
 * Remix's `<Scripts>`, fetched only after the first paint.
 *
 * The document is complete without JavaScript (every form posts, the dialog lives in the URL), so hydration is
 * an enhancement and must not compete with the first paint: the server parks the preloads and the hydration
 * scripts in an inert `<template>` and a nonce'd inline script moves them into the document after the first
 * paint. Moved there, they are exactly what `<Scripts>` renders in the browser, so hydration matches. See
 * docs/decisions/0006-hydrate-after-first-paint.md.
 */
export function HydrationScripts({ nonce }: { nonce: string }) {
  if (typeof document !== "undefined") return <Scripts nonce={nonce} />;
  return (
    <>
      <template id={TEMPLATE_ID}>
        <Scripts nonce={nonce} />
      </template>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: INSERT_AFTER_FIRST_PAINT }} />
    </>
  );
}
