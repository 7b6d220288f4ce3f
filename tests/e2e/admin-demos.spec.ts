import { AxeBuilder } from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { expect, isNoJs, test } from "../support/fixtures";

type SlotsAnswer = { days: { date: string; slots: { start: string; free: number }[] }[] };

/** Books a free slot through the public API, as an integration would; each project takes its own slot. */
async function bookThroughApi(request: APIRequestContext, tag: string, pick: number) {
  const slots = (await (await request.get("/api/demo-slots")).json()) as SlotsAnswer;
  const free = slots.days.flatMap((day) => day.slots).filter((slot) => slot.free > 0);
  const slot = free[pick];
  expect(slot, "a free slot to book").toBeDefined();
  const response = await request.post("/api/demo-requests", {
    data: {
      firstName: "Agenda",
      lastName: tag,
      email: `agenda-${tag}@example.com`,
      phone: "555 010 7788",
      company: `Agenda Lawn Care ${tag}`,
      slotStart: slot.start,
    },
  });
  expect(response.status()).toBe(201);
  return slot.start;
}

test("sales see a booked demo in Upcoming demos and in the calendar feed, and cancel it", async ({
  page,
  sql,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const start = await bookThroughApi(page.request, tag, isNoJs(testInfo) ? 7 : 3);
  const [booking] = await sql`
    select b.id from demo_bookings b join demo_requests r on r.id = b.demo_request_id
    where r.email = ${`agenda-${tag}@example.com`} and b.status = 'booked'`;
  expect(booking).toBeDefined();

  await page.goto("/admin");
  await page.getByLabel("Username").fill("e2e-admin");
  await page.getByLabel("Password").fill("e2e-admin-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Upcoming demos" })).toBeVisible();

  const item = page.getByRole("listitem").filter({ hasText: `Agenda ${tag}` });
  await expect(item).toContainText(`Agenda Lawn Care ${tag}`);
  await expect(item.locator("time")).toHaveAttribute("datetime", start);
  if (!isNoJs(testInfo)) expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The subscription URL the page shows once, when made, serves this booking; a changed key opens nothing.
  await page.getByRole("button", { name: /^Make a (new )?link/ }).click();
  const feedUrl = await page.getByLabel("Calendar subscription URL").inputValue();
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  const uids = () =>
    page.request
      .get(feedUrl)
      .then((answer) => answer.text())
      .then((text) =>
        Object.values(ical.sync.parseICS(text))
          .filter((entry): entry is VEvent => entry?.type === "VEVENT")
          .map((event) => event.uid),
      );
  expect((await uids()).some((uid) => uid.startsWith(`${booking.id}@`))).toBe(true);
  expect((await page.request.get(feedUrl.replace(/key=[^&]+/, `key=${"A".repeat(43)}`))).status()).toBe(404);

  await item.getByText("Cancel…").click();
  await item.getByRole("button", { name: `Cancel this demo and e-mail Agenda ${tag}` }).click();
  // The toast itself: while Radix announces it, a live region repeats its text ("Notification Demo cancelled…").
  await expect(page.locator('[data-toast-type="success"]')).toContainText("Demo cancelled");
  await expect(page.getByRole("listitem").filter({ hasText: `Agenda ${tag}` })).toHaveCount(0);
  const [after] = await sql`select status, sequence from demo_bookings where id = ${booking.id}`;
  expect(after).toEqual({ status: "cancelled", sequence: 1 });
  expect((await uids()).some((uid) => uid.startsWith(`${booking.id}@`))).toBe(false);
});
