// The shared landing page inlines only the first screen's rules (ADR 27): the whole stylesheet is a file, linked by
// a <noscript> without JavaScript and moved in after the first paint with it. What a visitor sees before that file
// arrives must be what they see after it, at every common window size: the same pixels, in both projects.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { waitForWholeStylesheet, wholeStylesheet } from "../support/whole-stylesheet";

const windows = [
  { width: 360, height: 640 },
  { width: 412, height: 823 }, // Lighthouse's mobile screen
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

/**
 * A screenshot of a page at rest: taken until two in a row are the same, as Playwright's own `toHaveScreenshot`
 * does. A frame caught while the page's scripts hydrate it on a busy machine is not what the visitor is left with.
 */
async function settledScreenshot(page: Page): Promise<Buffer> {
  let previous = await page.screenshot();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.waitForTimeout(100);
    const next = await page.screenshot();
    if (Buffer.compare(previous, next) === 0) return next;
    previous = next;
  }
  throw new Error("the page never stopped changing");
}

async function firstScreen(
  browser: Browser,
  javaScriptEnabled: boolean,
  viewport: (typeof windows)[number],
  withFile: boolean,
) {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  const page = await context.newPage();
  let fileRequested = false;
  await page.route(wholeStylesheet, (route) => {
    fileRequested = true;
    return withFile ? route.continue() : route.abort();
  });
  await page.goto("/", { waitUntil: "load" });
  // With JavaScript the file is linked after the first paint: wait until its rules apply.
  if (withFile) await waitForWholeStylesheet(page);
  const inline = await page.locator("style#page-stylesheet").getAttribute("data-first-screen");
  const shot = await settledScreenshot(page);
  await context.close();
  return { shot, inline, fileRequested };
}

test("the first screen looks the same before and after the whole stylesheet arrives", async ({ browser }, testInfo) => {
  test.setTimeout(240_000); // ten page loads, each in a browser context of its own
  const javaScriptEnabled = testInfo.project.name !== "nojs";
  for (const viewport of windows) {
    const before = await firstScreen(browser, javaScriptEnabled, viewport, false);
    const after = await firstScreen(browser, javaScriptEnabled, viewport, true);
    expect(before.inline, "the page inlines the first screen's rules only").toBe("");
    expect(after.fileRequested, "the whole stylesheet is loaded").toBe(true);
    const size = `${viewport.width}x${viewport.height}`;
    if (Buffer.compare(before.shot, after.shot) !== 0) {
      await testInfo.attach(`without-file-${size}.png`, { body: before.shot, contentType: "image/png" });
      await testInfo.attach(`with-file-${size}.png`, { body: after.shot, contentType: "image/png" });
    }
    expect(Buffer.compare(before.shot, after.shot), size).toBe(0);
  }
});

test("below the first screen the whole stylesheet applies", async ({ page }) => {
  await page.goto("/#pricing");
  await expect(page.locator("#pricing li").first()).toHaveCSS("border-top-left-radius", "16px");
  await expect(page.locator(".faq-trigger").first()).toHaveCSS("display", "flex");
});

// Chrome's autofill reads every form at DOMContentLoaded, which styles and lays out the demo form long before the
// whole stylesheet arrives (docs/performance.md). Its controls must already take the page's font then: the browser's
// own (Arial for fields, monospace for the text area) would cost extra synchronous font lookups on every first load.
test("before the whole stylesheet arrives, the demo form's controls take the page's font", async ({ page }) => {
  await page.route(wholeStylesheet, (route) => route.abort());
  await page.goto("/", { waitUntil: "load" });
  const pageFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(pageFont).toContain("system-ui");
  for (const control of ["#demo-email", "#demo-dealVolume", "#demo-challenges", "#demo-timeZone"]) {
    await expect(page.locator(control), control).toHaveCSS("font-family", pageFont);
  }
});
