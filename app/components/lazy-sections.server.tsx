// The server renders these from here. The browser build empties `*.server` modules, so their code reaches the
// browser only through the lazy imports in lazy-sections.tsx.
export { CheckoutDialog } from "./checkout/checkout-dialog";
export { Testimonials } from "./landing/testimonials";
export { FeatureSections } from "./landing/feature-sections";
export { Community } from "./landing/community";
