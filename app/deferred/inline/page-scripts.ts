// The document's one inline script (ADR 40), compiled and minified by esbuild at build time into
// build/inline/page-scripts.js, which the server inlines after the parked scripts (../hydration-scripts.tsx).
// It runs before the browser bundle exists, so it imports constants only (esbuild copies them in).
import { browserAttributionSlotId } from "../../schemas/demo-form-ids";
import { HYDRATION_TEMPLATE_ID } from "../hydration-template-id";

/** Set by the server on the script element: `on-intent` holds the page's scripts until the visitor's first move. */
const ON_INTENT = "data-on-intent";
/** Set by the server on the landing page: the script reports one landing view (ADR 21). */
const LANDING_VIEW = "data-landing-view";
/** Set by the server: the demo form's id, for the referrer's hidden fields (ADR 20). */
const DEMO_FORM = "data-demo-form";

/**
 * What counts as the visitor's first move on the shared landing page: any pointer, touch, key, wheel or scroll,
 * focus arriving on the page, or a click (assistive technology can activate a link with no pointer or key event).
 * A page that is only being loaded, or read by a tool, sees none of these and runs no application code.
 */
const FIRST_MOVES = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin", "click"];

/**
 * Calls `run` once the browser reports its first contentful paint: a paint entry is the only dependable signal
 * (requestAnimationFrame runs before a frame is presented). The timeout covers browsers without paint timing and
 * hidden tabs, which never paint.
 */
function afterFirstPaint(run: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(once, 0);
    }).observe({ type: "paint", buffered: true });
  } catch {
    once();
  }
  setTimeout(once, 3000);
}

/** Moves the parked scripts into the document, where they run as `<Scripts>` would have. */
function startPageScripts() {
  const template = document.getElementById(HYDRATION_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.replaceWith(document.importNode(template.content, true));
}

/**
 * A visit from another site to the shared page carries no attribution in its URL, so the referrer's host is kept
 * for the checkout dialog (`window.landingReferrer`), added to the demo form at once (hydration keeps them there)
 * and to a checkout link as it is followed. The server checks it like any other
 * attribution field.
 */
function carryReferrer(demoFormId: string | null) {
  const from = document.referrer ? new URL(document.referrer) : null;
  if (!from || from.host === location.host || location.search) return;
  window.landingReferrer = from.hostname;
  const fields: [string, string][] = [
    ["referrer_host", from.hostname],
    ["landing_path", location.pathname],
  ];
  const carried = fields.map(([name, value]) => `&${name}=${encodeURIComponent(value)}`).join("");
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="/?checkout=info"]') : null;
      if (link instanceof HTMLAnchorElement && !link.href.includes("landing_path=")) link.href += carried;
    },
    true,
  );
  const form = demoFormId ? document.getElementById(demoFormId) : null;
  const slot = document.getElementById(browserAttributionSlotId);
  if (!(form instanceof HTMLFormElement) || !slot || form.elements.namedItem("landing_path")) return;
  for (const [name, value] of fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    slot.appendChild(input);
  }
}

/** One landing view, once the page has loaded and painted, so the beacon never competes with the first paint. */
function reportLandingView() {
  addEventListener("load", () =>
    afterFirstPaint(() => {
      try {
        navigator.sendBeacon("/api/events", "landing_view");
      } catch {
        // A view that cannot be reported is not the visitor's problem.
      }
    }),
  );
}

const script = document.currentScript;
if (script) {
  if (script.hasAttribute(LANDING_VIEW)) {
    // The browser's render has no `<noscript>` pixel (only the server renders it), so hydration would not match it.
    const pixel = script.previousElementSibling;
    if (pixel?.tagName === "NOSCRIPT") pixel.remove();
    try {
      carryReferrer(script.getAttribute(DEMO_FORM));
    } catch {
      // A malformed referrer only loses the attribution.
    }
    reportLandingView();
  }
  const onIntent = script.hasAttribute(ON_INTENT);
  // The browser renders no such script element; removed, it cannot upset hydration.
  script.remove();
  let painted = false;
  let moved = !onIntent;
  const release = () => {
    if (painted && moved) startPageScripts();
  };
  if (onIntent) {
    const firstMove = () => {
      for (const type of FIRST_MOVES) removeEventListener(type, firstMove, true);
      moved = true;
      release();
    };
    for (const type of FIRST_MOVES) addEventListener(type, firstMove, { capture: true, passive: true });
  }
  afterFirstPaint(() => {
    painted = true;
    release();
  });
}
