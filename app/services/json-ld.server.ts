// JSON-LD for the landing page: pure functions of the public site config and the plan catalogue, so the numbers
// search engines see are the numbers on the page. Server-only: crawlers read the server HTML, and hydration keeps
// the script element as the server wrote it, so this builder never needs to reach the browser.
import { planDescriptions } from "~/content/plan-features";
import { plans } from "~/content/plans";
import { siteTagline } from "~/content/brand-copy";
import type { SiteConfig } from "~/content/site";
import { absoluteUrl, canonicalUrl } from "~/utils/seo";

export function landingJsonLd(site: SiteConfig): Record<string, unknown>[] {
  const url = canonicalUrl(site);
  const organizationId = `${url}#organization`;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: site.brandName,
    url,
    logo: absoluteUrl(site, "/favicon.svg"),
    description: siteTagline,
  };
  // A plan's price per month or per year. The unit price's unitCode alone says what one payment buys (a reference
  // quantity of 1 said it twice), and the seller is the Organization above, named once as each Product's brand.
  const offer = (name: string, path: string, price: number, unitCode: "MON" | "ANN") => ({
    "@type": "Offer",
    name,
    url: absoluteUrl(site, path),
    price: price.toFixed(2),
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
    priceSpecification: { "@type": "UnitPriceSpecification", price: price.toFixed(2), priceCurrency: "USD", unitCode },
  });
  const products = plans.map((plan) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#plan-${plan.id}`,
    name: `${site.brandName} ${plan.name}`,
    description: planDescriptions[plan.id],
    category: "Business CRM software subscription",
    brand: { "@type": "Brand", name: site.brandName },
    offers: [
      offer(`${plan.name} — monthly`, `/?checkout=info&plan=${plan.id}`, plan.price, "MON"),
      offer(`${plan.name} — annual`, `/?checkout=info&plan=${plan.id}&billing=annual`, plan.annualPrice, "ANN"),
    ],
  }));
  // No FAQPage: search engines show its rich result only for government and health sites, and it repeated the
  // FAQ's whole text in every shared page (ADR 27).
  return [organization, ...products];
}
