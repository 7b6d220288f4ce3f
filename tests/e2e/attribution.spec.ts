// Issue #16's acceptance for attribution: a visit from a campaign link, then a demo request and a test-mode order
// from it; both rows carry the visit's attribution, the admin lists and the dashboard's top sources show it, and the
// CSV exports have it. Without a cookie of its own and with or without JavaScript (ADR 0020).
import { readFile } from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import type { Download, Page } from "@playwright/test";
import { booking, chooseNoTime, fillLead, openForm, submitButton, uniqueLead } from "../support/demo-form";
import { expect, isNoJs, signInAsAdmin, test } from "../support/fixtures";

const landing = "/?utm_source=google&utm_campaign=spring-roofing";
const fromGoogle = { referer: "https://www.google.com/" };
const attribution = {
  utm_source: "google",
  utm_medium: null,
  utm_campaign: "spring-roofing",
  utm_term: null,
  utm_content: null,
  click_id: null,
  referrer_host: "www.google.com",
  landing_path: "/",
};
const attributionHeaders = [
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "clickId",
  "referrerHost",
  "landingPath",
];
const exportedAttribution = ["google", "", "spring-roofing", "", "", "", "www.google.com", "/"];
const attributionColumns = Object.keys(attribution).join(", ");

/** The downloaded CSV's records (the exporter quotes nothing here: the values below hold no comma or quote). */
async function csvRecords(download: Download): Promise<string[][]> {
  const text = (await readFile((await download.path())!)).subarray(3).toString("utf8");
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));
}

async function download(page: Page, link: string) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link, exact: true }).click();
  return downloading;
}

test("a campaign visit's attribution reaches the demo request and the order, the admin lists and the CSVs", async ({
  page,
  sql,
}, testInfo) => {
  const lead = uniqueLead(testInfo, {
    firstName: "Rosa",
    lastName: "Delgado",
    email: "rosa@delgadoroofing.com",
    phone: "+1 (555) 010-6161",
    company: "Delgado Roofing",
  });

  // The demo request, sent from the campaign's landing page.
  await openForm(page, { url: landing, referer: fromGoogle.referer });
  await fillLead(page, lead);
  // A first try the schema refuses (answered by the server without JavaScript, whose page then has this site as its
  // Referer) keeps the attribution for the corrected one.
  const email = booking(page).getByLabel("Business Email");
  await email.fill(lead.email.replace(/\.com$/, ""));
  await chooseNoTime(page);
  await submitButton(page).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill(lead.email);
  await chooseNoTime(page);
  await submitButton(page).click();
  await expect.poll(async () => (await sql`select id from demo_requests where email = ${lead.email}`).length).toBe(1);
  const [storedLead] = await sql.unsafe(`select id, ${attributionColumns} from demo_requests where email = $1`, [
    lead.email,
  ]);
  expect(storedLead).toMatchObject(attribution);

  // A test-mode order from the same landing: a plan's Get Started, the two steps, Complete Order, Pay (test).
  await page.goto(landing, fromGoogle);
  await page.getByRole("link", { name: "Get Started with Scale Master" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Company name").fill(lead.company);
  await dialog.getByLabel("Full name").fill(`${lead.firstName} ${lead.lastName}`);
  await dialog.getByLabel("Email").fill(lead.email);
  await dialog.getByLabel("Phone").fill(lead.phone);
  await dialog.getByRole("button", { name: "Continue to plans" }).click();
  await expect(page).toHaveURL(/\?checkout=plan$/);
  await dialog.getByRole("button", { name: "Complete Order" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}\?token=[\w-]{43}$/);
  await page.getByRole("button", { name: "Pay (test)" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const [order] = await sql.unsafe(`select id, status, ${attributionColumns} from orders where email = $1`, [
    lead.email,
  ]);
  expect(order).toMatchObject({ status: "paid", ...attribution });

  // The admin sees where both came from and exports it.
  await signInAsAdmin(page);
  const summary = "google · spring-roofing";
  // The lead's row in the demo requests, then the order's in the orders.
  const rows = page.getByRole("row").filter({ hasText: lead.email });
  await expect(rows).toHaveCount(2);
  for (const row of [rows.first(), rows.last()]) {
    await expect(row).toContainText(summary);
    await expect(row).toContainText("from www.google.com · landed on /");
  }
  if (!isNoJs(testInfo)) expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The dashboard's top sources count both (other tests may add campaign visits of their own: at least one each).
  const sources = page.locator("#chart-sources");
  await sources.getByText("Data table").click();
  const googleCells = sources
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "google", exact: true }) });
  await expect(googleCells).toHaveCount(1);
  const [leadCount, orderCount] = await googleCells.getByRole("cell").allTextContents();
  expect(Number(leadCount)).toBeGreaterThanOrEqual(1);
  expect(Number(orderCount)).toBeGreaterThanOrEqual(1);
  // Paid in test mode, the order is counted apart, never as revenue (ADR 44).
  const testOrders = page
    .locator("#chart-orders")
    .getByText(/^Test orders paid in this range, not counted as revenue or MRR: (\d+)$/);
  expect(Number((await testOrders.textContent())!.split(": ")[1])).toBeGreaterThanOrEqual(1);
  const sourceRecords = await csvRecords(await download(page, "Export CSV of top sources"));
  expect(sourceRecords.some((record) => record[0] === "google")).toBe(true);

  const leads = await csvRecords(await download(page, "Download CSV"));
  // The lead's record ends with its consent (version, page) after the attribution.
  // The lead's attribution, then its consent (version, page), then whether it is suspected spam.
  expect(leads[0].slice(-11, -3)).toEqual(attributionHeaders);
  const leadRecord = leads.find((record) => record[0] === storedLead.id);
  expect(leadRecord?.slice(-11, -3)).toEqual(exportedAttribution);
  expect(leadRecord?.slice(-3)).toEqual([expect.stringMatching(/^[0-9a-f]{16}$/), "/", "false"]);
  const orders = await csvRecords(await download(page, "Download orders CSV"));
  expect(orders[0].slice(-8)).toEqual(attributionHeaders);
  expect(orders.find((record) => record[0] === order.id)?.slice(-8)).toEqual(exportedAttribution);
});

test("on the shared page the browser notes an outside referrer: the hydrated demo form and the checkout send it", async ({
  page,
  sql,
}, testInfo) => {
  test.skip(
    isNoJs(testInfo),
    "without JavaScript the shared page, the same bytes for every visitor, can carry no visitor's referrer (ADR 0020)",
  );
  const fromNews = { referer: "https://news.example.org/best-crm-for-roofers" };
  const fromTheNews = { utm_source: null, utm_campaign: null, referrer_host: "news.example.org", landing_path: "/" };
  const storedLead = async (email: string) => {
    await expect.poll(async () => (await sql`select id from demo_requests where email = ${email}`).length).toBe(1);
    const [row] = await sql.unsafe(`select ${attributionColumns} from demo_requests where email = $1`, [email]);
    return row;
  };
  const thankYou = () => booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" });
  const sharedPage = async () => {
    await page.context().clearCookies();
    const response = await page.goto("/", fromNews);
    expect(response?.headers()["cache-control"]).toMatch(/^public/);
  };

  const enhanced = uniqueLead(testInfo, {
    firstName: "Nia",
    lastName: "Okafor",
    email: "nia@okaforexteriors.com",
    phone: "+1 (555) 010-6262",
    company: "Okafor Exteriors",
  });

  // The form as the server sent it, posted before the page's code runs (held back here): the page's bytes are the
  // same for every visitor and only the page's code reads the referrer, so this lead is stored as a direct visit.
  // First, before this browser has the page's code in memory (a cached module bypasses the hold). Held, not
  // aborted: a module whose preload failed is fetched again by the page's inline import, which the hash CSP's
  // 'strict-dynamic' refuses, so an abort would read as a CSP violation rather than a slow network.
  await page.context().clearCookies();
  let releaseCode!: () => void;
  const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route(/\/assets\/_index-[^/]+\.js$/, async (route) => {
    await codeReleased;
    await route.continue().catch(() => {}); // the page that asked may be gone by then
  });
  await page.goto("/", { ...fromNews, waitUntil: "domcontentloaded" });
  const plain = uniqueLead(testInfo, { ...enhanced, email: "nia.plain@okaforexteriors.com" });
  await fillLead(page, plain);
  await chooseNoTime(page);
  await submitButton(page).click();
  // The answer's cookies must land before the next step clears them, or the next page is a private one.
  await expect(thankYou()).toBeVisible();
  expect(await storedLead(plain.email)).toMatchObject({ referrer_host: null, landing_path: null });
  releaseCode();
  await page.unroute(/\/assets\/_index-[^/]+\.js$/);

  // The hydrated form.
  await sharedPage();
  await openForm(page, { url: "/", referer: fromNews.referer });
  await fillLead(page, enhanced);
  await chooseNoTime(page);
  await submitButton(page).click();
  // The answer's cookies must land before the next step clears them, or the next page is a private one.
  await expect(thankYou()).toBeVisible();
  expect(await storedLead(enhanced.email)).toMatchObject(fromTheNews);

  // The checkout, opened from the shared page's pricing.
  await sharedPage();
  await page.getByRole("link", { name: "Get Started with Business Builder" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Company name").fill(enhanced.company);
  await dialog.getByLabel("Full name").fill(`${enhanced.firstName} ${enhanced.lastName}`);
  await dialog.getByLabel("Email").fill(enhanced.email);
  await dialog.getByLabel("Phone").fill(enhanced.phone);
  await dialog.getByRole("button", { name: "Continue to plans" }).click();
  await expect(page).toHaveURL(/\?checkout=plan$/);
  await dialog.getByRole("button", { name: "Complete Order" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  const [order] = await sql.unsafe(`select ${attributionColumns} from orders where email = $1`, [enhanced.email]);
  expect(order).toMatchObject(fromTheNews);
});
