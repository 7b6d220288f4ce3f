// The seam: the one `*.server` module that browser-bound code (app/components, app/deferred) may import
// (enforced by ESLint, .eslintrc.cjs). The Remix classic compiler replaces `*.server` modules with empty modules in
// the browser build, so what is imported here runs on the server and never reaches the browser's first load:
// react-dom/server for the static islands, and the components the server renders in place of code the browser
// loads later (through the import() calls in ./landing-sections). See ./README.md and ADR 0006.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export { CheckoutDialog } from "~/components/checkout/checkout-dialog";
export { Hero } from "~/components/landing/hero";
export { AgentImage, AgentSummary } from "~/components/landing/agent-details";
export { SectionHeadingText } from "~/components/landing/section-heading";
export { HeaderBar, MobileMenuLinks } from "~/components/landing/header-links";
export { Testimonials } from "~/components/landing/testimonials";
export { FeatureSections } from "~/components/landing/feature-sections";
export { Community } from "~/components/landing/community";
export { FaqList } from "~/components/landing/faq-list";
export { FooterBrand, FooterCopyright } from "~/components/landing/footer-brand";
export { FooterColumns } from "~/components/landing/footer-columns";
export { PlanFeatureItems, PlanHeading } from "~/components/landing/plan-features";
export { BookedThankYou } from "~/components/demo/demo-booked-thanks";
export { RequestThankYou } from "~/components/demo/demo-request-thanks";
export { DemoIntro } from "~/components/demo/demo-intro";
export { PlainDemoForm } from "~/components/demo/demo-form-plain";
export { NotFound } from "~/components/not-found";
export { IconSprite } from "~/components/landing/icon-sprite";
export { ServerNotice } from "~/components/ui/server-notice";
export { pageScriptText, publicFileText, publicPngDataUrl } from "~/utils/public-file.server";

/** A section's markup as plain HTML, for the static islands of ./lazy-hydration. */
export function renderStaticHtml(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
