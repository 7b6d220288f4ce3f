// The landing page, in both projects (js and nojs): anchors and order, links, the mobile menu, the FAQ,
// annual billing and what the server renders. The tooltip test needs JavaScript and runs in `js` only.
import type { Page } from "@playwright/test";
import { faqItems } from "~/content/faq";
import { annualSavingPercent, plans } from "~/content/plans";
import { defaultSiteConfig } from "~/content/site";
import { expect, loadOnDemandParts, isNoJs, test } from "../support/fixtures";

const webAppUrl = process.env.WEB_APP_URL || defaultSiteConfig.webAppUrl;
const forumUrl = process.env.FORUM_URL || defaultSiteConfig.forumUrl;

/** With JS, waits until React has hydrated and the on-demand parts have swapped in their enhanced controls. */
async function ready(page: Page, nojs: boolean) {
  if (!nojs) await loadOnDemandParts(page);
}

function htmlEscape(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

async function expectNewTab(page: Page, link: ReturnType<Page["locator"]>, href: string) {
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  const rel = (await link.getAttribute("rel")) ?? "";
  expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
}

test.describe("landing page", () => {
  test("every anchor exists once and the sections follow the spec's order", async ({ page }) => {
    await page.goto("/");
    for (const id of ["features", "integrations", "pricing", "demo", "demo-booking", "support"]) {
      await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
    }
    await expect(page.locator("#demo #demo-booking")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveCount(1);

    const order = await page.evaluate(() => {
      const targets = {
        header: document.querySelector("body header"),
        hero: document.querySelector("h1"),
        features: document.getElementById("features"),
        integrations: document.getElementById("integrations"),
        pricing: document.getElementById("pricing"),
        demo: document.getElementById("demo"),
        support: document.getElementById("support"),
        faq: document.getElementById("faq"),
        footer: document.querySelector("body footer"),
      };
      const entries = Object.entries(targets).filter((entry): entry is [string, Element] => entry[1] !== null);
      return entries
        .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
        .map(([name]) => name);
    });
    expect(order).toEqual([
      "header",
      "hero",
      "features",
      "integrations",
      "pricing",
      "demo",
      "support",
      "faq",
      "footer",
    ]);
    await expect(page.locator("main#main-content")).toHaveCount(1);
  });

  test("header and footer links point to the sections; external links open a new tab", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const header = page.locator("body > header, header#site-header").first();
    const mainNav = header.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Integrations", "#integrations"],
      ["Support", "#support"],
    ]) {
      await expect(mainNav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expectNewTab(page, header.getByRole("link", { name: /^Log In/ }).first(), webAppUrl);
    await expect(header.getByRole("link", { name: "See Live Demo" }).first()).toHaveAttribute("href", "#demo");

    const hero = page.locator("section", { has: page.locator("h1") });
    await expect(hero.getByRole("link", { name: /Book a Demo/ })).toHaveAttribute("href", "#demo-booking");
    await expect(hero.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/?checkout=info");

    const footer = page.locator("footer");
    for (const [name, href] of [
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Integrations", "#integrations"],
      ["Book a demo", "#demo"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expectNewTab(page, footer.getByRole("link", { name: /^Help Center/ }), webAppUrl);
    await expectNewTab(page, footer.getByRole("link", { name: /^Community Forum/ }), forumUrl);
    await expectNewTab(page, page.getByRole("link", { name: /^Join the Community/ }), forumUrl);
    await expectNewTab(page, page.getByRole("link", { name: /^Join the Movement/ }), forumUrl);

    // Placeholders are text or disabled controls, never dead links.
    for (const name of ["Live Chat", "Training Resources"]) {
      await expect(footer.getByText(new RegExp(`^${name}`))).toBeVisible();
      await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);
    }
    await expect(footer.getByRole("button", { name: /Facebook/ })).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator('a[href="#"], a:not([href])')).toHaveCount(0);
    await expect(footer).toContainText("© 2024");
    await expect(footer).toContainText("SOC 2");
    await expect(footer).toContainText("256-bit SSL");
  });

  test("a header link scrolls to its section without the sticky header covering the heading", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    const heading = page.locator("#pricing-title");
    await expect(heading).toBeInViewport();
    await expect
      .poll(async () => {
        const headerBottom = await page.locator("#site-header").evaluate((el) => el.getBoundingClientRect().bottom);
        const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
        return headingTop >= headerBottom;
      })
      .toBe(true);
  });

  test("the mobile menu at 375 px opens, and choosing a link closes it (with JavaScript)", async ({
    page,
  }, testInfo) => {
    const nojs = isNoJs(testInfo);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await ready(page, nojs);
    const header = page.locator("#site-header");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    const mobileNav = header.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();

    // One native disclosure with and without JavaScript: its state changes, never its name.
    const toggle = header.locator("summary", { hasText: "Menu" });
    await expect(toggle).toHaveAccessibleName("Menu");
    if (!nojs) await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    if (!nojs) await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(mobileNav.getByRole("link", { name: /^Log In/ })).toHaveAttribute("target", "_blank");
    await expect(mobileNav.getByRole("link", { name: "See Live Demo" })).toHaveAttribute("href", "#demo");

    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    if (!nojs) {
      await expect(mobileNav).toBeHidden();
      await expect(page.locator("#pricing-title")).toBeInViewport();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(mobileNav).toBeVisible();
    }

    // The same control closes it, with and without JS.
    await toggle.click();
    await expect(mobileNav).toBeHidden();
    await expect(page.locator("#pricing-title")).toBeInViewport();
    if (!nojs) {
      // A proper disclosure: Escape closes it and focus returns to the toggle.
      await toggle.click();
      await expect(mobileNav).toBeVisible();
      await mobileNav.getByRole("link", { name: "Features" }).focus();
      await page.keyboard.press("Escape");
      await expect(mobileNav).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    }
  });

  test("the FAQ opens one answer at a time and clicking the open question closes it", async ({ page }, testInfo) => {
    const nojs = isNoJs(testInfo);
    await page.goto("/");
    await ready(page, nojs);
    const faq = page.locator("#faq");
    const trigger = (question: string) =>
      nojs ? faq.locator("summary", { hasText: question }) : faq.getByRole("button", { name: question });
    const answer = (text: string) => faq.getByText(text);
    const [first, second] = faqItems;

    await expect(answer(first.answer)).toBeHidden();
    await trigger(first.question).click();
    await expect(answer(first.answer)).toBeVisible();

    await trigger(second.question).click();
    await expect(answer(second.answer)).toBeVisible();
    await expect(answer(first.answer)).toBeHidden();

    await trigger(second.question).click();
    await expect(answer(second.answer)).toBeHidden();
    await expect(answer(first.answer)).toBeHidden();
    if (!nojs) await expect(trigger(second.question)).toHaveAttribute("aria-expanded", "false");
  });

  test("annual billing shows the annual prices, the true saving and per-plan savings", async ({ page }, testInfo) => {
    const nojs = isNoJs(testInfo);
    await page.goto("/");
    await ready(page, nojs);
    const pricing = page.locator("#pricing");
    const toggle = pricing.getByRole("group", { name: "Billing period" });
    await expect(toggle).toContainText(`Save ${annualSavingPercent}%`);
    expect(annualSavingPercent).toBe(17);
    await expect(pricing).not.toContainText("Save 25%");
    for (const price of ["$247", "$397", "$697"]) await expect(pricing).toContainText(price);

    await toggle.getByRole("link", { name: /^Annual/ }).click();
    await expect(toggle.getByRole("link", { name: /^Annual/ })).toHaveAttribute("aria-current", "true");
    const expected = [
      ["business-builder", "$2,470", "$494"],
      ["scale-master", "$3,970", "$794"],
      ["power-platform", "$6,970", "$1,394"],
    ] as const;
    for (const [id, price, saving] of expected) {
      await expect(page.getByTestId(`price-${id}`)).toHaveText(`${price}/year`);
      await expect(page.getByTestId(`saving-${id}`)).toContainText("Pay 10 months, get 12");
      await expect(page.getByTestId(`saving-${id}`)).toContainText(saving);
      await expect(
        pricing.getByRole("link", { name: `Get Started with ${plans.find((p) => p.id === id)!.name}` }),
      ).toHaveAttribute("href", `/?checkout=info&plan=${id}&billing=annual`);
    }
    await expect(page).toHaveURL(/[?&]billing=annual/);
    await expect(page.locator("#pricing-title")).toBeInViewport();

    await toggle.getByRole("link", { name: "Monthly" }).click();
    await expect(page.getByTestId("price-scale-master")).toHaveText("$397/month");
    await expect(page.getByTestId("saving-scale-master")).toHaveCount(0);
    await expect(pricing.getByRole("link", { name: "Get Started with Scale Master" })).toHaveAttribute(
      "href",
      "/?checkout=info&plan=scale-master",
    );
  });

  test("?billing=annual is rendered by the server", async ({ page }) => {
    await page.goto("/?billing=annual#pricing");
    await expect(page.getByTestId("price-power-platform")).toHaveText("$6,970/year");
    await expect(page.getByTestId("saving-power-platform")).toContainText("$1,394");
  });

  test("the FAQ answers, plan prices and copy are in the server HTML", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const item of faqItems) {
      expect(html).toContain(htmlEscape(item.question));
      expect(html).toContain(htmlEscape(item.answer));
    }
    expect(html).toContain('<details name="faq"');
    for (const plan of plans) {
      expect(html).toContain(htmlEscape(plan.name));
      expect(html).toMatch(new RegExp(`\\$${plan.price}(<!-- -->)?</span>`));
      expect(html).toContain(`href="/?checkout=info&amp;plan=${plan.id}"`);
    }
    expect(html).toContain(`Save ${annualSavingPercent}%`);
    expect(html).not.toContain("Save 25%");
    expect(html).not.toMatch(/lorem ipsum/i);
    for (const claim of ["500+", "5,000+", "over 50 states", "Under 2 hours", "99.99%", "+$200/month"]) {
      expect(html).toContain(claim);
    }
    for (const name of ["Project Agent", "Prospecting Agent", "Content Agent"]) expect(html).toContain(name);
    expect(html).toContain("Rated 5 out of 5");
    expect(html).toContain('type="application/ld+json"');

    const annual = await (await request.get("/?billing=annual")).text();
    for (const figure of ["$2,470", "$3,970", "$6,970", "$494", "$794", "$1,394", "Pay 10 months, get 12"]) {
      expect(annual).toContain(figure);
    }
  });

  test("nothing scrolls sideways at 320 px", async ({ page }) => {
    const sidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
  });
});

test.describe("tooltips", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "tooltips need JS");

  test("a tooltip opens after the 700 ms hover delay (measured in the page) and Escape closes it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await ready(page, false);
    const badge = page.getByRole("button", { name: /^Beta/ }).first();
    await badge.scrollIntoViewIfNeeded();
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toHaveCount(0);

    // Measured inside the page (pointer entering the badge → tooltip in the DOM), so the figure is the
    // app's own delay and not the test runner's overhead; timers never fire early, so the bound holds on a
    // loaded machine.
    await page.evaluate(() => {
      const timing: { enteredAt?: number; shownAt?: number } = {};
      (window as unknown as { __tooltipTiming: typeof timing }).__tooltipTiming = timing;
      document.addEventListener(
        "pointerover",
        (event) => {
          const button = (event.target as Element).closest("button");
          if (timing.enteredAt === undefined && button?.textContent?.trim().startsWith("Beta"))
            timing.enteredAt = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        if (timing.shownAt === undefined && document.querySelector('[role="tooltip"]'))
          timing.shownAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await badge.hover();
    await expect(tooltip).toBeVisible({ timeout: 5_000 });
    const timing = await page.evaluate(
      () => (window as unknown as { __tooltipTiming: { enteredAt?: number; shownAt?: number } }).__tooltipTiming,
    );
    expect(timing.enteredAt, "pointer entered the badge").toBeDefined();
    expect(timing.shownAt! - timing.enteredAt!, "hover delay before the tooltip opened (ms)").toBeGreaterThanOrEqual(
      650,
    );
    await expect(tooltip).toContainText("Beta");

    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
  });

  test("tooltips close when the pointer leaves and when the page scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await ready(page, false);
    const info = page.getByRole("button", { name: "How AI agent pricing works" });
    await info.scrollIntoViewIfNeeded();
    await info.hover();
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toContainText("$200 per month");
    await page.mouse.move(5, 5, { steps: 10 });
    await page.mouse.move(8, 8);
    await expect(tooltip).toHaveCount(0);

    await info.hover();
    await expect(tooltip).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, 200));
    await expect(tooltip).toHaveCount(0);
  });
});
