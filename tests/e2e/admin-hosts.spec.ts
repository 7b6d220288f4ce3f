// Issue #24: admins manage demo hosts on /admin/hosts with plain forms (the same in both projects, with and
// without JavaScript): add a host, see it listed, have a bad input pointed out with the rest kept, add and remove
// time off, and deactivate the host.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, isNoJs, signInAsAdmin, test } from "../support/fixtures";

const toast = (page: Page) => page.locator('[data-toast-type="success"]');

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(10);
  expect(
    results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

test("an admin adds a host with weekly hours and time off, fixes a bad input, deactivates the host", async ({
  page,
  sql,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const name = `Host ${tag}`;
  const email = `host-${tag}@example.com`;

  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Demo hosts" }).click();
  await expect(page).toHaveURL(/\/admin\/hosts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Demo hosts" })).toBeVisible();
  // The admin layout's header: this page marked as the current one, and who is signed in.
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Demo hosts" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Demo requests and orders" })).not.toHaveAttribute("aria-current");
  await expect(nav).toContainText("Signed in as e2e-admin");

  // The new host. Its two Monday ranges are shorter than a demo on purpose: this suite shares one server with the
  // booking tests, which count on the seeded hosts alone being free at the times they book.
  const add = page.locator("#add-host");
  await add.getByLabel("Name", { exact: true }).fill(name);
  await add.getByLabel("E-mail", { exact: true }).fill(email);
  await add.getByLabel("Time zone").selectOption("Europe/Berlin");
  for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await add.getByLabel(day, { exact: true }).fill("");
  }
  await add.getByLabel("Monday", { exact: true }).fill("09:00-09:05, 13:00-13:05");
  await expect(add.getByLabel("Active", { exact: true })).toBeChecked();

  // A bad Wednesday: its message next to it, every other value as typed, nothing stored.
  await add.getByLabel("Wednesday", { exact: true }).fill("25:00-26:00");
  await add.getByRole("button", { name: "Add host" }).click();
  const wednesday = add.getByLabel("Wednesday", { exact: true });
  await expect(wednesday).toHaveAttribute("aria-invalid", "true");
  await expect(wednesday).toHaveAccessibleDescription(/Wednesday: 25:00 is not a time between 00:00 and 24:00/);
  await expect(add.getByRole("alert")).toContainText("Wednesday: 25:00 is not a time between 00:00 and 24:00");
  await expect(wednesday).toHaveValue("25:00-26:00");
  await expect(add.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(add.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  await expect(add.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(add.getByLabel("Monday", { exact: true })).toHaveValue("09:00-09:05, 13:00-13:05");
  await expect(add.getByLabel("Tuesday", { exact: true })).toHaveValue("");
  await expect(add.getByLabel("Active", { exact: true })).toBeChecked();
  expect(await sql`select id from demo_hosts where email = ${email}`).toHaveLength(0);
  // axe runs as page script, which the no-JS project cannot execute; the markup is the same in both.
  if (!isNoJs(testInfo)) await expectAxeClean(page);

  await wednesday.fill("");
  await add.getByRole("button", { name: "Add host" }).click();
  await expect(toast(page)).toContainText(`${name} added`);
  const card = page.getByRole("article", { name, exact: true });
  await expect(card).toContainText("Active");
  await expect(card).toContainText(email);
  await expect(card).toContainText("(Europe/Berlin)");
  await expect(card).toContainText("Mon 09:00–09:05, 13:00–13:05");
  const [stored] = await sql`select id, time_zone, weekly_hours, active from demo_hosts where email = ${email}`;
  expect(stored).toMatchObject({
    time_zone: "Europe/Berlin",
    active: true,
    weekly_hours: [
      { weekday: 1, startMinute: 540, endMinute: 545 },
      { weekday: 1, startMinute: 780, endMinute: 785 },
    ],
  });
  // The form is ready for the next host.
  await expect(add.getByLabel("Name", { exact: true })).toHaveValue("");

  // Time off: a last day before the first is pointed out with both dates kept, then a good one is added. With
  // JavaScript, single fetch reloads no data after a refusal, so what is typed after it stays.
  await card.getByLabel("First day").fill("2031-03-14");
  await card.getByLabel("Last day").fill("2031-03-10");
  await card.getByRole("button", { name: `Add time off for ${name}` }).click();
  await expect(card.getByLabel("Last day")).toHaveAccessibleDescription(
    /The last day must be the first day or after it/,
  );
  await expect(card.getByLabel("First day")).toHaveValue("2031-03-14");
  await expect(card.getByLabel("Last day")).toHaveValue("2031-03-10");
  await card.getByLabel("First day").fill("2031-03-10");
  await expect(page.getByRole("article", { name, exact: true }).getByLabel("First day")).toHaveValue("2031-03-10");
  await card.getByLabel("Last day").fill("2031-03-14");
  await card.getByRole("button", { name: `Add time off for ${name}` }).click();
  await expect(toast(page)).toContainText("Time off added");
  const stretch = "Mon, Mar 10, 2031 – Fri, Mar 14, 2031";
  await expect(card).toContainText(stretch);
  const timeOff =
    await sql`select first_day::text, last_day::text from demo_host_time_off where host_id = ${stored.id}`;
  expect([...timeOff]).toEqual([{ first_day: "2031-03-10", last_day: "2031-03-14" }]);

  // Edit: the form opens with the stored values; unticking Active makes the host inactive.
  await card.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/hosts\\?edit=${stored.id}#edit-host$`));
  const edit = page.locator("#edit-host");
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(edit.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(edit.getByLabel("Monday", { exact: true })).toHaveValue("09:00-09:05, 13:00-13:05");
  await expect(edit.getByLabel("Friday", { exact: true })).toHaveValue("");
  await edit.getByLabel("Active", { exact: true }).uncheck();
  await edit.getByRole("button", { name: "Save host" }).click();
  await expect(toast(page)).toContainText(`${name} saved`);
  await expect(page.locator("#edit-host")).toHaveCount(0);
  await expect(card).toContainText("Inactive");
  expect((await sql`select active from demo_hosts where id = ${stored.id}`)[0]).toEqual({ active: false });

  // Remove the time off.
  await card.getByRole("button", { name: `Remove time off ${stretch}` }).click();
  await expect(toast(page)).toContainText("Time off removed");
  await expect(card).not.toContainText(stretch);
  expect(await sql`select id from demo_host_time_off where host_id = ${stored.id}`).toHaveLength(0);
});

test("an unknown host id is said plainly, with a 404", async ({ page }) => {
  await signInAsAdmin(page);
  const answer = await page.goto("/admin/hosts?edit=no-such-host");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("Host not found");
  await expect(page.getByRole("heading", { name: "Add a host" })).toBeVisible();
  await page.getByRole("link", { name: "Demo requests and orders" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
