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
  const products = plans.map((plan) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#plan-${plan.id}`,
    name: `${site.brandName} ${plan.name}`,
    description: planDescriptions[plan.id],
    category: "Business CRM software subscription",
    brand: { "@type": "Brand", name: site.brandName },
    offers: [
      {
        "@type": "Offer",
        name: `${plan.name} — monthly`,
        url: absoluteUrl(site, `/?checkout=info&plan=${plan.id}`),
        price: plan.price.toFixed(2),
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        seller: { "@id": organizationId },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: plan.price.toFixed(2),
          priceCurrency: "USD",
          unitCode: "MON",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        },
      },
      {
        "@type": "Offer",
        name: `${plan.name} — annual`,
        url: absoluteUrl(site, `/?checkout=info&plan=${plan.id}&billing=annual`),
        price: plan.annualPrice.toFixed(2),
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        seller: { "@id": organizationId },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: plan.annualPrice.toFixed(2),
          priceCurrency: "USD",
          unitCode: "ANN",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "ANN" },
        },
      },
    ],
  }));
  // No FAQPage: search engines show its rich result only for government and health sites, and it repeated the
  // FAQ's whole text in every shared page (6.5 KB, ADR 27).
  return [organization, ...products];
}
