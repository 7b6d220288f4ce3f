// The first-paint insertion script of ./hydration-scripts.tsx. Only the server renders it (the browser hydrates
// `<Scripts>` directly), so it is reached through the seam, ./server-only.server.tsx, and never lands in the
// browser's first load.
import { HYDRATION_TEMPLATE_ID } from "~/deferred/hydration-template-id";
import { compactScript } from "~/utils/compact-script";

/**
 * Script text of a function that calls `run` once, after the browser reports its first contentful paint. A paint
 * entry is the only dependable signal: requestAnimationFrame runs before a frame is presented, not after. The
 * timeout covers browsers without paint timing and tabs that are not being rendered (a hidden tab never paints).
 * Shared with the landing page's view beacon (./landing-view-script.ts).
 */
export const AFTER_FIRST_PAINT_FUNCTION = `function afterFirstPaint(run) {
    var done = false;
    function once() {
      if (done) return;
      done = true;
      run();
    }
    try {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        setTimeout(once, 0);
      }).observe({ type: "paint", buffered: true });
    } catch (error) {
      once();
    }
    setTimeout(once, 3000);
  }`;

/** Inserts the template's scripts once the browser reports its first paint (see AFTER_FIRST_PAINT_FUNCTION). */
export const INSERT_AFTER_FIRST_PAINT = compactScript(`(function () {
  var me = document.currentScript;
  ${AFTER_FIRST_PAINT_FUNCTION}
  function insert() {
    var template = document.getElementById(${JSON.stringify(HYDRATION_TEMPLATE_ID)});
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
  afterFirstPaint(insert);
})();`);
