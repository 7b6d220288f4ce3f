import type { Page } from "@playwright/test";
import { expect, isNoJs, test, waitForHydration } from "../support/fixtures";

// When a URL opens the checkout dialog, its code (Radix Dialog, the form library) loads apart from the page's
// (a React.lazy part of app/routes/_index.tsx). These tests hold that code back, act on every control
// of both steps meanwhile, then let it arrive: what the visitor asked for must have happened.

const info = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
};
const dialogCode = /\/assets\/checkout-dialog-[^/]+\.js$/;
const dialog = (page: Page) => page.getByRole("dialog");
const planCard = (page: Page, name: string) =>
  dialog(page)
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: new RegExp(name) }) });

/** Opens `url` with the dialog's code held back until the returned function is called. */
async function openWithDialogCodeHeld(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(dialogCode, async (route) => {
    await released;
    await route.continue();
  });
  const requested = page.waitForRequest(dialogCode);
  await page.goto(url, { waitUntil: "domcontentloaded" }); // the held code holds the load event
  // The page's own scripts have run: they asked for the dialog's code, which has not arrived.
  await requested;
  return release;
}

/** Step 1 done (the checkout cookie holds the info), so that a URL can open step 2. */
async function saveInfo(page: Page) {
  const answer = await page.request.post("/?index", {
    form: { intent: "checkout-info", ...info, planIds: "business-builder", billing: "monthly" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

async function expectClosed(page: Page) {
  // Before its code arrives, closing is a plain link: the visitor's move must reach the page it loads, not this one.
  await page.waitForURL(/\/$/);
  await waitForHydration(page);
  await expect(dialog(page)).toHaveCount(0);
}

test.beforeEach(({}, testInfo) => {
  test.skip(isNoJs(testInfo), "without JavaScript there is no code to wait for: checkout.spec.ts covers that page");
});

test.describe("Your Info, clicked before the dialog's code arrives", () => {
  const url = "/?checkout=info&plan=scale-master";

  test("the close button closes", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, url);
    await dialog(page).getByRole("link", { name: "Close checkout" }).click();
    release();
    await expectClosed(page);
  });

  test("a click beside the dialog closes", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, url);
    await page.getByTestId("checkout-overlay").click({ position: { x: 5, y: 5 } });
    release();
    await expectClosed(page);
  });

  test("Continue to plans sends the info and the preselected plan", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, url);
    await dialog(page).getByLabel("Company name").fill(info.companyName);
    await dialog(page).getByLabel("Full name").fill(info.fullName);
    await dialog(page).getByLabel("Email").fill(info.email);
    await dialog(page).getByLabel("Phone").fill(info.phone);
    await dialog(page).getByRole("button", { name: "Continue to plans" }).click();
    release();
    await expect(dialog(page).getByRole("heading", { name: "Choose Plan" })).toBeVisible();
    await expect(dialog(page)).toContainText(info.email);
    await expect(dialog(page).getByRole("checkbox", { name: /Scale Master/ })).toBeChecked();
  });
});

test.describe("Choose Plan, clicked before the dialog's code arrives", () => {
  test.beforeEach(({ page }) => saveInfo(page));

  test("a plan ticked stays ticked and is in the summary", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await planCard(page, "Scale Master").click();
    release();
    await waitForHydration(page);
    await expect(dialog(page).getByRole("checkbox", { name: /Scale Master/ })).toBeChecked();
    await expect(dialog(page).getByRole("checkbox", { name: /Business Builder/ })).toBeChecked();
    await expect(dialog(page).getByTestId("summary-total")).toHaveText("$644 per month");
  });

  test("a plan unticked stays unticked and leaves the summary", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await planCard(page, "Business Builder").click();
    release();
    await waitForHydration(page);
    await expect(dialog(page).getByRole("checkbox", { name: /Business Builder/ })).not.toBeChecked();
    await expect(dialog(page).getByTestId("order-summary")).toHaveCount(0);
    await expect(dialog(page).getByRole("button", { name: "Complete Order" })).toBeDisabled();
  });

  test("annual billing stays chosen and prices the summary", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await dialog(page).getByText("Annual (pay 10 months, get 12)").click();
    release();
    await waitForHydration(page);
    await expect(dialog(page).getByRole("radio", { name: /Annual/ })).toBeChecked();
    await expect(dialog(page).getByTestId("summary-total")).toHaveText("$2,470 per year");
  });

  test("Update order (there until the code arrives) asks the server", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await planCard(page, "Scale Master").click();
    await dialog(page).getByRole("button", { name: "Update order" }).click();
    release();
    await waitForHydration(page);
    await expect(dialog(page).getByTestId("summary-total")).toHaveText("$644 per month");
  });

  test("Apply applies the coupon", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await dialog(page).getByLabel("Coupon code").fill("LAUNCH20");
    await dialog(page).getByRole("button", { name: "Apply" }).click();
    release();
    await expect(dialog(page).getByTestId("summary-discount")).toContainText("LAUNCH20");
  });

  test("Complete Order goes to payment", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await dialog(page).getByRole("button", { name: "Complete Order" }).click();
    release();
    await expect(page).toHaveURL(/\/checkout\/test\//);
  });

  test("Edit Your Details goes back to step 1", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await dialog(page).getByRole("link", { name: "Edit Your Details" }).click();
    release();
    await expect(dialog(page).getByRole("heading", { name: "Your Info" })).toBeVisible();
    await expect(dialog(page).getByLabel("Email")).toHaveValue(info.email);
  });

  test("the close button closes", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await dialog(page).getByRole("link", { name: "Close checkout" }).click();
    release();
    await expectClosed(page);
  });

  test("a click beside the dialog closes", async ({ page }) => {
    const release = await openWithDialogCodeHeld(page, "/?checkout=plan");
    await page.getByTestId("checkout-overlay").click({ position: { x: 5, y: 5 } });
    release();
    await expectClosed(page);
  });
});

test.describe("just after the dialog's code arrives", () => {
  test("the dialog takes clicks from the moment its modal layer turns the page's pointer events off", async ({
    page,
  }) => {
    // Radix sets `pointer-events: none` on <body> in an effect and hands the dialog its own `auto` a render later;
    // a click in between (a visitor who filled step 1 while the code loaded) reached the overlay behind the dialog,
    // which closed it, or was lost. Recorded at that very moment, from a mutation observer.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { dialogPointerEvents: string[] }).dialogPointerEvents = seen;
      new MutationObserver(() => {
        const dialog = document.querySelector("[role=dialog]");
        if (document.body.style.pointerEvents === "none" && dialog) seen.push(getComputedStyle(dialog).pointerEvents);
      }).observe(document, { attributes: true, attributeFilter: ["style"], subtree: true });
    });
    const release = await openWithDialogCodeHeld(page, "/?checkout=info&plan=scale-master");
    for (const [label, value] of [
      ["Company name", info.companyName],
      ["Full name", info.fullName],
      ["Email", info.email],
      ["Phone", info.phone],
    ]) {
      await dialog(page).getByLabel(label).fill(value);
    }
    release();
    await waitForHydration(page);
    // The page hydrates before the dialog's code has run its effects: wait for the modal layer to be on.
    const seen = () =>
      page.evaluate(() => (window as unknown as { dialogPointerEvents: string[] }).dialogPointerEvents);
    await expect.poll(async () => (await seen()).length).toBeGreaterThan(0);
    expect(await seen()).not.toContain("none");
    await dialog(page).getByRole("button", { name: "Continue to plans" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Choose Plan" })).toBeVisible();
  });
});
