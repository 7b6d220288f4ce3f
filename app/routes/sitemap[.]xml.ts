import { LEGAL_LAST_UPDATED } from "~/content/legal";
import { legalLinks, legalPageIds } from "~/content/legal-links";
import { getPublicEnv } from "~/utils/env.server";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

type SitemapEntry = { path: string; changefreq: "weekly" | "yearly"; priority: string; lastmod?: string };

const entries: SitemapEntry[] = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  ...legalPageIds.map((id): SitemapEntry => ({
    path: legalLinks[id].href,
    changefreq: "yearly",
    priority: "0.3",
    lastmod: LEGAL_LAST_UPDATED,
  })),
];

export function loader() {
  const origin = getPublicEnv().appUrl;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.flatMap((entry) => [
      "  <url>",
      `    <loc>${escapeXml(`${origin}${entry.path}`)}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${entry.lastmod}</lastmod>`] : []),
      `    <changefreq>${entry.changefreq}</changefreq>`,
      `    <priority>${entry.priority}</priority>`,
      "  </url>",
    ]),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
