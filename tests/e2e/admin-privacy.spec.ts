// A person's data on request (issue #38), with and without JavaScript: an admin finds a lead by e-mail on
// /admin/privacy, downloads it as JSON and erases it after confirming. The JSON API, the CSV and the database then
// no longer hold the address; the audit row and the `lead.erased` delivery exist.
import { readFile } from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, isNoJs, signInAsAdmin, test } from "../support/fixtures";

test("an admin finds, exports and erases everything held about an e-mail address", async ({ page, sql }, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `erase-me-${tag}@ruizroofing.com`;
  const [lead] = await sql`
    insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id)
    values (${crypto.randomUUID()}, 'Erin', ${`Erase ${tag}`}, ${email}, '555 010 4000', 'Erase Roofing',
      ${crypto.randomUUID()})
    returning id`;
  // An endpoint that asked for erasures only, on an address production never sends to: the delivery is queued
  // (what this test checks), and nothing leaves the machine.
  const endpointId = crypto.randomUUID();
  await sql`
    insert into webhook_endpoints (id, url, event_types, secret)
    values (${endpointId}, 'https://127.0.0.1:9/erasures', ${["lead.erased"]},
      ${`whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`})`;

  await signInAsAdmin(page);
  expect(await (await page.request.get("/admin/demo-requests.csv")).text()).toContain(email);
  await page.getByRole("link", { name: "A person's data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A person's data" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  const held = page.getByRole("region", { name: /What we hold about/ });
  await expect(held).toContainText(`Erin Erase ${tag}, Erase Roofing, 555 010 4000`);
  // axe runs as page script, which the no-JS project cannot execute; the markup is the same in both.
  if (!isNoJs(testInfo)) {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(10);
    expect(results.violations).toEqual([]);
  }

  const downloading = page.waitForEvent("download");
  await held.getByRole("link", { name: "Download everything as JSON" }).click();
  const download = await downloading;
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.leads).toEqual([expect.objectContaining({ id: lead!.id, email })]);

  // Not confirmed: nothing is erased, and the form says what is missing.
  await held.getByRole("button", { name: /Erase everything about/ }).click();
  await expect(page.getByText("Tick the box to confirm: an erasure cannot be undone")).toBeVisible();
  expect(await sql`select id from demo_requests where id = ${lead!.id}`).toHaveLength(1);

  await page.getByLabel(/I confirm that .* asked for this/).check();
  await page.getByRole("button", { name: /Erase everything about/ }).click();
  await expect(page.getByText("Erased", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/privacy$/);

  expect(await sql`select id from demo_requests where lower(email) = lower(${email})`).toEqual([]);
  expect(await sql`select id from outbox where payload::text ilike ${`%${email}%`}`).toEqual([]);
  expect(await (await page.request.get("/admin/demo-requests.csv")).text()).not.toContain(email);
  const api = await (await page.request.get(`/api/demo-requests?q=${encodeURIComponent(email)}`)).json();
  expect(api.items).toEqual([]);
  const notices = await sql`select payload->'event'->'data' as data from outbox
    where payload->>'endpointId' = ${endpointId} and payload->'event'->>'type' = 'lead.erased'
      and payload->'event'->'data'->>'id' = ${lead!.id}`;
  expect(notices).toHaveLength(1);
  expect(Object.keys(notices[0]!.data).sort()).toEqual(["erasedAt", "id"]);
  const audits = await sql`select erased_by, leads from erasure_audit where erased_by = 'e2e-admin'`;
  expect(audits.length).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("erasure").first()).toContainText("e2e-admin");
});
