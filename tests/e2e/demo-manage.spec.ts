import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, isNoJs, test } from "../support/fixtures";

type SlotDay = { date: string; slots: { start: string; free: number }[] };

/** Free slot starts, soonest first, from the public API. */
async function freeSlots(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/api/demo-slots?days=14");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { days: SlotDay[] };
  return body.days.flatMap((day) => day.slots.filter((slot) => slot.free > 0).map((slot) => slot.start));
}

/** Books a demo through the public API (the app's own path) and returns the manage link it answers with. */
async function bookDemo(
  request: APIRequestContext,
  sql: import("postgres").Sql,
  testInfo: TestInfo,
  slotStart: string,
): Promise<{ bookingId: string; link: string }> {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const email = `noor.${tag}@haddadelectric.com`;
  const response = await request.post("/api/demo-requests", {
    data: {
      firstName: "Noor",
      lastName: "Haddad",
      email,
      phone: "+1 (555) 010-3131",
      company: "Haddad Electric",
      dealVolume: "11-25",
      challenges: "",
      slotStart,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { booking } = (await response.json()) as { booking: { id: string; manageUrl: string } };
  const [row] = await sql<{ id: string }[]>`
    select b.id from demo_bookings b join demo_requests d on d.id = b.demo_request_id where d.email = ${email}`;
  expect(booking.id).toBe(row.id);
  return { bookingId: booking.id, link: new URL(booking.manageUrl).pathname };
}

async function bookingState(sql: import("postgres").Sql, id: string) {
  const [row] = await sql<{ status: string; sequence: number; slot_start: Date }[]>`
    select status, sequence, slot_start from demo_bookings where id = ${id}`;
  return { status: row.status, sequence: row.sequence, start: row.slot_start.toISOString() };
}

const toast = (page: Page) => page.locator("[data-toast-type]").last();

/** With JS: hydrated once the no-JS "Show times in this zone" button has gone (the zone then switches in place). */
async function waitForManagePage(page: Page, testInfo: TestInfo) {
  if (isNoJs(testInfo)) return;
  await expect(page.getByRole("button", { name: "Show times in this zone" })).toHaveCount(0);
}

/** axe runs in the page, so only where JavaScript is on (a11y.spec.ts audits the no-JS rendering of the landing). */
async function expectNoAxeViolations(page: Page, testInfo: TestInfo) {
  if (isNoJs(testInfo)) return;
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(10);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(" ")}`)).toEqual([]);
}

test.describe("managing a booked demo through its link", () => {
  test("shows the booking privately, reschedules to another day, then cancels after confirming", async ({
    page,
    request,
    sql,
  }, testInfo) => {
    const slots = await freeSlots(request);
    // Spread over the projects and reruns so that parallel runs do not fill one slot.
    const start = slots[(Date.now() + (isNoJs(testInfo) ? 7 : 0)) % Math.min(slots.length, 20)];
    const { bookingId, link } = await bookDemo(request, sql, testInfo, start);

    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("same-origin");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your demo, Noor");
    await expect(page.getByTestId("booking-time")).toContainText("Central Time");
    const [{ name: hostName }] = await sql`
      select h.name from demo_bookings b join demo_hosts h on h.id = b.host_id where b.id = ${bookingId}`;
    await expect(page.getByTestId("booking-host")).toHaveText(hostName);
    await waitForManagePage(page, testInfo);
    await expectNoAxeViolations(page, testInfo);

    // Another day: a tab (a submit button without JavaScript, switched in place with it).
    const reschedule = page.locator("#reschedule");
    const otherDay = reschedule.locator('button[aria-pressed="false"]').first();
    const otherDayLabel = (await otherDay.textContent())!;
    await otherDay.click();
    await expect(reschedule.getByRole("button", { name: otherDayLabel })).toHaveAttribute("aria-pressed", "true");

    const time = reschedule.getByRole("radio").first();
    const newStart = await time.getAttribute("value");
    expect(newStart).not.toBe(start);
    await time.check();
    await reschedule.getByRole("button", { name: "Move my demo to this time" }).click();

    await expect(toast(page)).toContainText("Your demo has been moved");
    await expect(page.getByTestId("booking-time").locator("time")).toHaveAttribute("datetime", newStart!);
    await expect.poll(() => bookingState(sql, bookingId)).toEqual({ status: "booked", sequence: 1, start: newStart });
    // The old slot is offered again.
    expect(await freeSlots(request)).toContain(start);

    // Cancel asks first, on a page of its own.
    await page.getByRole("link", { name: "Cancel this demo…" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this demo?" })).toBeVisible();
    expect((await bookingState(sql, bookingId)).status).toBe("booked");
    await expectNoAxeViolations(page, testInfo);
    await page.getByRole("button", { name: "Yes, cancel my demo" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This demo is cancelled");
    await expect(toast(page)).toContainText("Your demo is cancelled");
    await expect
      .poll(() => bookingState(sql, bookingId))
      .toEqual({ status: "cancelled", sequence: 2, start: newStart });
    await expect(page.getByRole("button", { name: "Move my demo to this time" })).toHaveCount(0);
    expect(await freeSlots(request)).toContain(newStart);
  });

  test("with JavaScript the time is also shown in the visitor's zone; without, a zone can be chosen", async ({
    browser,
    request,
    sql,
  }, testInfo) => {
    const slots = await freeSlots(request);
    const start = slots[(Date.now() + (isNoJs(testInfo) ? 3 : 11)) % Math.min(slots.length, 20)];
    const { link } = await bookDemo(request, sql, testInfo, start);
    const context = await browser.newContext({
      javaScriptEnabled: !isNoJs(testInfo),
      timezoneId: "Europe/Berlin",
      baseURL: testInfo.project.use.baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto(link);
      await waitForManagePage(page, testInfo);
      const reschedule = page.locator("#reschedule");
      if (isNoJs(testInfo)) {
        await expect(page.getByTestId("booking-time-local")).toHaveCount(0);
        await reschedule.getByLabel("Time zone").selectOption("Europe/Berlin");
        await reschedule.getByRole("button", { name: "Show times in this zone" }).click();
        await expect(page).toHaveURL(/tz=Europe%2FBerlin/);
      } else {
        await expect(page.getByTestId("booking-time-local")).toContainText("Central European Time");
      }
      await expect(reschedule.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
      await expect(reschedule.locator("legend", { hasText: "Times on" })).toContainText("Central European Time");
      // The radio's label is the slot in Berlin time.
      const first = reschedule.getByRole("radio").first();
      const value = (await first.getAttribute("value"))!;
      const berlin = new Intl.DateTimeFormat("en-US", {
        timeZone: "Europe/Berlin",
        hour: "numeric",
        minute: "2-digit",
      })
        .format(new Date(value))
        .replace(/\u202f/g, " ");
      await expect(reschedule.locator(`time[datetime="${value}"]`)).toHaveText(berlin);
    } finally {
      await context.close();
    }
  });

  test("a time taken while the visitor chose it keeps the booking and asks for another", async ({
    page,
    request,
    sql,
  }, testInfo) => {
    const slots = await freeSlots(request);
    const start = slots[(Date.now() + (isNoJs(testInfo) ? 5 : 13)) % Math.min(slots.length, 20)];
    const { bookingId, link } = await bookDemo(request, sql, testInfo, start);
    await page.goto(link);
    await waitForManagePage(page, testInfo);
    const reschedule = page.locator("#reschedule");
    const time = reschedule.getByRole("radio").last();
    const wanted = (await time.getAttribute("value"))!;
    await time.check();
    // Meanwhile two other visitors take both hosts of that time.
    for (let other = 0; other < 2; other += 1) await bookDemo(request, sql, testInfo, wanted).catch(() => undefined);
    await reschedule.getByRole("button", { name: "Move my demo to this time" }).click();
    await expect(page.getByTestId("slot-error")).toHaveText("That time was just booked — please pick another");
    await expect(page.getByRole("alert").filter({ hasText: "just booked" })).toBeVisible();
    expect(await bookingState(sql, bookingId)).toEqual({ status: "booked", sequence: 0, start });
    // The fresh list no longer offers it.
    await expect(reschedule.locator(`input[value="${wanted}"]`)).toHaveCount(0);
  });

  test("unknown and forged links get a clear page, not an error", async ({ page }) => {
    for (const token of ["not-a-token", `${crypto.randomUUID()}.${"A".repeat(43)}`]) {
      const response = await page.goto(`/demo/manage/${token}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find this booking");
      await expect(page.getByRole("link", { name: "Book a demo" })).toHaveAttribute("href", "/#demo-booking");
    }
  });
});
