// What the landing page route (routes/_index.tsx) needs from the server, through one module: see
// ./root-route.server.ts for why (one stand-in inside the route's chunk instead of one script per shared module).
export { json } from "@remix-run/node";
export { landingAttribution } from "~/services/insight/attribution.server";
export {
  handleCouponStep,
  handleInfoStep,
  handlePayStep,
  handleUpdateStep,
  loadCheckout,
} from "~/services/checkout/flow.server";
export { getDemoSectionState, handleDemoRequestForm, resetDemoForm } from "~/services/demo/request.server";
export { landingJsonLd } from "~/services/json-ld.server";
export { assertSameOrigin, readForm, RequestRejected } from "~/utils/request.server";
export { sharedPageHeaders } from "~/utils/shared-document.server";
