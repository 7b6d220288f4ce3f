// The shared page's sections below the first screen skip their layout until the visitor's first move (ADR 34): only
// with JavaScript, never for dark sections. After the move the page is laid out whole and the view does not jump; a
// section link, a reload and Back land where they would without the skipping.
import type { Page } from "@playwright/test";
import { expect, isNoJs, test, waitForHydration } from "../support/fixtures";

const MARKED = ["features", "pricing", "demo", "support", "faq"];

/** Each marked section's computed `content-visibility`, by id, and whether the first move has been seen. */
function layoutState(page: Page) {
  return page.evaluate((ids) => {
    const skipping = Object.fromEntries(
      ids.map((id) => [id, getComputedStyle(document.getElementById(id)!).contentVisibility]),
    );
    return { skipping, moved: document.documentElement.hasAttribute("data-visitor-moved") };
  }, MARKED);
}

const everywhere = (value: string) => Object.fromEntries(MARKED.map((id) => [id, value]));

/** How far `#id`'s top is from where following a link to it puts it (its scroll margin below the window's top). */
function offTarget(page: Page, id: string) {
  return page.evaluate((targetId) => {
    const element = document.getElementById(targetId)!;
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    return Math.round(element.getBoundingClientRect().top - margin);
  }, id);
}

test("before the first move the sections below the first screen skip their layout; after it the page is whole", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  if (isNoJs(testInfo)) {
    // Without JavaScript nothing would end the skipping, so nothing skips.
    expect(await layoutState(page)).toEqual({ skipping: everywhere("visible"), moved: false });
    return;
  }
  expect(await layoutState(page)).toEqual({ skipping: everywhere("auto"), moved: false });
  // The first screen, the dark results band and the dark footer are laid out from the start.
  for (const selector of [
    "section:has(#hero-title)",
    "section:has(#testimonials-title)",
    "section:has(#results-title)",
    "footer",
  ]) {
    await expect(page.locator(selector)).toHaveCSS("content-visibility", "visible");
  }

  // A scroll is a first move: the sections above the view take their real heights, and the view stays on pricing.
  await page.evaluate(() =>
    window.scrollTo({
      top: document.getElementById("pricing")!.getBoundingClientRect().top + scrollY,
      behavior: "instant",
    }),
  );
  await expect.poll(() => layoutState(page)).toEqual({ skipping: everywhere("visible"), moved: true });
  expect(
    Math.abs(await page.evaluate(() => document.getElementById("pricing")!.getBoundingClientRect().top)),
  ).toBeLessThanOrEqual(2);
});

test("a section link activated with no pointer or key before it still lands on its section", async ({
  page,
}, testInfo) => {
  test.skip(isNoJs(testInfo), "without JavaScript nothing skips its layout (the test above)");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect((await layoutState(page)).moved).toBe(false);
  // A click alone, as assistive technology may send it: the page is laid out whole before the smooth scroll starts.
  await page
    .locator("#site-header")
    .getByRole("link", { name: "Support", exact: true })
    .evaluate((link) => (link as HTMLElement).click());
  await expect(page).toHaveURL(/#support$/);
  await expect.poll(() => offTarget(page, "support")).toBe(0);
});

test("a reload and Back come back to the same place, laid out whole", async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), "without JavaScript nothing skips its layout (the first test)");
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
  expect(await layoutState(page)).toEqual({ skipping: everywhere("visible"), moved: true });
  await expect.poll(pricingTop, { message: "pricing where it was after the reload" }).toBe(left);

  await page.goto("/privacy");
  await page.goBack();
  // goBack can return on the legal page's own history update (its hydration rewrites the entry's state) before the
  // browser is back home: wait for home itself.
  await page.waitForURL((url) => url.pathname === "/");
  expect(await layoutState(page)).toEqual({ skipping: everywhere("visible"), moved: true });
  await expect.poll(pricingTop, { message: "pricing where it was after Back" }).toBe(left);
});

// A page's first sessionStorage read is a synchronous round trip to the browser process (docs/performance.md); on a
// new history entry there is no stored position to find, so the restoring script (app/deferred/restore-scroll-script.ts)
// only gives the entry its key, which the reload above relies on.
test("a first visit gets its history key without reading the stored scroll positions", async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), "without JavaScript no script runs, and the browser restores the scroll itself");
  await page.addInitScript(() => {
    const reads: string[] = [];
    Object.assign(window, { storageReads: reads });
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      reads.push(key);
      return getItem.call(this, key);
    };
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const state = await page.evaluate(() => ({
    key: (history.state as { key?: unknown } | null)?.key,
    reads: (window as unknown as { storageReads: string[] }).storageReads,
    moved: document.documentElement.hasAttribute("data-visitor-moved"),
  }));
  expect(state).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/), reads: [], moved: false });
});

/** The font size and weight of each element with text of its own: in the demo section, and laid out elsewhere. */
function fontsInUse(page: Page) {
  return page.evaluate(() => {
    const inDemo = new Set<string>();
    const elsewhere = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!node.textContent!.trim() || element.closest("script, style, template, noscript")) continue;
      const style = getComputedStyle(element);
      const font = `${style.fontSize} ${style.fontWeight}`;
      if (element.closest("#demo")) inDemo.add(font);
      else if (!element.closest(".below-first-screen") && element.getClientRects().length) elsewhere.add(font);
    }
    return { inDemo: [...inDemo], elsewhere: [...elsewhere] };
  });
}

// Chrome's autofill lays out every form at DOMContentLoaded, the skipped demo section too; each font it meets that the
// first screen has not costs a synchronous round trip to the browser process (docs/performance.md).
test("until the first move the demo section, laid out early for autofill, uses only fonts the page already has", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const heading = page.locator("#demo-heading");
  if (isNoJs(testInfo)) {
    // Nothing skips without JavaScript: the section has its own fonts from the start.
    await expect(heading).toHaveCSS("font-weight", "700");
    return;
  }
  const before = await fontsInUse(page);
  expect(before.inDemo.length).toBeGreaterThan(0);
  for (const font of before.inDemo) expect(before.elsewhere, font).toContain(font);
  await expect(heading).not.toHaveCSS("font-weight", "700");

  await page.mouse.move(20, 20);
  await expect(heading).toHaveCSS("font-weight", "700");
  await expect(heading).toHaveCSS("font-size", "30px");
  await expect(page.locator('label[for="demo-email"]')).toHaveCSS("font-size", "14px");
});
