// The Privacy Policy, Terms of Service and Security pages, in both projects: linked from the footer, the demo
// form's small print and the checkout's last step; each renders its sections from app/content/legal.ts with its
// own title, description and canonical URL, leads back to the landing page, is listed in the sitemap and is
// axe clean (the `nojs` audit runs in a context that refuses the application's scripts, as in a11y.spec.ts).
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { legalDocument } from "~/content/legal";
import { legalLinks, legalPageIds, type LegalPageId } from "~/content/legal-links";
import { defaultSiteConfig } from "~/content/site";
import { expect, isNoJs, test, waitForHydration } from "../support/fixtures";

const brand = process.env.BRAND_NAME || defaultSiteConfig.brandName;
const appUrl = `http://localhost:${process.env.E2E_PORT}`;

async function expectLegalPage(page: Page, id: LegalPageId) {
  const document = legalDocument(id, brand);
  await expect(page).toHaveURL(`${appUrl}${document.path}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(document.title);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(document.sections.map((section) => section.heading));
  await expect(main).toContainText(document.summary);
  for (const section of document.sections) {
    const first = section.blocks[0];
    const text = "paragraph" in first ? first.paragraph : first.list[0];
    const words = text.map((part) => (typeof part === "string" ? part : part.text)).join("");
    await expect(main.locator(`#${section.id} ~ *`).first()).toContainText(words);
  }
  await expect(page).toHaveTitle(document.metaTitle);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", document.metaDescription);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${appUrl}${document.path}`);
}

function checkoutDialog(page: Page) {
  return page.getByRole("dialog");
}

test.describe("legal pages", () => {
  for (const id of legalPageIds) {
    test(`the footer links to ${legalLinks[id].label}, which renders its sections and leads back home`, async ({
      page,
    }, testInfo) => {
      await page.goto("/");
      if (!isNoJs(testInfo)) await waitForHydration(page);
      const footer = page.locator("footer");
      const link = footer.getByRole("link", { name: legalLinks[id].label, exact: true });
      await expect(link).toHaveAttribute("href", legalLinks[id].href);
      await expect(link).not.toHaveAttribute("target", "_blank");
      await link.click();
      await expectLegalPage(page, id);

      // The page's own footer names the current page and reaches the other two and the landing page's sections.
      const legalNav = page.getByRole("navigation", { name: "Legal & trust" });
      await expect(legalNav.getByRole("link", { name: legalLinks[id].label })).toHaveAttribute("aria-current", "page");
      for (const other of legalPageIds) {
        await expect(legalNav.getByRole("link", { name: legalLinks[other].label })).toHaveAttribute(
          "href",
          legalLinks[other].href,
        );
      }
      await page.getByRole("contentinfo").getByRole("link", { name: "Pricing", exact: true }).click();
      await expect(page).toHaveURL(`${appUrl}/#pricing`);
      await expect(page.locator("#pricing")).toBeInViewport();

      await page.goBack();
      await expectLegalPage(page, id);
      await page.getByRole("banner").getByRole("link", { name: "Back to the home page" }).click();
      await expect(page).toHaveURL(`${appUrl}/`);
      await expect(page.locator("#pricing")).toBeAttached();
    });
  }

  test("the demo form's small print links to the Privacy Policy in a new tab, keeping what was typed", async ({
    page,
    context,
  }, testInfo) => {
    await page.goto("/");
    const booking = page.locator("#demo-booking");
    await booking.scrollIntoViewIfNeeded();
    if (!isNoJs(testInfo)) await expect(booking.locator("form[novalidate]")).toBeAttached();
    const smallPrint = booking.getByText(/agree to receive communications/);
    await expect(smallPrint).toContainText(
      `By submitting this form, you agree to receive communications from ${brand}`,
    );
    await expect(smallPrint).toContainText("You can opt out at any time.");
    await booking.getByLabel("First Name").fill("Dana");
    await booking.getByLabel("Company Name").fill("Whitfield Plumbing & Drain");

    const link = smallPrint.getByRole("link", { name: /^Privacy Policy/ });
    await expect(link).toHaveAttribute("href", "/privacy");
    await expect(link).toHaveAccessibleName("Privacy Policy (opens in a new tab)");
    const [policy] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await expectLegalPage(policy, "privacy");
    await policy.close();

    await expect(booking.getByLabel("First Name")).toHaveValue("Dana");
    await expect(booking.getByLabel("Company Name")).toHaveValue("Whitfield Plumbing & Drain");
  });

  test("the checkout's last step says completing the order accepts the Terms and the Privacy Policy, linking both", async ({
    page,
    context,
  }) => {
    await page.goto("/?checkout=info&plan=scale-master");
    const dialog = checkoutDialog(page);
    await dialog.getByLabel("Company name").fill("Ruiz Roofing");
    await dialog.getByLabel("Full name").fill("Ana Ruiz");
    await dialog.getByLabel("Email").fill("ana@ruizroofing.com");
    await dialog.getByLabel("Phone").fill("+1 555 010 2000");
    await dialog.getByRole("button", { name: "Continue to plans" }).click();
    await expect(page).toHaveURL(/\?checkout=plan$/);

    const notice = dialog.getByText(/^By completing your order you agree to our/);
    await expect(notice).toHaveText(
      "By completing your order you agree to our Terms of Service (opens in a new tab) and Privacy Policy (opens in a new tab).",
    );
    for (const id of ["terms", "privacy"] as const) {
      const link = notice.getByRole("link", { name: new RegExp(`^${legalLinks[id].label}`) });
      await expect(link).toHaveAttribute("href", legalLinks[id].href);
      const [opened] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await expectLegalPage(opened, id);
      await opened.close();
    }
    // The order is still there to complete.
    await expect(dialog.getByRole("checkbox", { name: /Scale Master/ })).toBeChecked();
    await expect(dialog.getByRole("button", { name: "Complete Order" })).toBeEnabled();
  });

  test("the sitemap lists the three pages, and each answers with its canonical URL", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([`${appUrl}/`, ...legalPageIds.map((id) => `${appUrl}${legalLinks[id].href}`)]);
    for (const loc of locs.slice(1)) {
      const response = await request.get(new URL(loc).pathname);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(`<link rel="canonical" href="${loc}"/>`);
    }
  });
});

async function openForAudit(browser: Browser, page: Page, testInfo: TestInfo, path: string, width: number) {
  if (!isNoJs(testInfo)) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    return { page, close: async () => {} };
  }
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: true,
    viewport: { width, height: 900 },
  });
  await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
  const staticPage = await context.newPage();
  await staticPage.goto(path);
  return { page: staticPage, close: () => context.close() };
}

test.describe("legal pages are accessible", () => {
  for (const id of legalPageIds) {
    for (const width of [375, 1280]) {
      test(`axe finds no violations on ${legalLinks[id].href} at ${width} px`, async ({ browser, page }, testInfo) => {
        const audit = await openForAudit(browser, page, testInfo, legalLinks[id].href, width);
        await expect(audit.page.getByRole("heading", { level: 1 })).toHaveText(legalDocument(id, brand).title);
        const results = await new AxeBuilder({ page: audit.page }).analyze();
        expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(20);
        const summary = results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
        }));
        expect(summary, "axe violations").toEqual([]);

        const levels = await audit.page
          .locator("h1, h2, h3, h4, h5, h6")
          .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
        expect(levels[0]).toBe(1);
        expect(levels.filter((level) => level === 1)).toHaveLength(1);
        for (let i = 1; i < levels.length; i++)
          expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
        await audit.close();
      });
    }
  }
});
