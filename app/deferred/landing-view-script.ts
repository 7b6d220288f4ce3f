// The landing page's view beacon (issue #16, ADR 0021), rendered by the server after the page's scripts
// (./hydration-scripts.tsx, through the seam), so its text is in the document, not in the browser's first load.
// It also notes where a visit to the shared page came from (ADR 0020): see ~/utils/browser-attribution.
import { AFTER_FIRST_PAINT_FUNCTION } from "~/deferred/insert-after-first-paint";
import { demoRequestFormId } from "~/schemas/demo-form-ids";
import { compactScript } from "~/utils/compact-script";

/** Where views are reported: the beacon POSTs the event name, the `<noscript>` pixel GETs it as a query. */
export const LANDING_VIEW_PIXEL = "/api/events?event=landing_view";

/**
 * Reports one landing view once the page has loaded and painted: the page loads before its first paint (its
 * scripts come after it), and a beacon sent at load ended before the paint, which Lighthouse's simulation then
 * counted into the first paint's estimate (+40 ms LCP); it waits as ./insert-after-first-paint.ts does. It removes
 * itself and the `<noscript>` pixel before hydration: the browser's render has neither (only the server renders
 * them).
 *
 * On a page that carries no attribution (the shared one: no query, so no campaign tags), an outside referrer's host
 * is kept in `window.landingReferrer` for the forms' enhanced code, put into the server's demo form at once (for a
 * visitor who sends it before that code arrives), and added to a checkout link as it is followed (the links carry a
 * tagged visit's attribution the same way). The server checks it like any other attribution field.
 */
export const LANDING_VIEW_SCRIPT = compactScript(`(function () {
  var me = document.currentScript;
  var pixel = me.previousElementSibling;
  if (pixel && pixel.tagName === "NOSCRIPT") pixel.remove();
  me.remove();
  try {
    var from = document.referrer ? new URL(document.referrer) : null;
    if (from && from.host !== location.host && !location.search) {
      window.landingReferrer = from.hostname;
      var carried = "&referrer_host=" + encodeURIComponent(from.hostname) + "&landing_path=" + encodeURIComponent(location.pathname);
      document.addEventListener(
        "click",
        function (event) {
          var link = event.target.closest && event.target.closest('a[href^="/?checkout=info"]');
          if (link && link.href.indexOf("landing_path=") < 0) link.href += carried;
        },
        true,
      );
      var form = document.getElementById("${demoRequestFormId}");
      if (form && !form.elements.namedItem("landing_path")) {
        [["referrer_host", from.hostname], ["landing_path", location.pathname]].forEach(function (field) {
          var input = document.createElement("input");
          input.type = "hidden";
          input.name = field[0];
          input.value = field[1];
          form.appendChild(input);
        });
      }
    }
  } catch (error) {}
  ${AFTER_FIRST_PAINT_FUNCTION}
  addEventListener("load", function () {
    afterFirstPaint(function () {
      try {
        if (navigator.sendBeacon) navigator.sendBeacon("/api/events", "landing_view");
      } catch (error) {}
    });
  });
})();`);
