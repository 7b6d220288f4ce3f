import type { Page } from "@playwright/test";
import postgres from "postgres";
import { startAppServer } from "../support/app-server.mjs";
import { expect, isNoJs, test } from "../support/fixtures";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { startFakeStripe } from "../fakes/fake-stripe.mjs";

// A second app server with STRIPE_SECRET_KEY set and the real SDK pointed at a local fake Stripe.
type Servers = {
  fake: Awaited<ReturnType<typeof startFakeStripe>>;
  app: Awaited<ReturnType<typeof startAppServer>>;
  db: { name: string; url: string };
  sql: postgres.Sql;
};
let servers: Servers;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const fake = await startFakeStripe({ promotionCodes: [{ code: "SPRING10", id: "promo_spring10", percentOff: 10 }] });
  const db = await createDatabase("gw_e2e_stripe");
  const app = await startAppServer({
    env: {
      DATABASE_URL: db.url,
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: "http",
      STRIPE_CHECKOUT_ORIGIN: fake.origin,
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      RATE_LIMIT_PER_CLIENT: "100000",
      RATE_LIMIT_PER_EMAIL: "100000",
      RATE_LIMIT_GLOBAL: "100000",
    },
  });
  servers = { fake, app, db, sql: postgres(db.url, { max: 1, onnotice: () => {} }) };
});

test.afterAll(async () => {
  if (!servers) return;
  await servers.sql.end({ timeout: 5 });
  await servers.app.stop();
  await servers.fake.stop();
  await dropDatabase(servers.db.name).catch(() => {});
});

test.beforeEach(() => {
  servers.fake.requests.length = 0;
  servers.fake.setFailure(0);
});

const dialog = (page: Page) => page.getByRole("dialog");

async function reachPlanStep(page: Page, query: string) {
  await page.goto(`${servers.app.baseUrl}/?checkout=info${query}`);
  const d = dialog(page);
  await d.getByLabel("Company name").fill("Ruiz Roofing");
  await d.getByLabel("Full name").fill("Ana Ruiz");
  await d.getByLabel("Email").fill("ana@ruizroofing.com");
  await d.getByLabel("Phone").fill("+1 555 010 2000");
  await d.getByRole("button", { name: "Continue to plans" }).click();
  await expect(d.getByRole("heading", { name: "Choose Plan" })).toBeVisible();
}

test("Complete Order creates one subscription Checkout Session and sends the browser to its URL", async ({
  page,
}, testInfo) => {
  await reachPlanStep(page, "&plan=business-builder");
  await dialog(page)
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: /Scale Master/ }) })
    .click();
  if (isNoJs(testInfo)) {
    await dialog(page).getByRole("button", { name: "Update order" }).click();
  }
  await expect(dialog(page).getByTestId("summary-total")).toHaveText("$644 per month");
  await dialog(page).getByRole("button", { name: "Complete Order" }).click();

  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  const creates = servers.fake.sessionCreates();
  expect(creates).toHaveLength(1);
  const [{ form, headers }] = creates;
  const sessionId = (await page.locator("#session").textContent())!;
  expect(page.url()).toBe(servers.fake.sessions.get(sessionId).url);

  expect(form.get("mode")).toBe("subscription");
  expect(form.get("line_items[0][price_data][unit_amount]")).toBe("24700");
  expect(form.get("line_items[1][price_data][unit_amount]")).toBe("39700");
  expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
  expect(form.get("line_items[1][price_data][recurring][interval]")).toBe("month");
  expect(form.get("customer_email")).toBe("ana@ruizroofing.com");
  expect(headers["idempotency-key"]).toMatch(/^checkout-[0-9a-f-]{36}$/);

  const [order] =
    await servers.sql`select id, status, provider, total_cents from orders where provider_session_id = ${sessionId}`;
  expect(order).toMatchObject({ status: "pending", provider: "stripe", total_cents: 64400 });
  expect(form.get("client_reference_id")).toBe(order.id);
  expect(form.get("metadata[orderId]")).toBe(order.id);
});

test("annual billing and a Stripe promotion code reach the Checkout Session", async ({ page }) => {
  await reachPlanStep(page, "&plan=business-builder&billing=annual");
  await expect(dialog(page).getByTestId("summary-total")).toHaveText("$2,470 per year");
  await dialog(page).getByLabel("Coupon code").fill("SPRING10");
  await dialog(page).getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("[data-toast-type]").last()).toContainText(
    'Coupon "SPRING10" has been applied to your order.',
  );
  await expect(dialog(page).getByTestId("summary-total")).toHaveText("$2,223 per year");
  await dialog(page).getByRole("button", { name: "Complete Order" }).click();

  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  const creates = servers.fake.sessionCreates();
  expect(creates).toHaveLength(1);
  const { form } = creates[0];
  expect(form.get("line_items[0][price_data][unit_amount]")).toBe("247000");
  expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("year");
  expect(form.get("discounts[0][promotion_code]")).toBe("promo_spring10");
});

test("a failing Stripe gives the spec's error toast and keeps the dialog on step 2 with the selection", async ({
  page,
}) => {
  await reachPlanStep(page, "&plan=power-platform");
  servers.fake.setFailure(500);
  await dialog(page).getByRole("button", { name: "Complete Order" }).click();
  const toast = page.locator("[data-toast-type]").last();
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText("Failed to initialize payment. Please try again.");
  await expect(toast).toHaveAttribute("data-toast-type", "error");
  expect(new URL(page.url()).search).toBe("?checkout=plan");
  await expect(dialog(page).getByRole("checkbox", { name: /Power Platform/ })).toBeChecked();
  await expect(dialog(page).getByTestId("summary-total")).toHaveText("$697 per month");
  expect(servers.fake.sessionCreates().length).toBeGreaterThanOrEqual(1);

  // Stripe is back: the same dialog completes the order.
  servers.fake.setFailure(0);
  await dialog(page).getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
});
