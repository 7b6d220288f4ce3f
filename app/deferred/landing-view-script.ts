// The landing page's view beacon (issue #16, ADR 0021), rendered by the server after the page's scripts
// (./hydration-scripts.tsx, through the seam), so its text is in the document, not in the browser's first load.

/** Where views are reported: the beacon POSTs the event name, the `<noscript>` pixel GETs it as a query. */
export const LANDING_VIEW_PIXEL = "/api/events?event=landing_view";

/**
 * Reports one landing view once the page has loaded, so it never competes with the first paint. It removes itself
 * and the `<noscript>` pixel before hydration: the browser's render has neither (only the server renders them).
 */
export const LANDING_VIEW_SCRIPT = `(function () {
  var me = document.currentScript;
  var pixel = me.previousElementSibling;
  if (pixel && pixel.tagName === "NOSCRIPT") pixel.remove();
  me.remove();
  addEventListener("load", function () {
    try {
      if (navigator.sendBeacon) navigator.sendBeacon("/api/events", "landing_view");
    } catch (error) {}
  });
})();`;
