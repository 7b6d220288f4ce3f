// Failed and refused submissions (issue #11, items 2 and 4).
// - With JavaScript, a form's POST answered by something other than the app (a proxy's 500/502/504, a dropped
//   connection) shows the spec's toast and leaves the page and the typed values as they were, for every form of the
//   page and for admin sign-in. The answers are made inside the browser (page.route) on the way to the server.
// - A refusal by the page action's shared catch (here: unknown intent, a body over the limit; any RequestRejected
//   takes the same path) is shown by the page that answered it, with or without JavaScript, and not again on the
//   next page.
import type { Page, Route } from "@playwright/test";
import { adminSignInFailure, demoFailureNotice, paymentFailureNotice } from "~/content/failure-notices";
import { expect, isNoJs, test, waitForHydration } from "../support/fixtures";

type Failure = "500" | "502" | "504" | "dropped connection";
const failures: Failure[] = ["500", "502", "504", "dropped connection"];

const statusText: Record<Exclude<Failure, "dropped connection">, string> = {
  "500": "Internal Server Error",
  "502": "Bad Gateway",
  "504": "Gateway Timeout",
};

/** Where a page's own post goes: its address without JavaScript, single fetch's `.data` address with it. */
const postPaths = (path: string) => [path, path === "/" ? "/_root.data" : `${path}.data`];

/** Answers every POST to `path` as `failure` until the returned function is called. */
async function failPosts(page: Page, path: string, failure: Failure) {
  let answered = 0;
  const matches = (url: URL) => postPaths(path).includes(url.pathname);
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.fallback();
    answered += 1;
    if (failure === "dropped connection") return route.abort("connectionreset");
    // What nginx and friends answer: their own HTML page, none of Remix's headers.
    return route.fulfill({
      status: Number(failure),
      contentType: "text/html",
      body: `<html><body><h1>${failure} ${statusText[failure]}</h1></body></html>`,
    });
  };
  await page.route(matches, handler);
  return {
    answered: () => answered,
    stop: () => page.unroute(matches, handler),
  };
}

const errorToast = (page: Page) => page.locator('[data-toast-type="error"]');

/** The error toast with this text is showing; then the visitor dismisses it, so the next one is a new one. */
async function expectErrorToast(page: Page, text: string | RegExp) {
  await expect(errorToast(page)).toContainText(text);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await page.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(errorToast(page)).toHaveCount(0);
}

const lead = {
  "First Name": "Dana",
  "Last Name": "Whitfield",
  "Business Email": "dana.failed-answers@whitfieldplumbing.com",
  "Phone Number": "+1 (555) 010-7788",
  "Company Name": "Whitfield Plumbing & Drain",
  "What are your biggest challenges?": "Estimates sit for days before anyone follows up.",
};

const booking = (page: Page) => page.locator("#demo-booking");

async function openDemoForm(page: Page, nojs: boolean) {
  await page.goto("/");
  await booking(page).scrollIntoViewIfNeeded();
  // With JS, the remix-validated-form version has taken over (app/components/demo/demo-section.tsx).
  if (!nojs) await expect(booking(page).locator("form[novalidate]")).toBeAttached();
}

async function fillDemoForm(page: Page, email = lead["Business Email"]) {
  for (const [label, value] of Object.entries({ ...lead, "Business Email": email }))
    await booking(page).getByLabel(label).fill(value);
  await booking(page).getByLabel("Monthly deal volume").selectOption("26-50");
  // "None of these times work" (optional, ADR 23): the request-only flow.
  await booking(page).getByLabel("None of these times work — contact me").check();
}

async function expectDemoValues(page: Page, email = lead["Business Email"]) {
  for (const [label, value] of Object.entries({ ...lead, "Business Email": email }))
    await expect(booking(page).getByLabel(label)).toHaveValue(value);
  await expect(booking(page).getByLabel("Monthly deal volume")).toHaveValue("26-50");
}

const scheduleButton = (page: Page) => booking(page).getByRole("button", { name: "Schedule My Demo" });

test.describe("an answer the app did not write, with JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "without JavaScript the browser shows whatever answer arrives",
  );

  test("the demo form shows the Error toast and keeps every value; the next try goes through", async ({
    page,
    sql,
  }, testInfo) => {
    const email = `dana.${testInfo.project.name}.${Date.now().toString(36)}@whitfieldplumbing.com`;
    await openDemoForm(page, false);
    await fillDemoForm(page, email);
    for (const failure of failures) {
      const failing = await failPosts(page, "/", failure);
      await scheduleButton(page).click();
      await expectErrorToast(page, demoFailureNotice.description);
      expect(failing.answered(), failure).toBe(1);
      await expectDemoValues(page, email);
      await failing.stop();
    }
    await scheduleButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    expect(await sql`select id from demo_requests where email = ${email}`).toHaveLength(1);
  });

  test("every checkout step, the coupon and Complete Order show the payment toast and keep the dialog as it was", async ({
    page,
  }) => {
    // Every kind of failed answer at each checkout step, one after another: close to the default budget when busy.
    test.slow();
    const dialog = page.getByRole("dialog");
    await page.goto("/?checkout=info");
    await waitForHydration(page);
    await dialog.getByLabel("Company name").fill("Ruiz Roofing");
    await dialog.getByLabel("Full name").fill("Ana Ruiz");
    await dialog.getByLabel("Email").fill("ana@ruizroofing.com");
    await dialog.getByLabel("Phone").fill("+1 555 010 2000");
    await dialog.getByRole("button", { name: "Continue to plans" }).click();
    await expect(dialog.getByRole("heading", { name: "Choose Plan" })).toBeVisible();
    // The dialog's code has arrived when its no-JS "Update order" button is gone.
    await expect(dialog.getByRole("button", { name: "Update order" })).toHaveCount(0);
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("checkbox", { name: /Scale Master/ }) })
      .click();
    await expect(dialog.getByRole("checkbox", { name: /Scale Master/ })).toBeChecked();

    for (const failure of failures) {
      const failing = await failPosts(page, "/", failure);
      await dialog.getByLabel("Coupon code").fill("LAUNCH20");
      await dialog.getByRole("button", { name: "Apply" }).click();
      await expectErrorToast(page, paymentFailureNotice.description);
      await expect(dialog.getByLabel("Coupon code")).toHaveValue("LAUNCH20");
      await expect(dialog.getByRole("checkbox", { name: /Scale Master/ })).toBeChecked();

      await dialog.getByRole("button", { name: "Complete Order" }).click();
      await expectErrorToast(page, paymentFailureNotice.description);
      await expect(dialog.getByRole("button", { name: "Complete Order" })).toBeEnabled();
      expect(failing.answered(), failure).toBe(2);
      await failing.stop();
    }

    await dialog.getByRole("link", { name: "Edit Your Details" }).click();
    await expect(dialog.getByRole("heading", { name: "Your Info" })).toBeVisible();
    for (const failure of failures) {
      const failing = await failPosts(page, "/", failure);
      await dialog.getByLabel("Company name").fill(`Ruiz Roofing & Gutters ${failure}`);
      await dialog.getByRole("button", { name: "Continue to plans" }).click();
      await expectErrorToast(page, paymentFailureNotice.description);
      await expect(dialog.getByLabel("Company name")).toHaveValue(`Ruiz Roofing & Gutters ${failure}`);
      await expect(dialog.getByLabel("Email")).toHaveValue("ana@ruizroofing.com");
      expect(failing.answered(), failure).toBe(1);
      await failing.stop();
    }
    await dialog.getByRole("button", { name: "Continue to plans" }).click();
    await expect(dialog.getByRole("heading", { name: "Choose Plan" })).toBeVisible();
    await expect(dialog).toContainText("Ruiz Roofing & Gutters dropped connection");
  });

  test("admin sign-in says the server did not answer and keeps the username", async ({ page }) => {
    await page.goto("/admin/login");
    // The sign-in page has no header to tell hydration by: React has taken over the form once it holds a fiber.
    await expect
      .poll(() =>
        page.locator("form").evaluate((form) => Object.keys(form).some((key) => key.startsWith("__reactFiber"))),
      )
      .toBe(true);
    for (const failure of failures) {
      const failing = await failPosts(page, "/admin/login", failure);
      await page.getByLabel("Username").fill("e2e-admin");
      await page.getByLabel("Password").fill("e2e-admin-password-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      // The line reads the same after each failure: wait for this one to be answered and settled first.
      await expect.poll(() => failing.answered(), { message: failure }).toBe(1);
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
      await expect(page.getByRole("alert")).toHaveText(adminSignInFailure);
      await expect(page.getByLabel("Username")).toHaveValue("e2e-admin");
      await failing.stop();
    }
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

/** Changes the page's next POST on its way to the server, as a broken client or a hostile page would send it. */
async function alterNextPagePost(page: Page, alter: (route: Route) => Promise<void>) {
  await page.route(
    (url) => postPaths("/").includes(url.pathname),
    async (route) => (route.request().method() === "POST" ? alter(route) : route.fallback()),
    { times: 1 },
  );
}

test.describe("a refusal by the page action", () => {
  const refusals: Array<{ name: string; status: number; message: string; submit: (page: Page) => Promise<void> }> = [
    {
      name: "unknown intent",
      status: 400,
      message: "Unknown form intent.",
      submit: async (page) => {
        await alterNextPagePost(page, (route) =>
          route.continue({
            postData: (route.request().postData() ?? "").replace("intent=demo-request", "intent=demo-request-v0"),
          }),
        );
        await scheduleButton(page).click();
      },
    },
    {
      name: "body over the limit",
      status: 413,
      message: "Request body is too large (limit 16384 bytes).",
      submit: async (page) => {
        await alterNextPagePost(page, (route) =>
          route.continue({ postData: `${route.request().postData() ?? ""}&padding=${"x".repeat(17_000)}` }),
        );
        await scheduleButton(page).click();
      },
    },
  ];

  for (const refusal of refusals) {
    test(`(${refusal.name}) is shown on the page that answered it, not on the next one`, async ({ page }, testInfo) => {
      const nojs = isNoJs(testInfo);
      await openDemoForm(page, nojs);
      await fillDemoForm(page);
      const answer = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && postPaths("/").includes(new URL(response.url()).pathname),
      );
      await refusal.submit(page);
      expect((await answer).status()).toBe(refusal.status);

      await expect(errorToast(page)).toContainText("Error");
      await expect(errorToast(page)).toContainText(refusal.message);
      await expect(page.getByRole("heading", { name: "Schedule Your Demo" })).toBeVisible();
      // With JavaScript the form posted without a reload, so the values are still there.
      if (!nojs) await expectDemoValues(page);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Schedule Your Demo" })).toBeAttached();
      await expect(errorToast(page)).toHaveCount(0);
    });
  }
});
