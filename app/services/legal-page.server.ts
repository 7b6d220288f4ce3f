import type { MetaDescriptor } from "@remix-run/node";
import { legalDocument, type LegalPageView } from "~/content/legal";
import { legalLinks, legalPageIds, type LegalPageId } from "~/content/legal-links";
import { footerNav } from "~/content/navigation";
import { copyrightYear } from "~/content/brand-copy";
import { getPublicEnv, getRetentionPolicy } from "~/utils/env.server";
import { pageMeta } from "~/utils/seo";

export type LegalPageData = LegalPageView & { meta: MetaDescriptor[] };

/** Built on the server: a module shared with the landing page would add a chunk to that page's first load. */
export function legalPageData(id: LegalPageId): LegalPageData {
  const site = getPublicEnv();
  const document = legalDocument(id, site.brandName, getRetentionPolicy());
  return {
    current: id,
    document,
    meta: pageMeta(site, { path: document.path, title: document.metaTitle, description: document.metaDescription }),
    brandName: site.brandName,
    copyrightYear,
    // The landing page's sections, reached from here through their anchors on "/".
    homeLinks: [
      { href: "/", label: "Home" },
      ...footerNav.map((item) => ({ href: `/${item.href}`, label: item.label })),
    ],
    legalNav: legalPageIds.map((pageId) => ({ id: pageId, ...legalLinks[pageId] })),
  };
}
