// A control works the same way from its first tap, whenever the page's scripts start and whenever the code of a part
// loaded on demand arrives (ADR 52): the menu toggle, the FAQ and the checkout dialog from a fresh load, and the first
// toast after a demo request, which can be swiped away and reached with F8 at once.
import { faqItems } from "~/content/faq";
import { expect, isNoJs, test } from "../support/fixtures";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  test("the menu toggle opens, closes and reopens with three taps from a fresh load", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("#site-header");
    const mobileNav = header.getByRole("navigation", { name: "Mobile" });
    // No waiting for the scripts: each tap may land before, during or after hydration.
    const toggle = header.locator("summary", { hasText: "Menu" });
    await toggle.tap();
    await expect(mobileNav).toBeVisible();
    await toggle.tap();
    await expect(mobileNav).toBeHidden();
    await toggle.tap();
    await expect(mobileNav).toBeVisible();
  });

  test("the FAQ opens one answer at a time, and a tap on the open question closes it, from a fresh load", async ({
    page,
  }, testInfo) => {
    // A slow phone's CPU widens the moment the accordion's code replaces the native list under the first tap.
    await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto("/#faq");
    const faq = page.locator("#faq");
    // The question's text: a <summary> until the accordion's code arrives, then its button.
    const question = (text: string) => faq.getByText(text, { exact: true });
    const answer = (text: string) => faq.getByText(text);
    const [first, second] = faqItems;
    await question(first.question).tap();
    await expect(answer(first.answer)).toBeVisible();
    if (!isNoJs(testInfo)) {
      // Still open once the accordion has taken over.
      await expect(faq.getByRole("button", { name: first.question })).toHaveAttribute("aria-expanded", "true");
      await expect(answer(first.answer)).toBeVisible();
    }
    await question(second.question).tap();
    await expect(answer(second.answer)).toBeVisible();
    await expect(answer(first.answer)).toBeHidden();
    await question(second.question).tap();
    await expect(answer(second.answer)).toBeHidden();
  });

  test("the checkout dialog opens, closes and reopens with three taps from a fresh load", async ({ page }) => {
    await page.goto("/#pricing");
    const getStarted = page.getByRole("link", { name: "Get Started with Business Builder" });
    const dialog = page.getByRole("dialog");
    await getStarted.tap();
    await expect(dialog.getByRole("heading", { name: "Your Info" })).toBeVisible();
    await dialog.getByRole("link", { name: "Close checkout" }).tap();
    await expect(dialog).toHaveCount(0);
    await getStarted.tap();
    await expect(dialog.getByRole("heading", { name: "Your Info" })).toBeVisible();
  });
});

test("the first toast after a demo request is swiped away past 50 px, and F8 at once focuses it", async ({
  page,
}, testInfo) => {
  test.skip(isNoJs(testInfo), "without JavaScript the toast is the page's status text, with no swipe or F8 to test");
  await page.goto("/#demo-booking");
  const form = page.locator("#demo-booking");
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await form.getByLabel("First Name").fill("Rosa");
  await form.getByLabel("Last Name").fill("Delgado");
  await form.getByLabel("Business Email").fill(`rosa.swipe.${tag}@delgadohvac.com`);
  await form.getByLabel("Phone Number").fill("555-010-4433");
  await form.getByLabel("Company Name").fill("Delgado HVAC");
  await form.getByLabel("None of these times work — contact me").check();
  await form.getByRole("button", { name: "Schedule My Demo" }).click();

  const region = page.getByRole("region", { name: /Notifications \(F8\)/ });
  const shown = region.locator("li").filter({ hasText: "Demo Request Submitted!" });
  await expect(shown).toBeVisible();
  await page.keyboard.press("F8");
  await expect(region.locator("ol")).toBeFocused();

  // A swipe right past the threshold dismisses it (Radix reads pointer events).
  const box = (await shown.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) await page.mouse.move(box.x + 20 + step * 12, y);
  await page.mouse.up();
  await expect(shown).toBeHidden();
});
