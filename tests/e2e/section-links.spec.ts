// Section links (issue #11, item 1), in both projects: every header, hero and footer link to a section of the page
// brings that section into view, every time and in any order (the same link twice included), and Back/Forward
// walk the hash history, each entry showing its section again. With JavaScript the router handles these
// navigations; without it the browser does. The page scrolls smoothly unless the visitor asked for less motion.
import type { Locator, Page } from "@playwright/test";
import { expect, isNoJs, loadOnDemandParts, test } from "../support/fixtures";

/**
 * Waits until the page has come to rest where following `#id` puts it: the element's top at its scroll margin below
 * the top of the viewport, or as far as the page can scroll when the element is too close to the end.
 */
async function expectScrolledTo(page: Page, id: string) {
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect
    .poll(
      () =>
        page.evaluate((targetId) => {
          const element = document.getElementById(targetId);
          if (!element) return `#${targetId} is missing`;
          const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
          const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
          const wanted = Math.round(
            Math.min(Math.max(0, element.getBoundingClientRect().top + window.scrollY - margin), maxScroll),
          );
          return Math.abs(window.scrollY - wanted) <= 2
            ? "at the section"
            : `scrollY ${Math.round(window.scrollY)}, section at ${wanted}`;
        }, id),
      { message: `scrolled to #${id}` },
    )
    .toBe("at the section");
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
}

/** Scrolls somewhere else by hand, so that following a link to the section already shown has to scroll again. */
async function scrollAwayFrom(page: Page, id: string) {
  await page.evaluate((targetId) => {
    const element = document.getElementById(targetId)!;
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top > 1500 ? top - 1200 : top + 1200, behavior: "instant" });
  }, id);
  await expect(page.locator(`[id="${id}"]`)).not.toBeInViewport();
}

/** The scroll position once the page has stopped moving (a smooth scroll may still be running). */
async function restingScrollY(page: Page) {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const resting = now === last;
      last = now;
      return resting;
    })
    .toBe(true);
  return last;
}

/** After Back or Forward: the entry's address, and the page where the visitor left it. */
async function expectHistoryEntry(page: Page, entry: { id: string; position: number }) {
  await expect(page).toHaveURL(new RegExp(`#${entry.id}$`));
  const near = async () => {
    const scrollY = await page.evaluate(() => window.scrollY);
    return Math.abs(scrollY - entry.position) <= 2
      ? "where it was left"
      : `scrollY ${Math.round(scrollY)}, left at ${entry.position}`;
  };
  await expect.poll(near, { message: `position of #${entry.id}` }).toBe("where it was left");
  // It stays there once the page has come to rest.
  await restingScrollY(page);
  expect(await near(), `position of #${entry.id}`).toBe("where it was left");
}

test.describe("section links", () => {
  test("every header, hero and footer section link brings its section into view each time; Back and Forward follow", async ({
    page,
  }, testInfo) => {
    // Thirteen links, each waited on until the page rests, then every entry Back and Forward: about 50 s on a quiet
    // machine already.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    if (!isNoJs(testInfo)) await loadOnDemandParts(page);

    const header = page.locator("#site-header");
    const mainNav = header.getByRole("navigation", { name: "Main" });
    const footerNav = page.locator("footer").getByRole("navigation", { name: "Product" });
    const hero = page.locator("section", { has: page.locator("h1") });
    const steps: Array<{ link: Locator; id: string; again?: boolean }> = [
      { link: mainNav.getByRole("link", { name: "Pricing", exact: true }), id: "pricing" },
      { link: mainNav.getByRole("link", { name: "Integrations", exact: true }), id: "integrations" },
      { link: mainNav.getByRole("link", { name: "Support", exact: true }), id: "support" },
      { link: mainNav.getByRole("link", { name: "Features", exact: true }), id: "features" },
      { link: mainNav.getByRole("link", { name: "Features", exact: true }), id: "features", again: true },
      { link: header.getByRole("link", { name: "See Live Demo" }), id: "demo" },
      { link: footerNav.getByRole("link", { name: "Features", exact: true }), id: "features" },
      { link: footerNav.getByRole("link", { name: "Pricing", exact: true }), id: "pricing" },
      { link: footerNav.getByRole("link", { name: "Pricing", exact: true }), id: "pricing", again: true },
      { link: footerNav.getByRole("link", { name: "Integrations", exact: true }), id: "integrations" },
      { link: footerNav.getByRole("link", { name: "Book a demo", exact: true }), id: "demo" },
      { link: hero.getByRole("link", { name: /Book a Demo/ }), id: "demo-booking" },
      { link: mainNav.getByRole("link", { name: "Support", exact: true }), id: "support" },
    ];

    // Each history entry and the scroll position the visitor left it at (or was at when pressing Back or Forward):
    // Back and Forward bring that position back, as a browser does by itself without JavaScript. Links in the sticky
    // header are clicked where the visitor is; footer and hero links are scrolled into view first, as a visitor would.
    const entries: Array<{ id: string; position: number }> = [];
    for (const { link, id, again } of steps) {
      if (again) await scrollAwayFrom(page, id);
      await link.scrollIntoViewIfNeeded();
      const leftAt = await restingScrollY(page);
      if (entries.length) entries[entries.length - 1].position = leftAt;
      await link.click();
      await expectScrolledTo(page, id);
      const position = await restingScrollY(page);
      // Following the link to the address already shown replaces the entry, as the browser does.
      if (entries.at(-1)?.id === id) entries[entries.length - 1].position = position;
      else entries.push({ id, position });
    }

    for (let index = entries.length - 2; index >= 0; index -= 1) {
      await page.goBack();
      await expectHistoryEntry(page, entries[index]);
    }
    for (let index = 1; index < entries.length; index += 1) {
      await page.goForward();
      await expectHistoryEntry(page, entries[index]);
    }
  });

  test("a section link scrolls smoothly, and jumps for a visitor who asks for less motion", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    if (!isNoJs(testInfo)) await loadOnDemandParts(page);
    const mainNav = page.locator("#site-header").getByRole("navigation", { name: "Main" });

    // From the top to the support section, several thousand pixels down: a smooth scroll passes through the middle.
    // A busy machine can starve the animation of frames until it has finished, so up to three scrolls are watched:
    // a jump never shows a position on the way, however often it is tried.
    let end = 0;
    const watched: number[][] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      if (attempt > 1) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      }
      const smooth = await scrollPositionsWhile(page, () =>
        mainNav.getByRole("link", { name: "Support", exact: true }).click(),
      );
      await expectScrolledTo(page, "support");
      end = await restingScrollY(page);
      expect(end).toBeGreaterThan(2000);
      watched.push(smooth);
      if (smooth.some((y) => y > end * 0.1 && y < end * 0.9)) break;
    }
    expect(
      watched.at(-1)!.some((y) => y > end * 0.1 && y < end * 0.9),
      `positions on the way: ${watched.map((positions) => positions.join(", ")).join(" | ")}`,
    ).toBe(true);

    await page.emulateMedia({ reducedMotion: "reduce" });
    const start = end;
    const jump = await scrollPositionsWhile(page, () =>
      mainNav.getByRole("link", { name: "Features", exact: true }).click(),
    );
    await expectScrolledTo(page, "features");
    const target = await restingScrollY(page);
    const between = (y: number) =>
      y < Math.max(start, target) - 0.1 * Math.abs(start - target) &&
      y > Math.min(start, target) + 0.1 * Math.abs(start - target);
    expect(jump.filter(between), "positions on the way").toEqual([]);
  });

  test("after a section link followed with the keyboard, Tab goes on from that section", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    if (!isNoJs(testInfo)) await loadOnDemandParts(page);
    const mainNav = page.locator("#site-header").getByRole("navigation", { name: "Main" });
    for (const [name, id] of [
      ["Pricing", "pricing"],
      ["Support", "support"],
      // No control inside: Tab goes on to the first one after it.
      ["Integrations", "integrations"],
    ]) {
      await mainNav.getByRole("link", { name, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expectScrolledTo(page, id);
      await page.keyboard.press("Tab");
      const where = await page.evaluate((targetId) => {
        const section = document.getElementById(targetId)!;
        const active = document.activeElement;
        if (!active || active === document.body) return "nothing focused";
        const position = section.compareDocumentPosition(active);
        if (position & Node.DOCUMENT_POSITION_CONTAINED_BY) return "inside the section";
        return position & Node.DOCUMENT_POSITION_FOLLOWING
          ? "after the section"
          : `before it: ${active.outerHTML.slice(0, 80)}`;
      }, id);
      expect(where, `focus after Tab from #${id}`).toBe(
        id === "integrations" ? "after the section" : "inside the section",
      );
    }
  });
});

/**
 * The scroll positions the page passes through while `action` runs and until the page comes to rest: sampled from
 * the test as fast as the page answers, and, where the page runs scripts, also recorded by the page on each scroll
 * event (a busy machine can answer the test's samples too slowly to see a whole smooth scroll; without JavaScript
 * the page runs no listener, so the samples are all there is).
 */
async function scrollPositionsWhile(page: Page, action: () => Promise<unknown>) {
  await page.evaluate(() => {
    const recorder = window as unknown as { scrollPositions?: number[] };
    if (!recorder.scrollPositions)
      window.addEventListener("scroll", () => recorder.scrollPositions!.push(Math.round(window.scrollY)), {
        passive: true,
      });
    recorder.scrollPositions = [];
  });
  const sampled: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) sampled.push(await page.evaluate(() => Math.round(window.scrollY)));
  })();
  await action();
  await restingScrollY(page);
  sampling = false;
  await sampler;
  const recorded = await page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
  return [...sampled, ...recorded];
}
