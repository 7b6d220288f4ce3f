// The site's whole stylesheet as the shared landing page loads it (ADR 27): a file, linked by a <noscript> without
// JavaScript and moved in after the first paint with it, while only the first screen's rules are inline.
import { expect, type Page } from "@playwright/test";

/** Its URL, for `page.route` (to hold it back and see the page with the first screen's rules alone). */
export const wholeStylesheet = /\/build\/_assets\/tailwind-[^/]*\.css$/;

/** Waits until the file's rules apply to `page`. */
export async function waitForWholeStylesheet(page: Page) {
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/build/_assets/"))))
    .toBe(true);
}
