import type { Page } from "@playwright/test";
import { expectLead, fillLead, openForm, submitButton, toast, uniqueLead } from "../support/demo-form";
import { expect, isNoJs, test } from "../support/fixtures";

// ADR 0056: a visitor who picks a time on a day that is booking up too fast is told why, on the form, with and
// without JavaScript, and keeps the request (stored request-only, with the time asked for). The day is the last one
// offered, which other specs do not book, and it is opened again when the test ends.

const picker = (page: Page) => page.locator("#demo-slot");
const timeRadios = (page: Page) => picker(page).locator('input[name="slotStart"]:visible:not([value=""])');

test("a time on a day booking up too fast: the form says why, keeps every value, and the lead is kept request-only", async ({
  page,
  sql,
}, testInfo) => {
  const lead = uniqueLead(testInfo, {
    firstName: "Rosa",
    lastName: "Diaz",
    email: "rosa@diazplumbing.com",
    phone: "+1 (555) 010-4242",
    company: "Diaz Plumbing",
  });
  const floodTag = `flood-e2e-${crypto.randomUUID()}`;
  await openForm(page, { withPicker: true });
  await fillLead(page, lead);
  if (isNoJs(testInfo)) await picker(page).getByRole("group", { name: "Days" }).getByRole("button").last().click();
  else await picker(page).getByRole("tab").last().click();
  await expect(timeRadios(page).first()).toBeVisible();
  const start = await timeRadios(page).first().getAttribute("value");
  await picker(page).locator(`input[name="slotStart"][value="${start}"]`).check();
  try {
    // A flood's requests for that day, already held back: more than any pace allows.
    await sql`
      insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id, held_back_slot_start)
      select ${floodTag} || '-' || n, 'Flood', 'Flood', ${floodTag} || '-' || n || '@victims.example', '555-010-0000',
             'Flood', ${floodTag} || '-' || n, ${start}::timestamptz
      from generate_series(1, 100) as n`;
    await submitButton(page).click();
    await expect(picker(page)).toContainText("That day is booking up unusually fast");
    await expect(picker(page)).toContainText("Your request is saved");
    await expect(toast(page, "error")).toContainText("Request saved, no time booked");
    await expectLead(page, lead);
    const rows = await sql`
      select r.held_back_slot_start, b.id as booking_id from demo_requests r
      left join demo_bookings b on b.demo_request_id = r.id where r.email = ${lead.email}`;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].held_back_slot_start).toISOString()).toBe(start);
    expect(rows[0].booking_id).toBeNull();
  } finally {
    await sql`delete from demo_requests where id like ${`${floodTag}-%`}`;
    await sql`update demo_requests set held_back_slot_start = null where email = ${lead.email}`;
  }
});
