// The page the browser renders is the whole page from the start, with or without JavaScript and before any move
// (ADR 40): its text is all there for the visitor and their tools; section links, a reload and Back land where they
// should.
import type { Page } from "@playwright/test";
import { expect, isNoJs, test, waitForHydration, waitForQuietNetwork } from "../support/fixtures";

/** How far `#id`'s top is from where following a link to it puts it (its scroll margin below the window's top). */
function offTarget(page: Page, id: string) {
  return page.evaluate((targetId) => {
    const element = document.getElementById(targetId)!;
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    return Math.round(element.getBoundingClientRect().top - margin);
  }, id);
}

test("before any move, the rendered text holds every section's copy", async ({ page }) => {
  await page.goto("/");
  await waitForQuietNetwork(page);
  // innerText is what the browser rendered: text that skipped its layout or was not rendered yet is missing from it.
  const text = await page.evaluate(() => document.body.innerText);
  for (const copy of [
    "Scale Master",
    "Power Platform",
    "See Groundwork in Action",
    "Schedule My Demo",
    "How long does it take to get set up?",
    "All rights reserved.",
  ]) {
    expect(text, copy).toContain(copy);
  }
  // Nothing was left for a move to reveal: no section skips its layout.
  const skipping = await page.evaluate(
    () =>
      [...document.querySelectorAll("section, footer")].filter(
        (element) => getComputedStyle(element).contentVisibility !== "visible",
      ).length,
  );
  expect(skipping).toBe(0);
});

test("a section link activated with no pointer or key before it still lands on its section", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForQuietNetwork(page);
  // A click alone, as assistive technology may send it.
  await page
    .locator("#site-header")
    .getByRole("link", { name: "Support", exact: true })
    .evaluate((link) => (link as HTMLElement).click());
  await expect(page).toHaveURL(/#support$/);
  await expect.poll(() => offTarget(page, "support")).toBe(0);
});

test("a reload and Back come back to the same place", async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), "Remix's scroll restoration is a script; without JavaScript the browser's own applies");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  // A visitor who has used the page (so Remix's scroll restoration keeps its place) and left it at pricing.
  await waitForHydration(page);
  await page.locator("#pricing").evaluate((section) => section.scrollIntoView({ behavior: "instant" }));
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(2000);
  const pricingTop = () =>
    page.evaluate(() => Math.round(document.getElementById("pricing")!.getBoundingClientRect().top));
  const left = await pricingTop();

  await page.reload();
  await expect.poll(pricingTop, { message: "pricing where it was after the reload" }).toBe(left);

  await page.goto("/privacy");
  await page.goBack();
  // goBack can return on the legal page's own history update (its hydration rewrites the entry's state) before the
  // browser is back home: wait for home itself.
  await page.waitForURL((url) => url.pathname === "/");
  await expect.poll(pricingTop, { message: "pricing where it was after Back" }).toBe(left);
});
