// Sections in the spec's order.
import type { ReactNode } from "react";
import type { BillingPeriod } from "~/content/plans";
import type { SiteConfig } from "~/content/site";
import { Header } from "./header";
import { AiAgents } from "./ai-agents";
import { Hero } from "./hero";
import { Testimonials } from "./testimonials";
import { FeatureSections } from "./feature-sections";
import { Community } from "./community";
import { Faq } from "./faq";
import { Pricing } from "./pricing";
import { Footer } from "./footer";

export type LandingPageProps = {
  billing: BillingPeriod;
  /** Carried into the checkout's links; none on the shared page. */
  attributionQuery?: string;
  checkoutDialog?: ReactNode;
  demoSection: ReactNode;
  site: SiteConfig;
};

export function LandingPage({ billing, attributionQuery, checkoutDialog, demoSection, site }: LandingPageProps) {
  return (
    <>
      <Header site={site} />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {checkoutDialog}
        <Hero attributionQuery={attributionQuery} />
        <Testimonials />
        <AiAgents />
        <FeatureSections brandName={site.brandName} />
        <Pricing billing={billing} attributionQuery={attributionQuery} />
        {demoSection}
        <Community site={site} />
        <Faq />
      </main>
      <Footer site={site} />
    </>
  );
}

export default LandingPage;
