// Sections in the spec's order.
import { Suspense, type ReactNode } from "react";
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
  // Each section is a Suspense boundary, so React hydrates them one by one and a tap hydrates its own section at
  // once, instead of the whole page in one long task (React 18's selective hydration).
  return (
    <>
      <Suspense>
        <Header site={site} />
      </Suspense>
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {checkoutDialog}
        <Suspense>
          <Hero attributionQuery={attributionQuery} />
        </Suspense>
        <Suspense>
          <Testimonials />
        </Suspense>
        <Suspense>
          <AiAgents />
        </Suspense>
        <Suspense>
          <FeatureSections brandName={site.brandName} />
        </Suspense>
        <Suspense>
          <Pricing billing={billing} attributionQuery={attributionQuery} />
        </Suspense>
        <Suspense>{demoSection}</Suspense>
        <Suspense>
          <Community site={site} />
        </Suspense>
        <Suspense>
          <Faq />
        </Suspense>
      </main>
      <Suspense>
        <Footer site={site} />
      </Suspense>
    </>
  );
}

export default LandingPage;
