// What the landing page loads only on demand (ADR 52: React.lazy parts, the `*.lazy` modules and the demo schema),
// and that hydration and the loaded code keep the visitor's place.
import type { Page } from "@playwright/test";

import { expect, test, waitForHydration, waitForQuietNetwork } from "../support/fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "code splitting only matters with JS");

test("the first load fetches only what the first screen needs; the rest loads as the visitor nears it", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // A chunk is its module's name and an 8-character hash: "demo-request" is not "demo-request-fields".
  const fetched = (name: string) => scripts.some((path) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(path));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/");
  await waitForHydration(page);
  await waitForQuietNetwork(page);
  // Deferred code (the `*.lazy` modules, the form schema, the checkout dialog) is not part of the first load.
  const deferred = ["tooltip.lazy", "demo-request", "demo-slot-picker.lazy", "faq-accordion.lazy", "checkout-dialog"];
  for (const name of deferred) expect(fetched(name), name).toBe(false);
  // Scrolled near, the FAQ's code loads and the native <details> become the Radix Accordion.
  await page.evaluate(() => document.getElementById("faq")!.scrollIntoView({ behavior: "instant" }));
  await expect(page.locator("#faq button[aria-expanded]").first()).toBeAttached();
  expect(fetched("faq-accordion.lazy")).toBe(true);

  // The demo form hydrated with the page; its calendar picker loads when the visitor heads there, its schema on the
  // first focus in the form.
  await expect(page.locator("#demo-booking form[novalidate]")).toBeAttached();
  await page.evaluate(() => document.getElementById("demo")!.scrollIntoView({ behavior: "instant" }));
  await expect(page.locator("#demo-booking [role=tablist]")).toBeAttached();
  expect(fetched("demo-slot-picker.lazy")).toBe(true);
  expect(fetched("demo-request")).toBe(false);
  await page.locator("#demo-booking").getByLabel("First Name").focus();
  await expect.poll(() => fetched("demo-request")).toBe(true);
});

test("the page loads with Remix's own scripts and hydrates without waiting for a move", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  // Nothing parks the scripts or waits on a global: Remix's <Scripts> are in the document as it arrives.
  await expect(page.locator("template script")).toHaveCount(0);
  await waitForHydration(page);
  expect(scripts.some((path) => /^\/assets\/entry\.client-/.test(path))).toBe(true);

  // A document that opens the checkout dialog hydrates it with the page.
  const fresh = await page.context().newPage();
  await fresh.goto("/?checkout=info");
  await waitForHydration(fresh);
  await expect(fresh.getByRole("dialog")).toBeVisible();
  await fresh.close();
});

test("what a visitor typed or chose before the page hydrated is kept, and so is their focus", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // Hold the page's code back until the visitor has typed.
  const release = await holdModule(page, pageModule);
  await page.goto("/", { waitUntil: "domcontentloaded" }); // the held module holds the load event
  await page.mouse.move(1, 1);
  const firstName = page.locator("#demo-booking").getByLabel("First Name");
  const dealVolume = page.locator("#demo-booking").getByLabel("Monthly deal volume");
  const noTime = page.locator("#demo-booking").getByLabel("None of these times work — contact me");
  await dealVolume.selectOption("11-25");
  await noTime.check();
  await firstName.fill("Marisol");
  await expect(page.locator("#demo-booking form[novalidate]")).toHaveCount(0); // not hydrated yet
  release();
  await expect(page.locator("#demo-booking form[novalidate]")).toBeAttached();
  await expect(dealVolume).toHaveValue("11-25");
  await expect(noTime).toBeChecked();
  await expect(firstName).toHaveValue("Marisol");
  await expect(firstName).toBeFocused();
  // The key brings the calendar picker in place of the server's, and the choice made there carries over.
  await page.keyboard.type(" Reyes");
  await expect(firstName).toHaveValue("Marisol Reyes");
  await expect(page.locator("#demo-booking [role=tablist]")).toBeAttached();
  await expect(noTime).toBeChecked();
});

test("a tooltip trigger reached by keyboard keeps focus when the tooltip code replaces it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await waitForHydration(page);
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

test("before the page's code arrives, the browser posts the form itself and it shows the server's field errors", async ({
  page,
  sql,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.route(pageModule, () => {}); // never arrives
  await page.goto("/", { waitUntil: "domcontentloaded" }); // the held module holds the load event
  const form = page.locator("#demo-booking");
  const email = `no.lib.${Date.now().toString(36)}@example.com`;
  await form.getByLabel("First Name").fill("Ines");
  await form.getByLabel("Last Name").fill("Duarte");
  await form.getByLabel("Business Email").fill(email);
  await form.getByLabel("Phone Number").fill("call me"); // the browser accepts it, the schema does not
  await form.getByLabel("Company Name").fill("Duarte Roofing");
  // "None of these times work" (optional since ADR 23; the choice survives the refused post).
  await form.getByLabel("None of these times work — contact me").check();
  await page.evaluate(() => ((window as unknown as { __beforePost?: boolean }).__beforePost = true));
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.request().method() === "POST"),
    form.getByRole("button", { name: "Schedule My Demo" }).click(),
  ]);
  expect(response.status()).toBe(422);
  const phone = form.getByLabel("Phone Number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#demo-phone-error")).toContainText("Valid phone number is required");
  await expect(form.getByLabel("Company Name")).toHaveValue("Duarte Roofing");
  // Not hydrated, the form is a plain <form>: posted as without JavaScript, and the answer is a new page.
  expect(response.request().resourceType()).toBe("document");
  expect(await page.evaluate(() => (window as unknown as { __beforePost?: boolean }).__beforePost)).toBeUndefined();
  const rows = await sql`select 1 from demo_requests where email = ${email}`;
  expect(rows).toHaveLength(0);
});

const pageModule = /\/assets\/_index-[^/]+\.js$/;

/** Holds a module back until the returned function is called. */
async function holdModule(page: Page, url: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
