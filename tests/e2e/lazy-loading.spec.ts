// What the landing page loads only on demand (see app/components/ui/tooltip.tsx and
// app/components/demo/demo-form-client.ts), and that the hand-over to the loaded code keeps the visitor's place.
import { expect, test } from "../support/fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "code splitting only matters with JS");

test("the first load fetches neither the tooltip nor the form schema; using them does", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await expect(page.locator("#faq button[aria-expanded]").first()).toBeAttached(); // hydrated
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => path.includes("tooltip-impl"))).toBe(false);
  expect(scripts.some((path) => path.includes("demo-request"))).toBe(false);

  await page.locator("#demo-booking").getByLabel("First Name").focus();
  await expect.poll(() => scripts.some((path) => path.includes("demo-request"))).toBe(true);
});

test("a tooltip trigger reached by keyboard keeps focus when the tooltip code replaces it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.locator("#faq button[aria-expanded]").first()).toBeAttached();
  const badge = page.getByRole("button", { name: /^Beta/ }).first();
  await badge.scrollIntoViewIfNeeded();
  await expect(badge).not.toHaveAttribute("data-state", /.*/); // still the plain button
  // Focus the element before it, then Tab onto the badge, as a keyboard user would.
  await badge.evaluate((element) => {
    const all = Array.from(document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea"));
    all[all.indexOf(element as HTMLElement) - 1]?.focus();
  });
  await page.keyboard.press("Tab");
  // The Radix trigger (it carries data-state) has replaced the plain button, and focus stayed on it.
  await expect(badge).toHaveAttribute("data-state", /open|closed/);
  await expect(badge).toBeFocused();
});
