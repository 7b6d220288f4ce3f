// The first-paint insertion script of ./hydration-scripts.tsx. Only the server renders it (the browser hydrates
// `<Scripts>` directly), so it is reached through the seam, ./server-only.server.tsx, and never lands in the
// browser's first load.
import { HYDRATION_TEMPLATE_ID } from "~/deferred/hydration-template-id";
import { LANDING_VIEW_ATTRIBUTE, LANDING_VIEW_STATEMENTS } from "~/deferred/landing-view-script";
import { compactScript } from "~/utils/compact-script";

/**
 * Script text of a function that calls `run` once, after the browser reports its first contentful paint. A paint
 * entry is the only dependable signal: requestAnimationFrame runs before a frame is presented, not after. The
 * timeout covers browsers without paint timing and tabs that are not being rendered (a hidden tab never paints).
 * The landing page's view beacon (./landing-view-script.ts) waits for it too.
 */
const AFTER_FIRST_PAINT_FUNCTION = `function afterFirstPaint(run) {
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

/**
 * What counts as the visitor's first move on the shared landing page: any pointer, touch, key, wheel or scroll,
 * focus arriving on the page, or a click (assistive technology can activate a link with no pointer or key event).
 * Everything a visitor does starts with one of these; a page that is only being loaded (or measured) sees none.
 */
const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin", "click"];

/**
 * Set on `<html>` at the first move: the sections below the first screen stop skipping their layout (ADR 34,
 * scripts/build-first-screen-css.mjs), so whatever the visitor does next sees the whole page laid out.
 */
const VISITOR_MOVED_ATTRIBUTE = "data-visitor-moved";

/** The attribute that makes the insertion script hold the page's scripts until the visitor's first move. */
export const ON_INTENT_ATTRIBUTE = "data-on-intent";

/**
 * Inserts the template's content once the browser reports its first paint (see AFTER_FIRST_PAINT_FUNCTION). With
 * ON_INTENT_ATTRIBUTE (the shared landing page, ADR 29) only the stylesheet comes then; the scripts wait for the
 * visitor's first move (INTENT_EVENTS), so a page that is only read pays for no JavaScript until it is used. With
 * LANDING_VIEW_ATTRIBUTE it also reports the landing view (./landing-view-script.ts).
 */
export const INSERT_AFTER_FIRST_PAINT = compactScript(`(function () {
  var me = document.currentScript;
  var onIntent = me.hasAttribute(${JSON.stringify(ON_INTENT_ATTRIBUTE)});
  var moved = !onIntent;
  var rest;
  var place;
  var moves = ${JSON.stringify(INTENT_EVENTS)};
  ${AFTER_FIRST_PAINT_FUNCTION}
  // In small batches, one task each: inserting a modulepreload link starts its fetch synchronously, and twenty
  // of them at once blocked the main thread for 10-20 ms. The order is kept, so the scripts still come last.
  function insertBatch() {
    place.before.apply(place, rest.splice(0, 4));
    if (rest.length) setTimeout(insertBatch, 0);
    else place.remove();
  }
  // The scripts go in once the page has painted and (on the shared page) the visitor has moved: called when
  // each happens, so only the later call finds both.
  function release() {
    if (moved && rest) insertBatch();
  }
  // The sections that skipped their layout take their real heights; the browser's scroll anchoring keeps the view.
  function renderWhole() {
    document.documentElement.setAttribute(${JSON.stringify(VISITOR_MOVED_ATTRIBUTE)}, "");
  }
  function firstMove() {
    moves.forEach(function (type) {
      removeEventListener(type, firstMove, true);
    });
    moved = true;
    renderWhole();
    release();
  }
  if (onIntent) {
    moves.forEach(function (type) {
      addEventListener(type, firstMove, { capture: true, passive: true });
    });
    // A history entry shown before (a reload, Back, Forward: the scroll restoration has given it a state) or a load at
    // a #section scrolls, before any move, to a place measured on the whole page: it renders whole from the start.
    // This script runs before the scroll restoration's (app/root.tsx).
    if (history.state || location.hash) renderWhole();
  }
  function afterPaint() {
    var template = document.getElementById(${JSON.stringify(HYDRATION_TEMPLATE_ID)});
    if (!template) return;
    var nodes = Array.prototype.slice.call(document.importNode(template.content, true).childNodes);
    place = document.createComment("");
    template.replaceWith(place);
    // The whole stylesheet now, whatever the visitor does: the sections below the first screen need it.
    var sheets = nodes.filter(function (node) {
      return node.rel === "stylesheet";
    });
    place.before.apply(place, sheets);
    rest = nodes.filter(function (node) {
      return sheets.indexOf(node) < 0;
    });
    release();
  }
  if (me.hasAttribute(${JSON.stringify(LANDING_VIEW_ATTRIBUTE)})) {
    ${LANDING_VIEW_STATEMENTS}
  }
  me.remove();
  afterFirstPaint(afterPaint);
})();`);
