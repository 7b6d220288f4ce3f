// Issue #54: the admin's routing page with plain forms (the same in both projects). This suite shares one server and
// database with the booking and CSV tests, which count on routing never having been set up (the CSV gains columns
// once a change is recorded), so it writes nothing: the default reads right, a refused team form points at its
// problems with the rest kept, and the try-it form shows the route and host while booking nothing. Creating,
// editing, reordering and deleting are covered through the route module in tests/integration/demo-routing-admin.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, isNoJs, signInAsAdmin, test } from "../support/fixtures";

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(10);
  expect(
    results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

async function openRouting(page: Page) {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Demo routing" }).click();
  await expect(page).toHaveURL(/\/admin\/routing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Demo routing" })).toBeVisible();
}

test("the routing page reads the default, refuses a bad team with its values kept, and tries a lead booking nothing", async ({
  page,
  sql,
}, testInfo) => {
  await openRouting(page);
  await expect(page.getByTestId("routing-summary")).toContainText(
    /Routing is not set up: every active host \(\d+\) is in one team, each with weight 1, and no rule applies/,
  );
  await expect(page.locator("#changes")).toContainText("No changes yet.");

  // A weight of 0 and no name: both pointed out, the typed values kept, nothing stored.
  const add = page.locator("#add-team");
  const firstWeight = add.getByRole("textbox").nth(1);
  await firstWeight.fill("0");
  await add.getByLabel("Default team").check();
  await add.getByRole("button", { name: "Add team" }).click();
  await expect(add.getByRole("alert")).toContainText("2 things to fix");
  await expect(add.getByLabel("Team name")).toHaveAccessibleDescription(/Team name is required/);
  await expect(add.getByRole("textbox").nth(1)).toHaveValue("0");
  await expect(add.getByRole("textbox").nth(1)).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByLabel("Default team")).toBeChecked();
  expect(await sql`select id from demo_routing_changes`).toHaveLength(0);
  // axe runs as page script, which the no-JS project cannot execute; the markup is the same in both.
  if (!isNoJs(testInfo)) await expectAxeClean(page);

  // Try it with an address of its own: a 100+ lead meets the default team, one host named with the reason, and
  // nothing is stored for that address (other suites book on this server meanwhile, so no global count).
  const email = `try-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const tryIt = page.locator("#try-it");
  await tryIt.getByLabel("Deal volume").selectOption("100+");
  await tryIt.getByLabel("Trade").selectOption("Roofing");
  await tryIt.getByLabel("The lead").selectOption("email");
  await tryIt.getByLabel(/^E-mail/).fill(email);
  await tryIt.getByRole("button", { name: "Try it" }).click();
  const result = page.getByRole("region", { name: "What would happen now (nothing was booked)" });
  await expect(result.getByTestId("try-rule")).toHaveText("No rule matched: the default");
  await expect(result.getByTestId("try-team")).toHaveText("Every active host");
  await expect(result.getByTestId("try-host")).toContainText(/.+: .*free/);
  await expect(tryIt.getByLabel("Deal volume")).toHaveValue("100+");
  await expect(tryIt.getByLabel(/^E-mail/)).toHaveValue(email);
  expect(await sql`select id from demo_requests where lower(email) = ${email}`).toHaveLength(0);
  expect(await sql`select id from demo_routing_changes`).toHaveLength(0);
});
