// SEO output: meta tags, JSON-LD (parsed and checked against the FAQ and the plan catalogue), robots.txt
// and sitemap.xml from their resource-route loaders.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonLd, landingJsonLd } from "~/components/landing/json-ld";
import { LEGAL_LAST_UPDATED, legalDocument } from "~/content/legal";
import { legalPageIds } from "~/content/legal-links";
import { faqItems } from "~/content/faq";
import { plans } from "~/content/plans";
import type { SiteConfig } from "~/content/site";
import * as privacyRoute from "~/routes/privacy";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import * as securityRoute from "~/routes/security";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import * as termsRoute from "~/routes/terms";
import { landingMeta } from "~/utils/seo";
import { forget } from "~/utils/singleton.server";

const site: SiteConfig = {
  brandName: "Groundwork",
  appUrl: "https://www.groundworkcrm.com",
  webAppUrl: "https://app.groundworkcrm.com",
  forumUrl: "https://community.groundworkcrm.com",
};

type Node = Record<string, unknown>;

function resetEnv() {
  forget("env");
}

describe("landing meta", () => {
  const meta = landingMeta(site) as Node[];
  const byKey = (key: string, value: string) => meta.find((entry) => entry[key] === value);

  it("has a title, a description and a canonical URL from the config", () => {
    const title = meta.find((entry) => "title" in entry)?.title as string;
    expect(title).toContain("Groundwork");
    expect(title.length).toBeLessThanOrEqual(70);
    const description = byKey("name", "description")?.content as string;
    expect(description.length).toBeGreaterThan(70);
    expect(description.length).toBeLessThanOrEqual(170);
    expect(byKey("rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.groundworkcrm.com/",
    });
  });

  it("has Open Graph and Twitter cards with the local 1200x630 image as an absolute URL", () => {
    expect(byKey("property", "og:image")?.content).toBe("https://www.groundworkcrm.com/og-image.png");
    expect(byKey("property", "og:image:width")?.content).toBe("1200");
    expect(byKey("property", "og:image:height")?.content).toBe("630");
    expect(byKey("property", "og:url")?.content).toBe("https://www.groundworkcrm.com/");
    expect(byKey("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(byKey("name", "twitter:image")?.content).toBe("https://www.groundworkcrm.com/og-image.png");
  });
});

describe("legal page meta", () => {
  const routes = { privacy: privacyRoute, terms: termsRoute, security: securityRoute };
  beforeAll(() => {
    resetEnv();
    process.env.APP_URL = "https://www.groundworkcrm.com";
  });
  afterAll(() => {
    delete process.env.APP_URL;
    resetEnv();
  });

  for (const id of legalPageIds) {
    it(`/${id} has its own title, description and canonical URL from the config`, async () => {
      const route = routes[id];
      const data = await route.loader().json();
      const meta = route.meta({ data } as Parameters<typeof route.meta>[0]) as Node[];
      const byKey = (key: string, value: string) => meta.find((entry) => entry[key] === value);
      const document = legalDocument(id, site.brandName);
      const title = meta.find((entry) => "title" in entry)?.title as string;
      expect(title).toBe(document.metaTitle);
      expect(title).toContain("Groundwork");
      expect(title.length).toBeLessThanOrEqual(70);
      const description = byKey("name", "description")?.content as string;
      expect(description).toBe(document.metaDescription);
      expect(description.length).toBeGreaterThan(70);
      expect(description.length).toBeLessThanOrEqual(170);
      expect(byKey("rel", "canonical")).toEqual({
        tagName: "link",
        rel: "canonical",
        href: `https://www.groundworkcrm.com/${id}`,
      });
      expect(byKey("property", "og:url")?.content).toBe(`https://www.groundworkcrm.com/${id}`);
      expect(byKey("property", "og:title")?.content).toBe(title);
    });
  }
});

describe("JSON-LD", () => {
  // Round-trip through the rendered <script> so the test checks what crawlers actually parse.
  const html = renderToStaticMarkup(createElement(JsonLd, { data: landingJsonLd(site) }));
  const parsed = JSON.parse(/<script[^>]*>([\s\S]*)<\/script>/.exec(html)![1]) as Node[];

  it("renders as an application/ld+json data block (never run, so the CSP needs no hash for it)", () => {
    expect(html).toMatch(/^<script type="application\/ld\+json">/);
  });

  it("escapes < so the data can never close the script element", () => {
    const markup = renderToStaticMarkup(
      createElement(JsonLd, { data: { text: "</script><script>alert(1)</script>" } }),
    );
    expect(markup).not.toContain("</script><script>");
    expect(JSON.parse(/<script[^>]*>([\s\S]*)<\/script>/.exec(markup)![1])).toEqual({
      text: "</script><script>alert(1)</script>",
    });
  });

  it("describes the organization", () => {
    const org = parsed.find((node) => node["@type"] === "Organization")!;
    expect(org["@context"]).toBe("https://schema.org");
    expect(org.name).toBe("Groundwork");
    expect(org.url).toBe("https://www.groundworkcrm.com/");
  });

  it("has no FAQPage: the FAQ's text is in the page once (ADR 27)", () => {
    expect(parsed.map((node) => node["@type"])).not.toContain("FAQPage");
    expect(JSON.stringify(parsed)).not.toContain(faqItems[0].answer);
  });

  it("has a Product per plan whose offers carry the catalogue's USD prices", () => {
    const products = parsed.filter((node) => node["@type"] === "Product");
    expect(products).toHaveLength(3);
    const expected = { "business-builder": [247, 2470], "scale-master": [397, 3970], "power-platform": [697, 6970] };
    for (const plan of plans) {
      const product = products.find((node) => String(node["@id"]).endsWith(`#plan-${plan.id}`))!;
      expect(product.name).toBe(`Groundwork ${plan.name}`);
      const offers = product.offers as Node[];
      expect(offers.map((offer) => offer["@type"])).toEqual(["Offer", "Offer"]);
      expect(offers.map((offer) => offer.priceCurrency)).toEqual(["USD", "USD"]);
      expect(offers.map((offer) => Number(offer.price))).toEqual([plan.price, plan.annualPrice]);
      expect(offers.map((offer) => Number(offer.price))).toEqual(expected[plan.id]);
      expect(offers.map((offer) => (offer.priceSpecification as Node).unitCode)).toEqual(["MON", "ANN"]);
    }
  });
});

describe("robots.txt and sitemap.xml", () => {
  beforeAll(() => {
    resetEnv();
    process.env.APP_URL = "https://www.groundworkcrm.com";
  });
  afterAll(() => {
    delete process.env.APP_URL;
    resetEnv();
  });

  it("robots.txt allows the page, keeps crawlers out of private paths and names the sitemap", async () => {
    const response = robotsLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    const lines = body.split("\n").filter(Boolean);
    expect(lines[0]).toBe("User-agent: *");
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Sitemap: https://www.groundworkcrm.com/sitemap.xml");
  });

  it("sitemap.xml is a well-formed urlset listing the canonical home page and the three legal pages", async () => {
    const response = sitemapLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const body = await response.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      "https://www.groundworkcrm.com/",
      "https://www.groundworkcrm.com/privacy",
      "https://www.groundworkcrm.com/terms",
      "https://www.groundworkcrm.com/security",
    ]);
    // The legal pages carry the date their text last changed; the home page changes too often for one.
    const urls = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]);
    expect(urls[0]).not.toContain("<lastmod>");
    for (const url of urls.slice(1)) expect(url).toContain(`<lastmod>${LEGAL_LAST_UPDATED}</lastmod>`);
    expect(LEGAL_LAST_UPDATED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Balanced tags: every opened element is closed, in order.
    const stack: string[] = [];
    for (const [, closing, name] of body.matchAll(/<(\/?)([a-z]+)[^>?]*>/g)) {
      if (closing) expect(stack.pop()).toBe(name);
      else stack.push(name);
    }
    expect(stack).toEqual([]);
  });

  it("an APP_URL written with a trailing slash gives the same links, with no double slash", async () => {
    process.env.APP_URL = "https://www.groundworkcrm.com/";
    resetEnv();
    try {
      expect(await robotsLoader().text()).toContain("Sitemap: https://www.groundworkcrm.com/sitemap.xml\n");
      const locs = [...(await sitemapLoader().text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locs[1]).toBe("https://www.groundworkcrm.com/privacy");
    } finally {
      process.env.APP_URL = "https://www.groundworkcrm.com";
      resetEnv();
    }
  });
});
