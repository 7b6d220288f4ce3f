import { readFile } from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, isNoJs, loadOnDemandParts, test } from "../support/fixtures";

/** A small RFC 4180 reader, written separately from the exporter so the test checks it, not echoes it. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index += 1;
    } else field += char;
  }
  if (field !== "" || record.length > 0) throw new Error("the CSV does not end with CRLF");
  return records;
}

async function signIn(page: Page, password: string) {
  await page.getByLabel("Username").fill("e2e-admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an admin signs in, finds a lead from the landing page, exports it as CSV and signs out", async ({
  page,
  sql,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const lead = {
    firstName: `=Zed, "${tag}"`,
    lastName: `O'Hara, "Bo"`,
    email: `lead-${tag}@example.com`,
    phone: "+1 (555) 010-4477",
    company: `Hara Home Services ${tag}`,
    challenges: "Two crews, one calendar.\nInvoices go out late.",
  };

  // The lead arrives the way a visitor sends it: the landing page's demo form.
  await page.goto("/");
  const form = page.locator("#demo-booking form");
  // This test is about the admin side: it types into the form once the page has hydrated. Typing before that is
  // tests/e2e/lazy-loading.spec.ts's subject.
  if (!isNoJs(testInfo)) {
    await loadOnDemandParts(page);
    await expect(form.locator('input[name="enhanced"]')).toHaveCount(1);
  }
  await form.locator('[name="firstName"]').fill(lead.firstName);
  await form.locator('[name="lastName"]').fill(lead.lastName);
  await form.locator('[name="email"]').fill(lead.email);
  await form.locator('[name="phone"]').fill(lead.phone);
  await form.locator('[name="company"]').fill(lead.company);
  await form.locator('select[name="dealVolume"]').selectOption("26-50");
  await form.locator('[name="challenges"]').fill(lead.challenges);
  // "None of these times work" (optional, ADR 23): this lead asks to be called.
  await form.getByLabel("None of these times work — contact me").check();
  await form.getByRole("button", { name: "Schedule My Demo" }).click();
  await expect.poll(async () => (await sql`select id from demo_requests where email = ${lead.email}`).length).toBe(1);
  const [stored] = await sql`select * from demo_requests where email = ${lead.email}`;

  // Anonymous → the sign-in page, which is neither cached nor indexed.
  const anonymous = await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  expect(anonymous?.headers()["cache-control"]).toBe("no-store");
  expect(anonymous?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();

  // axe runs as page script, which the no-JS project cannot execute; the markup is the same in both.
  if (!isNoJs(testInfo)) expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await expect(page).toHaveURL(/\/admin\/login/);

  await signIn(page, "e2e-admin-password-1");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Demo requests" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: lead.email });
  await expect(row).toContainText(`${lead.firstName} ${lead.lastName}`);
  await expect(row).toContainText(lead.company);
  await expect(row).toContainText("26-50");
  if (!isNoJs(testInfo)) expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Search (a GET form, so the query lives in the URL).
  await page.getByLabel("Search demo requests by name, e-mail or company").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
  await expect(page.getByRole("row").filter({ hasText: lead.email })).toBeVisible();
  await expect(page.getByText(`1 matching “${tag}”`)).toBeVisible();
  await page.getByLabel("Search demo requests by name, e-mail or company").fill(`nobody-${tag}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No demo requests match this search.")).toBeVisible();

  // The JSON list reads the same session.
  const api = await page.request.get(`/api/demo-requests?q=${tag}`);
  expect(api.status()).toBe(200);
  expect((await api.json()).items.map((item: { email: string }) => item.email)).toEqual([lead.email]);

  // CSV: a download, quoted per RFC 4180, the formula-looking name defused.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^demo-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text).toContain(`,"'=Zed, ""${tag}""","O'Hara, ""Bo""",`);
  const records = parseCsv(text);
  expect(records[0]).toEqual([
    "id",
    "createdAt",
    "firstName",
    "lastName",
    "email",
    "phone",
    "company",
    "dealVolume",
    "challenges",
    "submissionId",
    ...["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent", "clickId", "referrerHost", "landingPath"],
    "consentVersion",
    "consentPage",
    "suspectedSpam",
  ]);
  const exported = records.filter((record) => record[4] === lead.email);
  expect(exported).toHaveLength(1);
  expect(exported[0]).toEqual([
    stored.id,
    (stored.created_at as Date).toISOString(),
    `'${lead.firstName}`,
    lead.lastName,
    lead.email,
    `'${lead.phone}`,
    lead.company,
    "26-50",
    stored.challenges,
    stored.submission_id,
    // Sent from the shared landing page, which carries no attribution (tests/e2e/attribution.spec.ts has some).
    ...Array(8).fill(""),
    // The small print the form showed, agreed to on the landing page.
    expect.stringMatching(/^[0-9a-f]{16}$/),
    "/",
    "false",
  ]);
  expect(stored.challenges).toMatch(/^Two crews, one calendar\.\r?\nInvoices go out late\.$/);

  // Sign out (a POST) ends the session for pages and the API alike, also for a copy of the cookie.
  await page.goto("/admin");
  const copied = (await page.context().cookies()).find((cookie) => cookie.name === "gw_admin")!;
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  expect((await page.request.get("/api/demo-requests")).status()).toBe(401);
  await page.context().addCookies([copied]);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  expect((await page.request.get("/api/demo-requests")).status()).toBe(401);
});

test("the admin shows invisible and direction-changing characters of an old lead as codes, not as effects", async ({
  page,
  sql,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `hidden-${tag}@example.com`;
  // Stored before the input rules refused such characters (the forms no longer accept them).
  await sql`insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id)
    values (${crypto.randomUUID()}, ${"Eve\u200B"}, ${"Smith"}, ${email}, ${"555 010 2000"}, ${`Acme\u202Egpj.exe ${tag}`}, ${crypto.randomUUID()})`;
  await page.goto("/admin/login");
  await signIn(page, "e2e-admin-password-1");
  await expect(page).toHaveURL(/\/admin$/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(`AcmeU+202Egpj.exe ${tag}`);
  await expect(row).toContainText("EveU+200B Smith");
  expect(await row.innerText()).not.toContain("\u202E");
});
