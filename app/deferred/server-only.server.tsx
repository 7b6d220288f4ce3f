// The seam: the one `*.server` module that browser-bound code (app/components, app/deferred) may import
// (enforced by ESLint, .eslintrc.cjs). The Remix classic compiler replaces `*.server` modules with empty modules in
// the browser build, so what is imported here runs on the server and never reaches the browser's first load:
// react-dom/server for the static islands, and the components the server renders in place of code the browser
// loads later (through the import() calls in ./landing-sections). See ./README.md and ADR 0006.
import { useLocation, useMatches } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { INSERT_AFTER_FIRST_PAINT, ON_INTENT_ATTRIBUTE } from "~/deferred/insert-after-first-paint";
import { LANDING_VIEW_ATTRIBUTE, LANDING_VIEW_PIXEL } from "~/deferred/landing-view-script";
import { RESTORE_SCROLL_SCRIPT } from "~/deferred/restore-scroll-script";
import { firstScreenStylesheetText } from "~/utils/public-file.server";

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
export { publicFileText, publicPngDataUrl } from "~/utils/public-file.server";

/**
 * The first screen's stylesheet when this document is the plain landing page (ADR 27): no checkout step, thank-you
 * panel or notice, which the first screen would show, and a built first-screen stylesheet to inline. Otherwise
 * undefined, and the document inlines the whole stylesheet.
 */
export function useFirstScreenStylesheet(): string | undefined {
  const matches = useMatches();
  const { search } = useLocation();
  const landing = matches.find((match) => match.id === "routes/_index")?.data as
    { checkout?: unknown; demo?: { showThanks?: boolean } } | undefined;
  const root = matches.find((match) => match.id === "root")?.data as { toast?: unknown } | undefined;
  if (!landing || search || landing.checkout || landing.demo?.showThanks || root?.toast) return undefined;
  return firstScreenStylesheetText();
}

/** A section's markup as plain HTML, for the static islands of ./lazy-hydration. */
export function renderStaticHtml(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

/**
 * The first-paint insertion script (./insert-after-first-paint.ts), rendered after the page's template by
 * ./hydration-scripts.tsx; `onIntent` on the shared landing page (ADR 29). On the landing page, but not while the URL
 * has the checkout open (a checkout step without JavaScript is a new document; the steps are counted by the server
 * instead), it also reports the landing view (ADR 0021), and a `<noscript>` pixel before it does without JavaScript.
 */
export function InsertionScript({ onIntent }: { onIntent: boolean }) {
  const onLanding = useMatches().some((match) => match.id === "routes/_index");
  const checkoutOpen = new URLSearchParams(useLocation().search).has("checkout");
  const countsView = onLanding && !checkoutOpen;
  return (
    <>
      {countsView ? (
        <noscript>
          <img src={LANDING_VIEW_PIXEL} alt="" className="sr-only" />
        </noscript>
      ) : null}
      <script
        {...(onIntent ? { [ON_INTENT_ATTRIBUTE]: "" } : {})}
        {...(countsView ? { [LANDING_VIEW_ATTRIBUTE]: "" } : {})}
        dangerouslySetInnerHTML={{ __html: INSERT_AFTER_FIRST_PAINT }}
      />
    </>
  );
}

/** The scroll-restoring script at the end of every document (./scroll-restoration.tsx, ./restore-scroll-script.ts). */
export function RestoreScrollScript() {
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCROLL_SCRIPT }} />;
}
