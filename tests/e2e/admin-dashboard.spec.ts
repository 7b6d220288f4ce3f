// The /admin dashboard in a browser, with and without JavaScript: the charts and their tables for seeded rows, the
// presets and the custom range (plain GET), an error for a bad range, a chart's CSV download, and axe.
import { readFile } from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, isNoJs, signInAsAdmin, test } from "../support/fixtures";

// Each project seeds its own month (of a year no other test writes), so the figures are exact.
const month = (testInfo: { project: { name: string } }) => (isNoJs(testInfo) ? "2019-04" : "2019-03");

test("the dashboard charts seeded leads and orders, by range, with tables, CSV and no axe violations", async ({
  page,
  sql,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const m = month(testInfo);
  const source = `google-${tag}`;
  const campaign = `spring-roofing-${tag}`;
  // 12:00 in Chicago, the business's time zone (America/Chicago, the default DEMO_TIME_ZONE).
  for (const [index, day] of [`${m}-02`, `${m}-02`, `${m}-02`, `${m}-03`].entries()) {
    await sql`insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id,
        utm_source, utm_campaign, created_at)
      values (${crypto.randomUUID()}, 'Dash', ${`Lead ${index}`}, ${`dash-${index}-${tag}@example.com`},
        '555 010 2000', 'Dash Roofing', ${crypto.randomUUID()}, ${index < 3 ? source : null},
        ${index < 3 ? campaign : null}, ${`${day}T18:00:00Z`})`;
  }
  await sql`insert into orders (id, status, plan_ids, billing_period, subtotal_cents, total_cents, company_name,
      full_name, email, phone, provider, livemode, attempt_id, utm_source, utm_campaign, created_at, updated_at, paid_at)
    values (${crypto.randomUUID()}, 'paid', ${["starter"]}, 'annual', 120000, 120000, 'Dash Roofing', 'Dana Dash',
      ${`order-${tag}@example.com`}, '555 010 2000', 'stripe', true, ${crypto.randomUUID()}, ${source}, ${campaign},
      ${`${m}-02T19:00:00Z`}, ${`${m}-02T19:05:00Z`}, ${`${m}-02T19:05:00Z`})`;
  await sql`insert into funnel_daily_counts (day, event, count)
    values (${`${m}-02`}, 'landing_view', 40), (${`${m}-02`}, 'checkout_opened', 10)
    on conflict (day, event) do update set count = excluded.count`;

  await signInAsAdmin(page);

  const dashboard = page.locator("#dashboard");
  await expect(dashboard.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(dashboard.getByText(/\(30 days\)\. A day is a calendar day in America\/Chicago/)).toBeVisible();
  await expect(dashboard.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  // Every chart is a picture with a text alternative, a table and a CSV link.
  await expect(dashboard.locator("figure")).toHaveCount(9);
  await expect(dashboard.locator("figure svg[role=img][aria-label]")).toHaveCount(16);
  await expect(dashboard.locator("figure table caption")).toHaveCount(9);
  await expect(dashboard.getByRole("link", { name: /^Export CSV of / })).toHaveCount(9);

  await dashboard.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/admin\?range=7#dashboard$/);
  await expect(dashboard.getByText(/\(7 days\)/)).toBeVisible();
  await expect(dashboard.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

  // A custom range: a plain GET form, so it works the same without JavaScript.
  await dashboard.getByLabel("From", { exact: true }).fill(`${m}-01`);
  await dashboard.getByLabel("To", { exact: true }).fill(`${m}-03`);
  await dashboard.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?from=${m}-01&to=${m}-03#dashboard$`));
  await expect(dashboard.getByText(/\(3 days\)/)).toBeVisible();

  const leads = dashboard.locator("#chart-leads");
  await expect(leads.getByRole("img")).toHaveAttribute("aria-label", /: 4 in total\.$/);
  await leads.getByText("Data table").click();
  await expect(leads.getByRole("row", { name: `${m}-02 3` })).toBeVisible();
  await expect(leads.getByRole("row", { name: `${m}-03 1` })).toBeVisible();

  const orders = dashboard.locator("#chart-orders");
  await orders.getByText("Data table").click();
  await expect(orders.getByRole("row", { name: `${m}-02 1 1 $1,200 0` })).toBeVisible();
  const mrr = dashboard.locator("#chart-mrr");
  await mrr.getByText("Data table").click();
  // The MRR also holds what the other project's test paid, so the step of the day is checked: $1,200 a year.
  const mrrOn = async (day: string) =>
    Number(
      (
        await mrr
          .getByRole("row", { name: new RegExp(`^${day} `) })
          .getByRole("cell")
          .innerText()
      ).replace(/[$,]/g, ""),
    );
  expect((await mrrOn(`${m}-02`)) - (await mrrOn(`${m}-01`))).toBe(100);

  const funnel = dashboard.locator("#chart-funnel");
  await funnel.getByText("Data table").click();
  await expect(funnel.getByRole("row", { name: "Checkout Checkout opened 10 75%" })).toBeVisible();

  const sources = dashboard.locator("#chart-sources");
  await expect(
    sources.getByRole("img", { name: new RegExp(`^Leads by source: ${source} 3, \\(direct\\) 1\\.$`) }),
  ).toBeVisible();
  await sources.getByText("Data table").click();
  await expect(sources.getByRole("row", { name: `${source} 3 1 $1,200` })).toBeVisible();
  await expect(sources.getByRole("row", { name: "(direct) 1 0 $0" })).toBeVisible();
  await dashboard.locator("#chart-campaigns").getByText("Data table").click();
  await expect(
    dashboard.locator("#chart-campaigns").getByRole("row", { name: `${campaign} 3 1 $1,200` }),
  ).toBeVisible();

  // axe runs as page script, which the no-JS project cannot execute; the markup is the same in both.
  if (!isNoJs(testInfo)) {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(20);
    expect(results.violations.map((violation) => [violation.id, violation.nodes[0]?.target])).toEqual([]);
  }

  const downloading = page.waitForEvent("download");
  await sources.getByRole("link", { name: "Export CSV of top sources" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`dashboard-sources-${m}-01-to-${m}-03.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString("utf8")).toBe(
    `Source,Leads,Orders,Paid revenue\r\n${source},3,1,1200.00\r\n(direct),1,0,0.00\r\n`,
  );

  // A bad range is explained on the page, which shows the default range instead.
  await dashboard.getByLabel("From", { exact: true }).fill(`${m}-05`);
  await dashboard.getByLabel("To", { exact: true }).fill(`${m}-01`);
  await dashboard.getByRole("button", { name: "Show range" }).click();
  await expect(dashboard.getByRole("alert")).toContainText("The start date must be on or before the end date.");
  await expect(dashboard.getByText(/\(30 days\)/)).toBeVisible();
  await expect(dashboard.getByLabel("From", { exact: true })).toHaveValue(`${m}-05`);
  await expect(dashboard.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("choosing a range keeps the demo-request search, and a search or clearing it keeps the range", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const dashboard = page.locator("#dashboard");
  const searchBox = page.getByRole("searchbox");

  await dashboard.getByRole("link", { name: "Last 7 days" }).click();
  await expect(dashboard.getByText(/\(7 days\)/)).toBeVisible();
  await searchBox.fill("Roofing");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\?range=7&q=Roofing$/);
  await expect(dashboard.getByText(/\(7 days\)/)).toBeVisible();
  await expect(page.getByText(/matching “Roofing”/)).toBeVisible();

  // A preset and a custom range keep the search.
  await dashboard.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/\/admin\?q=Roofing&range=90#dashboard$/);
  await expect(dashboard.getByText(/\(90 days\)/)).toBeVisible();
  await expect(searchBox).toHaveValue("Roofing");
  await dashboard.getByLabel("From", { exact: true }).fill("2019-05-01");
  await dashboard.getByLabel("To", { exact: true }).fill("2019-05-03");
  await dashboard.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(/\/admin\?q=Roofing&from=2019-05-01&to=2019-05-03#dashboard$/);
  await expect(dashboard.getByText(/\(3 days\)/)).toBeVisible();
  await expect(page.getByText(/matching “Roofing”/)).toBeVisible();

  // Clearing the search keeps the range.
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/admin\?from=2019-05-01&to=2019-05-03$/);
  await expect(dashboard.getByText(/\(3 days\)/)).toBeVisible();
  await expect(searchBox).toHaveValue("");
});
