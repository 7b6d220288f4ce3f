// Demo outcomes on /admin (issue #24, ADR 0032), with and without JavaScript: past demos inserted straight into the
// database, marked held and no-show through the per-row forms, and the dashboard's show-rate tables follow.
import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, isNoJs, signInAsAdmin, test } from "../support/fixtures";

// Each project uses its own ISO week of a year no other test writes, so the figures are exact.
const week = (testInfo: { project: { name: string } }) =>
  isNoJs(testInfo)
    ? { monday: "2018-04-02", sunday: "2018-04-08", iso: "2018-W14" }
    : { monday: "2018-03-05", sunday: "2018-03-11", iso: "2018-W10" };

/** Opens a chart's data table unless it is open already (with JavaScript, a revalidated page keeps it open). */
async function dataTable(figure: Locator) {
  const details = figure.locator("details");
  if ((await details.getAttribute("open")) === null) await figure.getByText("Data table").click();
  return figure.getByRole("table");
}

const successToast = (page: Page) => page.locator('[data-toast-type="success"]');

test("sales mark past demos held and no-show, and the show-rate tables follow", async ({ page, sql }, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const { monday, sunday, iso } = week(testInfo);
  const day = (offset: number) => {
    const date = new Date(`${monday}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };

  // Signing in opens /admin, whose agenda reads (and on a fresh database seeds) the hosts the rows below name.
  await signInAsAdmin(page);
  // Tuesday, Wednesday and Thursday of the week, in the morning in Chicago (the business's zone, the default).
  const demos = [
    { name: "Ada", host: "host-1", start: `${day(1)}T15:00:00Z` },
    { name: "Bo", host: "host-2", start: `${day(2)}T15:00:00Z` },
    { name: "Cy", host: "host-1", start: `${day(3)}T15:00:00Z` },
  ];
  for (const demo of demos) {
    const [lead] = await sql`
      insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id)
      values (${crypto.randomUUID()}, ${demo.name}, ${`Outcome ${tag}`}, ${`${demo.name.toLowerCase()}-${tag}@example.com`},
        '555 010 6000', ${`Outcome Co ${tag}`}, ${crypto.randomUUID()})
      returning id`;
    await sql`
      insert into demo_bookings (id, demo_request_id, slot_start, slot_end, host_id)
      values (${crypto.randomUUID()}, ${lead.id}, ${demo.start}::timestamptz,
        ${demo.start}::timestamptz + interval '15 minutes', ${demo.host})`;
  }
  const hostNames = Object.fromEntries(
    (await sql`select id, name from demo_hosts where id in ('host-1', 'host-2')`).map((row) => [row.id, row.name]),
  );

  await page.goto(`/admin?from=${monday}&to=${sunday}#past-demos`);
  const past = page.locator("#past-demos");
  await expect(past.getByRole("heading", { name: "Past demos" })).toBeVisible();
  await expect(past.getByText(/3 demos, times in Central Time/)).toBeVisible();
  const row = (name: string) => past.getByRole("row").filter({ hasText: `${name} Outcome ${tag}` });
  for (const demo of demos) await expect(row(demo.name).getByTestId("demo-outcome")).toHaveText("Not marked");

  const showRate = page.locator("#chart-showrate");
  await expect((await dataTable(showRate)).getByRole("row", { name: `${iso} ${monday} 0 0 0 3 —` })).toBeVisible();
  if (!isNoJs(testInfo)) {
    const results = await new AxeBuilder({ page }).include("#past-demos").include("#chart-showrate").analyze();
    expect(results.violations.map((violation) => [violation.id, violation.nodes[0]?.target])).toEqual([]);
  }

  await row("Ada")
    .getByRole("button", { name: /^Held for Ada / })
    .click();
  await expect(successToast(page)).toContainText("Outcome saved");
  await expect(page).toHaveURL(new RegExp(`/admin\\?from=${monday}&to=${sunday}#past-demos$`));
  await expect(row("Ada").getByTestId("demo-outcome")).toHaveText("Held");
  // The current outcome's button is off; the others still change it.
  await expect(row("Ada").getByRole("button", { name: /^Held for / })).toBeDisabled();

  await row("Bo")
    .getByRole("button", { name: /^No-show for Bo / })
    .click();
  await expect(row("Bo").getByTestId("demo-outcome")).toHaveText("No-show");
  await expect(row("Cy").getByTestId("demo-outcome")).toHaveText("Not marked");

  // One held, one no-show, one not marked: 50%.
  await expect((await dataTable(showRate)).getByRole("row", { name: `${iso} ${monday} 1 1 0 1 50%` })).toBeVisible();
  await expect(showRate.getByRole("img")).toHaveAttribute(
    "aria-label",
    /: 50% overall \(1 held, 1 no-show\); 0 demos cancelled by the host and 1 not marked are not rated\.$/,
  );
  const hosts = await dataTable(page.locator("#chart-hosts"));
  await expect(hosts.getByRole("row", { name: `${hostNames["host-1"]} 2 1 0 0 1 100%`, exact: true })).toBeVisible();
  await expect(hosts.getByRole("row", { name: `${hostNames["host-2"]} 1 0 1 0 0 0%`, exact: true })).toBeVisible();

  const stored = await sql`
    select r.first_name, b.outcome, b.outcome_at is not null as dated
    from demo_bookings b join demo_requests r on r.id = b.demo_request_id
    where r.last_name = ${`Outcome ${tag}`} order by r.first_name`;
  expect(stored.map((entry) => [entry.first_name, entry.outcome, entry.dated])).toEqual([
    ["Ada", "held", true],
    ["Bo", "no-show", true],
    ["Cy", null, false],
  ]);
});
