// Meta tags and JSON-LD for the landing page. Pure functions of the public site config, the FAQ and the
// plan catalogue, so the numbers search engines see are the numbers on the page.
import type { MetaDescriptor } from "@remix-run/node";
import { faqItems } from "~/content/faq";
import { plans } from "~/content/plans";
import { siteCopy, type SiteConfig } from "~/content/site";

export const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

function absolute(site: SiteConfig, path: string) {
  return new URL(path, `${site.appUrl.replace(/\/$/, "")}/`).toString();
}

export function canonicalUrl(site: SiteConfig) {
  return absolute(site, "/");
}

export function landingMeta(site: SiteConfig): MetaDescriptor[] {
  const title = siteCopy.metaTitle(site.brandName);
  const description = siteCopy.metaDescription(site.brandName);
  const url = canonicalUrl(site);
  const image = absolute(site, OG_IMAGE.path);
  const imageAlt = `${site.brandName} — the business-in-a-box CRM for home and property service pros`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}

export function landingJsonLd(site: SiteConfig): Record<string, unknown>[] {
  const url = canonicalUrl(site);
  const organizationId = `${url}#organization`;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: site.brandName,
    url,
    logo: absolute(site, "/favicon.svg"),
    description: siteCopy.tagline,
  };
  const faqPage = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqItems.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  const products = plans.map((plan) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#plan-${plan.id}`,
    name: `${site.brandName} ${plan.name}`,
    description: plan.description,
    category: "Business CRM software subscription",
    brand: { "@type": "Brand", name: site.brandName },
    offers: [
      {
        "@type": "Offer",
        name: `${plan.name} — monthly`,
        url: absolute(site, `/?checkout=info&plan=${plan.id}`),
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
        url: absolute(site, `/?checkout=info&plan=${plan.id}&billing=annual`),
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
  return [organization, faqPage, ...products];
}
