// The landing page's view beacon (issue #16, ADR 0021): a part of the insertion script (./insert-after-first-paint.ts),
// run when the server marks that script with LANDING_VIEW_ATTRIBUTE, so its text is in the document, not in the
// browser's first load. It also notes where a visit to the shared page came from (ADR 0020): see
// ~/utils/browser-attribution.
import { demoRequestFormId } from "~/schemas/demo-form-ids";

/** Where views are reported: the beacon POSTs the event name, the `<noscript>` pixel GETs it as a query. */
export const LANDING_VIEW_PIXEL = "/api/events?event=landing_view";

/** The attribute on the insertion script that makes it report a landing view. */
export const LANDING_VIEW_ATTRIBUTE = "data-landing-view";

/**
 * Statements of the insertion script, with its `me` (the script element) and `afterFirstPaint` in scope. Reports
 * one landing view once the page has loaded and painted: the page loads before its first paint (its scripts come
 * after it), and a beacon sent at load ended before the paint, which Lighthouse's simulation then counted into the
 * first paint's estimate (+40 ms LCP). It removes the `<noscript>` pixel the server puts just before the script:
 * the browser's render has none (only the server renders it), so hydration would not match.
 *
 * On a page that carries no attribution (the shared one: no query, so no campaign tags), an outside referrer's host
 * is kept in `window.landingReferrer` for the forms' enhanced code, put into the server's demo form at once (for a
 * visitor who sends it before that code arrives), and added to a checkout link as it is followed (the links carry a
 * tagged visit's attribution the same way). The server checks it like any other attribution field.
 */
export const LANDING_VIEW_STATEMENTS = `var pixel = me.previousElementSibling;
  if (pixel && pixel.tagName === "NOSCRIPT") pixel.remove();
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
  addEventListener("load", function () {
    afterFirstPaint(function () {
      try {
        navigator.sendBeacon("/api/events", "landing_view");
      } catch (error) {}
    });
  });`;
