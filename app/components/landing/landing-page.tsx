// Sections in the spec's order.
import type { ReactNode } from "react";
import type { BillingPeriod } from "~/content/plans";
import type { SiteConfig } from "~/content/site";
import { Header } from "./header";
import { AiAgents } from "./ai-agents";
import { Hero } from "./hero";
import { Testimonials } from "./testimonials";
import { Hubs } from "./hubs";
import { Steps } from "./steps";
import { Industries } from "./industries";
import { Results } from "./results";
import { Integrations } from "./integrations";
import { Community } from "./community";
import { Faq } from "./faq";
import { Pricing } from "./pricing";
import { Footer } from "./footer";

export function LandingPage({
  billing,
  attributionQuery,
  checkoutDialog,
  demoSection,
  site,
}: {
  billing: BillingPeriod;
  /** Carried into the checkout's links; none on the shared page. */
  attributionQuery?: string;
  checkoutDialog?: ReactNode;
  demoSection: ReactNode;
  site: SiteConfig;
}) {
  return (
    <>
      <Header site={site} />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {checkoutDialog}
        <Hero attributionQuery={attributionQuery} />
        <Testimonials />
        <AiAgents />
        <Hubs brandName={site.brandName} />
        <Steps />
        <Industries />
        <Results />
        <Integrations />
        <Pricing billing={billing} attributionQuery={attributionQuery} />
        {demoSection}
        <Community site={site} />
        <Faq />
      </main>
      <Footer site={site} />
    </>
  );
}
