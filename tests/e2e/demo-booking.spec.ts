import { AxeBuilder } from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type postgres from "postgres";
import ical, { type VEvent } from "node-ical";
import {
  booking,
  chooseNoTime,
  expectLead,
  fillLead,
  openForm,
  requestAnotherDemo,
  submitButton,
  toast,
  uniqueLead,
} from "../support/demo-form";
import { expect, isNoJs, test, waitForHydration } from "../support/fixtures";

// Issue #14: the demo form books a slot. Times are picked from what the server offers right now (the E2E server runs
// on the real clock with the default settings: Mon–Fri 9:00–17:00 Central Time, 2 hosts, 14 days ahead).

// With JavaScript the picker shows the visitor's own zone; one that is not the business's shows both in the panel.
test.use({ timezoneId: "Europe/Berlin" });

const picker = (page: Page) => page.locator("#demo-slot");
const timeRadios = (page: Page) => picker(page).locator('input[name="slotStart"]:visible:not([value=""])');

/** The visitor of these tests; each test gives her an e-mail address of its own (uniqueLead). */
const mara = {
  firstName: "Mara",
  lastName: "Okafor",
  email: "mara@okaforelectric.com",
  phone: "+1 (555) 010-3131",
  company: "Okafor Electric",
};

/** Opens the form (with its picker) and types a new lead into it; returns the lead. */
async function openFilledForm(page: Page, testInfo: TestInfo) {
  const lead = uniqueLead(testInfo, mara);
  await openForm(page, { withPicker: true });
  await fillLead(page, lead);
  return lead;
}

/** Picks one of the shown times (at random, so tests running side by side rarely share one) and returns its start. */
async function pickTime(page: Page, except: string[] = []) {
  const radios = timeRadios(page);
  await expect(radios.first()).toBeVisible();
  const values = (
    await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
  ).filter((value) => !except.includes(value));
  expect(values.length).toBeGreaterThan(0);
  const start = values[Math.floor(Math.random() * values.length)];
  await picker(page).locator(`input[name="slotStart"][value="${start}"]`).check();
  return start;
}

/** "Tuesday, November 24, 2026, 4:00 – 4:15 PM" as the panel writes it, split where plain text matching is safe. */
function dayAndHour(start: string, timeZone: string) {
  const date = new Date(start);
  const day = new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric" }).format(date);
  const hour = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
    .format(date)
    .replace(/\s*[AP]M$/, "");
  return { day, hour };
}

/**
 * Waits for the answer to a submitted pick and expects it booked. A refusal fails at once, naming what the time field
 * and the error notice said (taken meanwhile, its day booking up, a failure), rather than as a heading that never came.
 */
async function expectBooked(page: Page) {
  const booked = booking(page).getByRole("heading", { name: "Your Demo Is Booked!" });
  const refusal = booking(page).locator("#demo-slotStart-error").or(toast(page, "error"));
  await expect(booked.or(refusal).first()).toBeVisible();
  expect(await refusal.allInnerTexts(), "the pick was refused").toEqual([]);
  await expect(booked).toBeVisible();
}

async function expectAxeClean(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(5);
  expect(
    results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

/** Two other visitors (one live booking per lead) take both hosts of the time starting at `start`. */
async function takeBothHosts(sql: postgres.Sql, start: string, email: string) {
  for (const seat of [1, 2]) {
    const [other] = await sql`
      insert into demo_requests (id, first_name, last_name, email, phone, company, submission_id)
      values (${crypto.randomUUID()}, 'Other', 'Visitor', ${`other${seat}.${email}`}, '555-010-0000', 'Other Co',
        ${crypto.randomUUID()})
      returning id`;
    await sql`
      insert into demo_bookings (id, demo_request_id, slot_start, slot_end, host_id)
      values (${crypto.randomUUID()}, ${other.id}, ${start}::timestamptz, ${start}::timestamptz + interval '15 minutes', ${`host-${seat}`})
      on conflict do nothing`;
  }
}

test.describe("booking a demo slot", () => {
  test("books a picked time: the thank-you panel names it, the .ics parses back, Google Calendar is offered", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = uniqueLead(testInfo, mara);
    await openForm(page, { withPicker: true });
    // One day's times at a time, with JavaScript too (a display class once showed every day's panel).
    if (!isNoJs(testInfo)) await expect(picker(page).getByRole("tabpanel")).toHaveCount(1);
    await fillLead(page, lead);
    const start = await pickTime(page);
    await submitButton(page).click();

    await expectBooked(page);
    const panel = booking(page);
    const visitorZone = isNoJs(testInfo) ? "America/Chicago" : "Europe/Berlin";
    const shown = dayAndHour(start, visitorZone);
    await expect(panel.getByTestId("demo-booked-time")).toContainText(shown.day);
    await expect(panel.getByTestId("demo-booked-time")).toContainText(shown.hour);
    if (isNoJs(testInfo)) {
      await expect(panel.getByTestId("demo-booked-time")).toContainText("Central Time");
      await expect(panel.getByTestId("demo-booked-business-time")).toHaveCount(0);
    } else {
      await expect(panel.getByTestId("demo-booked-time")).toContainText("Central European Time");
      const business = dayAndHour(start, "America/Chicago");
      await expect(panel.getByTestId("demo-booked-business-time")).toContainText(business.hour);
      await expect(panel.getByTestId("demo-booked-business-time")).toContainText("Central Time");
    }
    await expect(toast(page, "success")).toContainText("Demo Booked!");

    const rows = await sql`
      select b.slot_start, b.status, h.name as host_name from demo_bookings b
      join demo_requests r on r.id = b.demo_request_id join demo_hosts h on h.id = b.host_id
      where r.email = ${lead.email}`;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].slot_start).toISOString()).toBe(start);
    // The panel names the host the database assigned (issue #24).
    await expect(panel.getByTestId("demo-booked-host")).toHaveText(`Your host: ${rows[0].host_name}`);

    const google = panel.getByRole("link", { name: /Add to Google Calendar/ });
    const compact = start.replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
    await expect(google).toHaveAttribute("href", new RegExp(`dates=${compact}/`));
    const href = await panel.getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(await file.text())).filter(
      (entry): entry is VEvent => entry?.type === "VEVENT",
    );
    expect(events).toHaveLength(1);
    expect(events[0].start.toISOString()).toBe(start);
    expect(events[0].end!.getTime() - events[0].start.getTime()).toBe(15 * 60_000);

    // A refresh still shows the booking; "Request another demo" brings back an empty form.
    await page.reload();
    await expect(panel.getByTestId("demo-booked-time")).toContainText(shown.hour);
    await requestAnotherDemo(page);
  });

  test("'None of these times work' keeps the request-only thank-you and books nothing; Enter sends the form", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = await openFilledForm(page, testInfo);
    await chooseNoTime(page);
    // Enter in a field sends the form (the form's default button is the submit, not the first day tab).
    await booking(page).getByLabel("Company Name").press("Enter");
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    await expect(toast(page, "success")).toContainText("Demo Request Submitted!");
    expect(
      await sql`select b.id from demo_bookings b join demo_requests r on r.id = b.demo_request_id where r.email = ${lead.email}`,
    ).toHaveLength(0);
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(1);
  });

  test("nothing in the picker is required; a picked time does not change the spec fields' errors, and stays picked", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = uniqueLead(testInfo, mara);
    await openForm(page, { withPicker: true });
    await expect(picker(page).locator("input[required]")).toHaveCount(0);
    const start = await pickTime(page);
    // Only the e-mail is wrong, in a way the browser's own type=email check accepts, so it reaches the server too.
    await fillLead(page, { ...lead, email: lead.email.replace(/\.com$/, "") });
    await submitButton(page).click();
    const email = booking(page).getByLabel("Business Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await email.getAttribute("aria-describedby")}`)).toHaveText(
      "Valid email address is required",
    );
    await expect(booking(page).locator("#demo-slotStart-error")).toHaveCount(0);
    await expect(picker(page).locator(`input[name="slotStart"][value="${start}"]`)).toBeChecked();
    expect(
      await sql`select id from demo_requests where email like ${lead.email.replace(/\.com$/, "") + "%"}`,
    ).toHaveLength(0);
    // Corrected, the same picked time books.
    await booking(page).getByLabel("Business Email").fill(lead.email);
    await submitButton(page).click();
    await expectBooked(page);
    const rows = await sql`
      select b.slot_start from demo_bookings b join demo_requests r on r.id = b.demo_request_id
      where r.email = ${lead.email} and b.status = 'booked'`;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].slot_start).toISOString()).toBe(start);
  });

  test("choosing another day keeps what was typed (without JS: the form posts itself, nothing in the URL)", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = await openFilledForm(page, testInfo);
    if (isNoJs(testInfo)) {
      const days = picker(page).getByRole("group", { name: "Days" }).getByRole("button");
      await expect(days.first()).toHaveAttribute("aria-pressed", "true");
      const second = days.nth(1);
      const date = await second.getAttribute("value");
      await second.click();
      await expect(page).toHaveURL(/#demo-booking$/);
      expect(page.url()).not.toContain("okaforelectric");
      await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
      const first = await timeRadios(page).first().getAttribute("value");
      expect(dayInChicago(first!)).toBe(date);
      await expectLead(page, lead);

      // The time zone: chosen in a list, shown with "Show times", values kept again.
      await picker(page).getByLabel("Time zone").selectOption("Europe/Berlin");
      await picker(page).getByRole("button", { name: "Show times" }).click();
      await expect(picker(page)).toContainText("Times are shown in Central European Time.");
      await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
      await expectLead(page, lead);
    } else {
      const tabs = picker(page).getByRole("tab");
      await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
      await expect(picker(page)).toContainText("Times are shown in Central European Time.");
      await tabs.nth(1).click();
      await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
      // Arrow keys move between days, focus following the selection.
      await page.keyboard.press("ArrowRight");
      await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
      await expect(tabs.nth(2)).toBeFocused();
      await page.keyboard.press("Home");
      await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
      await expectLead(page, lead);
    }
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(0);
  });

  test("a time taken meanwhile: the field says so, the Error toast shows, values stay; the next pick books the same lead", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = await openFilledForm(page, testInfo);
    const start = await pickTime(page);

    // Two other visitors (one live booking per lead) take both hosts of that time before this one submits.
    await takeBothHosts(sql, start, lead.email);
    expect(
      await sql`select id from demo_bookings where slot_start = ${start}::timestamptz and status = 'booked'`,
    ).toHaveLength(2);

    await submitButton(page).click();
    await expect(picker(page)).toContainText("That time was just booked — please pick another");
    await expect(toast(page, "error")).toContainText("Failed to submit demo request. Please try again.");
    await expectLead(page, lead);
    await expect(picker(page).locator(`input[name="slotStart"][value="${start}"]`)).toHaveCount(0);
    // The lead is kept ("needs a time").
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(1);

    // The projects' workers share the database, so another test may take the next pick too before it is sent: the
    // page then says so again (the taken time gone from the picker), and the same lead picks once more.
    const booked = booking(page).getByRole("heading", { name: "Your Demo Is Booked!" });
    const tried = [start];
    let next = "";
    for (let attempt = 0; attempt < 3 && !(await booked.isVisible()); attempt++) {
      next = await pickTime(page, tried);
      tried.push(next);
      await submitButton(page).click();
      const picked = picker(page).locator(`input[name="slotStart"][value="${next}"]`);
      const outcome = async () => {
        if (await booked.isVisible()) return "booked";
        const takenAgain =
          (await picked.count()) === 0 && (await picker(page).getByText("That time was just booked").isVisible());
        return takenAgain ? "taken" : "pending";
      };
      await expect.poll(outcome).not.toBe("pending");
    }
    await expect(booked).toBeVisible();
    const rows = await sql`
      select r.id, b.slot_start from demo_requests r join demo_bookings b on b.demo_request_id = r.id
      where r.email = ${lead.email}`;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].slot_start).toISOString()).toBe(next);
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(1);
  });
});

function dayInChicago(start: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(start));
}

test("with JavaScript, axe finds nothing in the calendar picker (beside the fields' errors) nor on the booked panel", async ({
  page,
}, testInfo) => {
  // axe runs in the page; the no-JS picker is audited by a11y.spec.ts as the server renders it.
  test.skip(isNoJs(testInfo), "axe needs JavaScript in the page");
  const lead = uniqueLead(testInfo, mara);
  await openForm(page, { withPicker: true });
  await submitButton(page).click();
  // The spec's fields show their errors; the picker asks for nothing (ADR 23).
  await expect(booking(page).getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  await picker(page).getByRole("tab").nth(1).click();
  await expectAxeClean(page, "#demo-booking");
  await fillLead(page, lead);
  await pickTime(page);
  await submitButton(page).click();
  await expectBooked(page);
  await expectAxeClean(page, "#demo-booking");
});

test("with JavaScript but before the calendar picker arrives, a day tab shows its day through the page's action and keeps every value", async ({
  page,
}, testInfo) => {
  test.skip(isNoJs(testInfo), "the no-JS day tabs are covered above");
  await page.route(/\/assets\/demo-slot-picker\.lazy-[^/]+\.js$/, () => {}); // never arrives
  await page.goto("/", { waitUntil: "domcontentloaded" }); // the held module holds the load event
  await waitForHydration(page);
  const lead = uniqueLead(testInfo, mara);
  await fillLead(page, lead);
  const days = picker(page).getByRole("group", { name: "Days" }).getByRole("button");
  const date = await days.nth(1).getAttribute("value");
  await page.evaluate(() => ((window as unknown as { __beforePost?: boolean }).__beforePost = true));
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.request().method() === "POST"),
    days.nth(1).click(),
  ]);
  await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
  expect(dayInChicago((await timeRadios(page).first().getAttribute("value"))!)).toBe(date);
  await expectLead(page, lead);
  // The hydrated form posts through Remix, with no field check first: the same page, no error under any field.
  expect(response.request().resourceType()).toBe("fetch");
  expect(await page.evaluate(() => (window as unknown as { __beforePost?: boolean }).__beforePost)).toBe(true);
  await expect(booking(page).locator('[aria-invalid="true"]')).toHaveCount(0);
});

test("with JavaScript but before the page hydrates, a time taken meanwhile: the page's Error notice stays on as the toast once it hydrates", async ({
  page,
  sql,
}, testInfo) => {
  test.skip(isNoJs(testInfo), "without JavaScript the notice is the page's own (the test above)");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/_index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" }); // the held module holds the load event
  const lead = uniqueLead(testInfo, mara);
  await fillLead(page, lead);
  const start = await pickTime(page);
  await takeBothHosts(sql, start, lead.email);

  // The browser posts the form; the answer is a new page with the notice in it, which then hydrates.
  await submitButton(page).click();
  await expect(picker(page)).toContainText("That time was just booked — please pick another");
  release();
  await waitForHydration(page);
  // The toaster has taken the notice over: it is still there after hydration, and it can be dismissed.
  await expect(toast(page, "error")).toContainText("Failed to submit demo request. Please try again.");
  await page.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toast(page, "error")).toHaveCount(0);
  await expectLead(page, lead);
});
