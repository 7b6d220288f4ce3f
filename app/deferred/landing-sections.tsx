// The landing page's sections that are not in the first load (see ./README.md). The server renders them from the
// stand-ins in ./server-only.server; the browser loads their code through the import() calls below.
import { loadedWhenRendered, staticIsland } from "./lazy-hydration";
import * as server from "~/deferred/server-only.server";

/** Radix Dialog, the checkout schema and the form library: loaded when a URL opens the dialog. */
export const LazyCheckoutDialog = loadedWhenRendered(
  server.CheckoutDialog,
  () => import("~/components/checkout/checkout-dialog").then((module) => module.CheckoutDialog),
  "#checkout-overlay",
);

/** The first screen's text and two plain links: painted from the server's HTML, nothing to hydrate. */
export const StaticHero = staticIsland(server.Hero, () =>
  import("~/components/landing/hero").then((module) => module.Hero),
);

export const StaticTestimonials = staticIsland(server.Testimonials, () =>
  import("~/components/landing/testimonials").then((module) => module.Testimonials),
);

export const StaticFeatureSections = staticIsland(server.FeatureSections, () =>
  import("~/components/landing/feature-sections").then((module) => module.FeatureSections),
);

export const StaticCommunity = staticIsland(server.Community, () =>
  import("~/components/landing/community").then((module) => module.Community),
);

/** The FAQ's native <details> list; ../components/landing/faq swaps in the Radix Accordion when the visitor nears. */
export const StaticFaqList = staticIsland(
  server.FaqList,
  () => import("~/components/landing/faq-list").then((module) => module.FaqList),
  {},
);

/** The footer's link columns (the social buttons beside them, with their tooltips, are hydrated). */
export const StaticFooterColumns = staticIsland(server.FooterColumns, () =>
  import("~/components/landing/footer-columns").then((module) => module.FooterColumns),
);

/** The footer's brand block and copyright line, around the hydrated social buttons. */
export const StaticFooterBrand = staticIsland(server.FooterBrand, () =>
  import("~/components/landing/footer-brand").then((module) => module.FooterBrand),
);

export const StaticFooterCopyright = staticIsland(server.FooterCopyright, () =>
  import("~/components/landing/footer-brand").then((module) => module.FooterCopyright),
);

/** A pricing card's badge, name and description. */
export const StaticPlanHeading = staticIsland(server.PlanHeading, () =>
  import("~/components/landing/plan-features").then((module) => module.PlanHeading),
);

/** A pricing card's list of what the plan includes (prices and the billing switch around it are hydrated). */
export const StaticPlanFeatures = staticIsland(
  server.PlanFeatureItems,
  () => import("~/components/landing/plan-features").then((module) => module.PlanFeatureItems),
  { as: "ul", className: "mt-6 space-y-3 text-sm text-slate-700" },
);

/** The demo section's left column (what the demo covers): plain markup beside the form. */
export const StaticDemoIntro = staticIsland(server.DemoIntro, () =>
  import("~/components/demo/demo-intro").then((module) => module.DemoIntro),
);

/** The thank-you panel of a booked demo (times, calendar links): plain markup, shown after a booking. */
export const StaticBookedThankYou = staticIsland(server.BookedThankYou, () =>
  import("~/components/demo/demo-booked-thanks").then((module) => module.BookedThankYou),
);

/** The thank-you panel of a request without a booked time: plain markup and its reset form. */
export const StaticRequestThankYou = staticIsland(server.RequestThankYou, () =>
  import("~/components/demo/demo-request-thanks").then((module) => module.RequestThankYou),
);

/** A failure notice rendered with the page (posted without JavaScript); hydration hands it to the toaster. */
export const StaticServerNotice = staticIsland(server.ServerNotice, () =>
  import("~/components/ui/server-notice").then((module) => module.ServerNotice),
);

/** The header's links; the hydrated header around them only adds the narrow screens' menu toggle. */
export const StaticHeaderBar = staticIsland(server.HeaderBar, () =>
  import("~/components/landing/header-links").then((module) => module.HeaderBar),
);

export const StaticMobileMenuLinks = staticIsland(server.MobileMenuLinks, () =>
  import("~/components/landing/header-links").then((module) => module.MobileMenuLinks),
);

/**
 * The demo form as a plain POST form (its fields and the server's time picker): nothing in it needs React until the
 * enhanced form, loaded as the visitor nears, takes it over (../components/demo/demo-section).
 */
export const StaticDemoForm = staticIsland(server.PlainDemoForm, () =>
  import("~/components/demo/demo-form-plain").then((module) => module.PlainDemoForm),
);

/** An AI agent's illustration, inline in the server's HTML (see ../components/landing/agent-details). */
export const StaticAgentImage = staticIsland(server.AgentImage, () =>
  import("~/components/landing/agent-details").then((module) => module.AgentImage),
);

/** What an AI agent does (the card's name and beta badge around it are hydrated, for the badge's tooltip). */
export const StaticAgentSummary = staticIsland(server.AgentSummary, () =>
  import("~/components/landing/agent-details").then((module) => module.AgentSummary),
);

/** A section's eyebrow, title and lead, in the sections that are hydrated (the others render it in their island). */
export const StaticSectionHeading = staticIsland(
  server.SectionHeadingText,
  () => import("~/components/landing/section-heading").then((module) => module.SectionHeadingText),
  // SectionHeading's block (../components/landing/section-heading), written out: a module shared by the first
  // load and a lazy part becomes a file of its own, one more request.
  { className: "mx-auto max-w-3xl text-center" },
);
