// The landing page's parts that are not in the first load (see lazy-hydration.tsx).
import { loadedWhenRendered, staticIsland } from "./lazy-hydration";
import * as server from "./lazy-sections.server";

/** Radix Dialog, the checkout schema and the form library: loaded when a URL opens the dialog. */
export const LazyCheckoutDialog = loadedWhenRendered(server.CheckoutDialog, () =>
  import("./checkout/checkout-dialog").then((module) => module.CheckoutDialog),
);

export const StaticTestimonials = staticIsland(server.Testimonials, () =>
  import("./landing/testimonials").then((module) => module.Testimonials),
);

export const StaticFeatureSections = staticIsland(server.FeatureSections, () =>
  import("./landing/feature-sections").then((module) => module.FeatureSections),
);

export const StaticCommunity = staticIsland(server.Community, () =>
  import("./landing/community").then((module) => module.Community),
);
