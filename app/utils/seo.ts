// Runs in the browser too, on client navigations.
import type { MetaDescriptor } from "@remix-run/node";
import { siteCopy, type SiteConfig } from "~/content/site";

export const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export function absoluteUrl(site: SiteConfig, path: string) {
  return new URL(path, `${site.appUrl}/`).toString();
}

export function landingMeta(site: SiteConfig): MetaDescriptor[] {
  const page = {
    path: "/",
    title: siteCopy.metaTitle(site.brandName),
    description: siteCopy.metaDescription(site.brandName),
  };
  return pageMeta(site, page, `${site.brandName} — the business-in-a-box CRM for home and property service pros`);
}

/** With `imageAlt`, the page is shared with the large Open Graph image. */
export function pageMeta(
  site: SiteConfig,
  page: { path: string; title: string; description: string },
  imageAlt?: string,
): MetaDescriptor[] {
  const url = absoluteUrl(site, page.path);
  const image = absoluteUrl(site, OG_IMAGE.path);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.brandName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(imageAlt
      ? [
          { property: "og:image", content: image },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(OG_IMAGE.width) },
          { property: "og:image:height", content: String(OG_IMAGE.height) },
          { property: "og:image:alt", content: imageAlt },
        ]
      : []),
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: imageAlt ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...(imageAlt
      ? [
          { name: "twitter:image", content: image },
          { name: "twitter:image:alt", content: imageAlt },
        ]
      : []),
  ];
}
