// axe-core on the landing page at phone and desktop widths, with and without JavaScript, plus the
// structural checks axe leaves to people: one h1, no skipped heading levels, a working skip link.
//
// axe runs inside the page, which a context with JavaScript disabled cannot do. So the `nojs` project
// audits the page in a JS-enabled context that refuses every application script (/assets/*.js): React never
// hydrates, and what axe sees is exactly the server-rendered, no-JS page.
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, loadOnDemandParts, isNoJs, test } from "../support/fixtures";

async function auditPage(browser: Browser, page: Page, testInfo: TestInfo, width: number) {
  if (!isNoJs(testInfo)) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await loadOnDemandParts(page);
    return { page, nojs: false, close: async () => {} };
  }
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: true,
    viewport: { width, height: 900 },
  });
  await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
  const staticPage = await context.newPage();
  const errors: string[] = [];
  staticPage.on("pageerror", (error) => errors.push(error.message));
  await staticPage.goto("/");
  await expect(staticPage.locator("#faq details")).toHaveCount(6); // not hydrated
  return {
    page: staticPage,
    nojs: true,
    close: async () => {
      await context.close();
      expect(errors).toEqual([]);
    },
  };
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(20);
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary, "axe violations").toEqual([]);
}

for (const width of [375, 1280]) {
  test(`axe finds no violations on / at ${width} px`, async ({ browser, page }, testInfo) => {
    const audit = await auditPage(browser, page, testInfo, width);
    await expectNoViolations(audit.page);
    await audit.close();
  });
}

test("axe finds no violations with the mobile menu and an FAQ answer open", async ({ browser, page }, testInfo) => {
  const audit = await auditPage(browser, page, testInfo, 375);
  const faq = audit.page.locator("#faq");
  await (audit.nojs ? faq.locator("summary").first() : faq.getByRole("button").first()).click();
  const header = audit.page.locator("#site-header");
  await header.locator("summary", { hasText: "Menu" }).click();
  await expect(header.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoViolations(audit.page);
  await audit.close();
});

test("one h1 and no skipped heading levels", async ({ page }, testInfo) => {
  await page.goto("/");
  if (!isNoJs(testInfo)) await loadOnDemandParts(page);
  const levels = await page
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute("href", "#main-content");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main-content$/);
});
