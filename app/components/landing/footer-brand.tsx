import { copyrightYear, siteTagline } from "~/content/brand-copy";
import type { SiteConfig } from "~/content/site";
import { LogoMark } from "./icons";

export function FooterBrand({ site }: { site: SiteConfig }) {
  return (
    <>
      <p className="flex items-center gap-2 text-lg font-bold text-white">
        <LogoMark className="h-8 w-8" />
        {site.brandName}
      </p>
      <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-300">{siteTagline}</p>
    </>
  );
}

export function FooterCopyright({ site }: { site: SiteConfig }) {
  return (
    <p>
      © {copyrightYear} {site.brandName}. All rights reserved.
    </p>
  );
}
