// Built from the plan catalogue, so search engines see the page's numbers; the browser renders the same.
import { planDescriptions } from "~/content/plan-features";
import { plans } from "~/content/plans";
import { siteTagline } from "~/content/brand-copy";
import type { SiteConfig } from "~/content/site";
import { absoluteUrl } from "~/utils/seo";

export function landingJsonLd(site: SiteConfig): Record<string, unknown>[] {
  const url = absoluteUrl(site, "/");
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${url}#organization`,
    name: site.brandName,
    url,
    logo: absoluteUrl(site, "/favicon.svg"),
    description: siteTagline,
  };
  // unitCode alone says what one payment buys; the seller is the Organization, named once as each Product's brand.
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
  // No FAQPage: search engines show its rich result only for government and health sites (ADR 27).
  return [organization, ...products];
}

/** A data block needs no CSP hash. `<` is escaped so the JSON can never close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
