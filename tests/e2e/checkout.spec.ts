import type { Page, TestInfo } from "@playwright/test";
import { expect, isNoJs, test } from "../support/fixtures";

const info = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
};

const dialog = (page: Page) => page.getByRole("dialog");
const checkbox = (page: Page, name: string) => dialog(page).getByRole("checkbox", { name: new RegExp(name) });

async function fillInfo(page: Page, values: Partial<typeof info> = info) {
  const d = dialog(page);
  if (values.companyName !== undefined) await d.getByLabel("Company name").fill(values.companyName);
  if (values.fullName !== undefined) await d.getByLabel("Full name").fill(values.fullName);
  if (values.email !== undefined) await d.getByLabel("Email").fill(values.email);
  if (values.phone !== undefined) await d.getByLabel("Phone").fill(values.phone);
}

async function continueToPlans(page: Page) {
  await dialog(page).getByRole("button", { name: "Continue to plans" }).click();
  await expect(page).toHaveURL(/\?checkout=plan$/);
  await expect(dialog(page).getByRole("heading", { name: "Choose Plan" })).toBeVisible();
}

/** Without JavaScript the summary is re-rendered by the server; with it, it follows the clicks. */
async function updateOrder(page: Page, testInfo: TestInfo) {
  if (!isNoJs(testInfo)) {
    await expect(dialog(page).getByRole("button", { name: "Update order" })).toHaveCount(0);
    return;
  }
  await dialog(page).getByRole("button", { name: "Update order" }).click();
  await expect(page).toHaveURL(/\?checkout=plan$/);
}

async function toggle(page: Page, name: string, testInfo: TestInfo) {
  // The checkbox sits inside its card's label; a click on the card is what a visitor does.
  await dialog(page)
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: new RegExp(name) }) })
    .click();
  await updateOrder(page, testInfo);
}

function toast(page: Page) {
  return page.locator("[data-toast-type]").last();
}

test.describe("checkout dialog (test mode)", () => {
  test("step 1 shows the spec's messages under each field, keeps the values, and goes on to step 2", async ({
    page,
  }) => {
    await page.goto("/?checkout=info");
    const d = dialog(page);
    await expect(d).toBeVisible();
    await expect(d).toHaveAttribute("aria-labelledby", "checkout-title");
    await expect(d).toHaveAttribute("aria-describedby", /(^| )checkout-description( |$)/);
    await expect(d.getByRole("heading", { name: "Your Info" })).toBeVisible();
    await expect(d.getByRole("list", { name: "Checkout progress" })).toContainText("Your Info");
    await expect(d.getByRole("list", { name: "Checkout progress" })).toContainText("Choose Plan");
    await expect(d.getByRole("list", { name: "Checkout progress" })).toContainText("Payment");

    await fillInfo(page, { companyName: "A", fullName: " B ", email: "ana@", phone: "555 0102" });
    await d.getByRole("button", { name: "Continue to plans" }).click();
    await expect(d.locator("#checkout-companyName-error")).toHaveText("Company name is required");
    await expect(d.locator("#checkout-fullName-error")).toHaveText("Full name is required");
    await expect(d.locator("#checkout-email-error")).toHaveText("Valid email address is required");
    await expect(d.locator("#checkout-phone-error")).toHaveText("Valid phone number is required");
    await expect(d.getByLabel("Company name")).toHaveValue("A");
    await expect(d.getByLabel("Email")).toHaveValue("ana@");
    await expect(page).toHaveURL(/checkout=info/);

    // The demo form's character rules: a worded phone and a text-direction override are refused.
    await fillInfo(page, {
      companyName: "Ruiz Roofing",
      fullName: "Ana\u202ERuiz",
      email: "ana@ruizroofing.com",
      phone: "call me maybe now",
    });
    await d.getByRole("button", { name: "Continue to plans" }).click();
    await expect(d.locator("#checkout-fullName-error")).toHaveText(
      "Full name contains invisible characters (such as text-direction marks or zero-width spaces); please retype it",
    );
    await expect(d.locator("#checkout-phone-error")).toHaveText("Valid phone number is required");
    await expect(page).toHaveURL(/checkout=info/);

    await fillInfo(page);
    await continueToPlans(page);
    await expect(d).toContainText("Ruiz Roofing");
    await expect(d).toContainText("ana@ruizroofing.com");

    // Opened without a plan: nothing selected, no summary, no coupon, no way to pay yet.
    for (const name of ["Business Builder", "Scale Master", "Power Platform"])
      await expect(checkbox(page, name)).not.toBeChecked();
    await expect(d.getByTestId("order-summary")).toHaveCount(0);
    await expect(d.getByLabel("Coupon code")).toHaveCount(0);
    await expect(d.getByRole("button", { name: "Complete Order" })).toBeDisabled();

    await d.getByRole("link", { name: "Edit Your Details" }).click();
    await expect(d.getByRole("heading", { name: "Your Info" })).toBeVisible();
    await expect(d.getByLabel("Company name")).toHaveValue(info.companyName);
    await expect(d.getByLabel("Full name")).toHaveValue(info.fullName);
    await expect(d.getByLabel("Email")).toHaveValue(info.email);
    await expect(d.getByLabel("Phone")).toHaveValue(info.phone);
  });

  test("a preselected plan, several plans, billing, coupons, then Complete Order → test page → paid", async ({
    page,
    sql,
  }, testInfo) => {
    await page.goto("/?checkout=info&plan=scale-master");
    await fillInfo(page);
    await continueToPlans(page);
    const d = dialog(page);
    await expect(checkbox(page, "Scale Master")).toBeChecked();
    await expect(checkbox(page, "Business Builder")).not.toBeChecked();
    await expect(checkbox(page, "Power Platform")).not.toBeChecked();
    await expect(d.getByTestId("summary-line")).toHaveText([/Scale Master × 1\s*\$397\/mo/]);
    await expect(d.getByTestId("summary-total")).toHaveText("$397 per month");

    await toggle(page, "Business Builder", testInfo);
    await expect(checkbox(page, "Business Builder")).toBeChecked();
    await expect(d.getByTestId("summary-line")).toHaveCount(2);
    await expect(d.getByTestId("summary-total")).toHaveText("$644 per month");

    await toggle(page, "Scale Master", testInfo);
    await expect(d.getByTestId("summary-total")).toHaveText("$247 per month");
    await toggle(page, "Business Builder", testInfo);
    // No plan left: the summary and the coupon field go away and Complete Order is off.
    await expect(d.getByTestId("order-summary")).toHaveCount(0);
    await expect(d.getByLabel("Coupon code")).toHaveCount(0);
    await expect(d.getByRole("button", { name: "Complete Order" })).toBeDisabled();

    await toggle(page, "Business Builder", testInfo);
    await toggle(page, "Scale Master", testInfo);
    await d.getByText("Annual (pay 10 months, get 12)").click();
    await updateOrder(page, testInfo);
    await expect(d.getByTestId("summary-total")).toHaveText("$6,440 per year");
    await expect(d.getByTestId("summary-line").first()).toContainText("$2,470/yr");

    await d.getByLabel("Coupon code").fill("BOGUS");
    await d.getByRole("button", { name: "Apply" }).click();
    await expect(toast(page)).toContainText("Invalid coupon");
    await expect(toast(page)).toContainText('Coupon "BOGUS" is not valid.');
    await expect(toast(page)).toHaveAttribute("data-toast-type", "error");
    await expect(d.getByTestId("summary-discount")).toHaveCount(0);
    await expect(d.getByTestId("summary-total")).toHaveText("$6,440 per year");

    await d.getByLabel("Coupon code").fill("launch20");
    await d.getByRole("button", { name: "Apply" }).click();
    await expect(toast(page)).toContainText("Coupon Applied");
    await expect(toast(page)).toContainText('Coupon "LAUNCH20" has been applied to your order.');
    await expect(d.getByTestId("summary-discount")).toContainText("Discount (LAUNCH20)");
    await expect(d.getByTestId("summary-discount")).toContainText("−$1,288");
    await expect(d.getByTestId("summary-total")).toHaveText("$5,152 per year");
    // The selection survived the round trip.
    await expect(checkbox(page, "Business Builder")).toBeChecked();
    await expect(checkbox(page, "Scale Master")).toBeChecked();

    const complete = d.getByRole("button", { name: "Complete Order" });
    await expect(complete).toBeEnabled();
    await complete.click();
    await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}\?token=[\w-]{43}$/);
    await expect(page.getByText("Test mode — no payment is taken")).toBeVisible();
    await expect(page.getByRole("cell", { name: "Business Builder" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Scale Master" })).toBeVisible();
    await expect(page.getByTestId("test-checkout-total")).toHaveText("$5,152");
    const orderId = new URL(page.url()).pathname.split("/").pop()!;
    const [pending] =
      await sql`select status, plan_ids, billing_period, subtotal_cents, discount_cents, total_cents, coupon_code, email from orders where id = ${orderId}`;
    expect(pending).toMatchObject({
      status: "pending",
      plan_ids: ["business-builder", "scale-master"],
      billing_period: "annual",
      subtotal_cents: 644000,
      discount_cents: 128800,
      total_cents: 515200,
      coupon_code: "LAUNCH20",
      email: info.email,
    });

    await page.getByRole("button", { name: "Pay (test)" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/success\\?order_id=${orderId}&token=[\\w-]{43}$`));
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByTestId("ordered-plans")).toHaveText(/Business Builder\s*Scale Master/);
    const [paid] = await sql`select status from orders where id = ${orderId}`;
    expect(paid.status).toBe("paid");
  });

  test("Cancel on the test page returns to pricing with the order canceled", async ({ page, sql }) => {
    await page.goto("/?checkout=info&plan=power-platform");
    await fillInfo(page);
    await continueToPlans(page);
    await dialog(page).getByRole("button", { name: "Complete Order" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    const orderId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    const [order] = await sql`select status from orders where id = ${orderId}`;
    expect(order.status).toBe("canceled");
  });

  test("the test checkout and receipt open only from their signed link, and a paid order is never called canceled", async ({
    page,
    sql,
  }) => {
    await page.goto("/?checkout=info&plan=power-platform");
    await fillInfo(page);
    await continueToPlans(page);
    await dialog(page).getByRole("button", { name: "Complete Order" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    const signedLink = page.url();
    const orderId = new URL(signedLink).pathname.split("/").pop()!;

    // The order id alone (from a log, a shared screen) opens nothing and shows no e-mail address.
    const bare = await page.goto(`/checkout/test/${orderId}`);
    expect(bare?.status()).toBe(404);
    await expect(page.getByText(info.email)).toHaveCount(0);
    const receipt = await page.goto(`/checkout/success?order_id=${orderId}`);
    expect(receipt?.status()).toBe(404);

    // Paid in another tab, then "Cancel" on this stale page: the page says the truth and the order stays paid.
    const stale = await page.goto(signedLink);
    expect(stale?.headers()["cache-control"]).toBe("private, no-store");
    await sql`update orders set status = 'paid' where id = ${orderId}`;
    await page.getByRole("button", { name: "Cancel" }).click();
    // exact: the toast's screen-reader announcement repeats the text inside a longer string for a moment.
    await expect(page.getByText("This order is paid, so it can no longer be canceled.", { exact: true })).toBeVisible();
    await expect(page.getByText("Order canceled")).toHaveCount(0);
    await expect(page.getByText("This order is paid.")).toBeVisible();
    const [order] = await sql`select status from orders where id = ${orderId}`;
    expect(order.status).toBe("paid");
  });

  test("closing clears the checkout: reopening starts at an empty step 1, no plans, monthly, no coupon", async ({
    page,
  }, testInfo) => {
    await page.goto("/?checkout=info&plan=scale-master&billing=annual");
    await fillInfo(page);
    await continueToPlans(page);
    const d = dialog(page);
    await expect(d.getByTestId("summary-total")).toHaveText("$3,970 per year");
    await d.getByLabel("Coupon code").fill("SPRING10");
    await d.getByRole("button", { name: "Apply" }).click();
    await expect(d.getByTestId("summary-discount")).toBeVisible();

    await d.getByRole("link", { name: "Close checkout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/?checkout=info");
    for (const label of ["Company name", "Full name", "Email", "Phone"])
      await expect(dialog(page).getByLabel(label)).toHaveValue("");
    // Step 2 cannot be reached around step 1 once the info is gone.
    await page.goto("/?checkout=plan");
    await expect(page).toHaveURL(/\?checkout=info$/);
    await fillInfo(page);
    await continueToPlans(page);
    for (const name of ["Business Builder", "Scale Master", "Power Platform"])
      await expect(checkbox(page, name)).not.toBeChecked();
    await expect(dialog(page).getByRole("radio", { name: "Monthly" })).toBeChecked();
    await toggle(page, "Scale Master", testInfo);
    await expect(dialog(page).getByTestId("summary-discount")).toHaveCount(0);
    await expect(dialog(page).getByTestId("summary-total")).toHaveText("$397 per month");

    if (!isNoJs(testInfo)) {
      // With JavaScript, Escape closes too, through the same cookie-clearing route.
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.goto("/?checkout=info");
      await expect(dialog(page).getByLabel("Company name")).toHaveValue("");
    }
  });
});
