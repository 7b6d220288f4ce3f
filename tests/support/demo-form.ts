// The landing page's demo form as the E2E specs drive it: a lead to type in, opening, filling and checking the form.
import type { Page, TestInfo } from "@playwright/test";
import { expect, isNoJs, test } from "./fixtures";
import type { Lead } from "./lead";

export type { Lead };

/** `lead` with an e-mail address no other test (run, project or worker) uses: `mara@x.com` → `mara.<tag>@x.com`. */
export function uniqueLead<L extends Lead>(testInfo: TestInfo, lead: L): L {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const at = lead.email.lastIndexOf("@");
  return { ...lead, email: `${lead.email.slice(0, at)}.${tag}${lead.email.slice(at)}` };
}

export const booking = (page: Page) => page.locator("#demo-booking");
export const submitButton = (page: Page) =>
  booking(page).getByRole("button", { name: /Schedule My Demo|Scheduling\.\.\./ });
export const toast = (page: Page, type: "success" | "error") => page.locator(`[data-toast-type="${type}"]`);

/**
 * Opens the page and brings the form on screen, as a visitor heading for it does. With JS, waits until the form has
 * hydrated (app/components/demo/demo-form.tsx), and with `withPicker` until the calendar picker has arrived.
 */
export async function openForm(
  page: Page,
  { url = "/", withPicker = false, referer }: { url?: string; withPicker?: boolean; referer?: string } = {},
) {
  await page.goto(url, { referer });
  await booking(page).scrollIntoViewIfNeeded();
  if (!isNoJs(test.info())) {
    const hydrated = booking(page).locator(withPicker ? "form[novalidate] [role=tablist]" : "form[novalidate]");
    await expect(hydrated).toBeAttached();
  }
}

/** Types the lead into the form (the deal volume and the challenges only where the lead has them). */
export async function fillLead(page: Page, lead: Lead) {
  const form = booking(page);
  await form.getByLabel("First Name").fill(lead.firstName);
  await form.getByLabel("Last Name").fill(lead.lastName);
  await form.getByLabel("Business Email").fill(lead.email);
  await form.getByLabel("Phone Number").fill(lead.phone);
  await form.getByLabel("Company Name").fill(lead.company);
  if (lead.dealVolume !== undefined) await form.getByLabel("Monthly deal volume").selectOption(lead.dealVolume);
  if (lead.challenges !== undefined) await form.getByLabel("What are your biggest challenges?").fill(lead.challenges);
}

/** Expects the form to hold the lead (the deal volume and the challenges only where the lead has them). */
export async function expectLead(page: Page, lead: Lead) {
  const form = booking(page);
  await expect(form.getByLabel("First Name")).toHaveValue(lead.firstName);
  await expect(form.getByLabel("Last Name")).toHaveValue(lead.lastName);
  await expect(form.getByLabel("Business Email")).toHaveValue(lead.email);
  await expect(form.getByLabel("Phone Number")).toHaveValue(lead.phone);
  await expect(form.getByLabel("Company Name")).toHaveValue(lead.company);
  if (lead.dealVolume !== undefined) await expect(form.getByLabel("Monthly deal volume")).toHaveValue(lead.dealVolume);
  if (lead.challenges !== undefined)
    await expect(form.getByLabel("What are your biggest challenges?")).toHaveValue(lead.challenges);
}

/** Ticks "None of these times work": a request without a booked time. */
export async function chooseNoTime(page: Page) {
  await booking(page).getByLabel("None of these times work — contact me").check();
}

/** "Request another demo" on a thank-you panel brings back an empty form. */
export async function requestAnotherDemo(page: Page) {
  await booking(page).getByRole("button", { name: "Request another demo" }).click();
  await expect(submitButton(page)).toHaveText("Schedule My Demo");
  await expect(booking(page).getByLabel("First Name")).toHaveValue("");
}
