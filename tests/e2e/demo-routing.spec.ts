import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import postgres from "postgres";
import { startAppServer } from "../support/app-server.mjs";
import {
  booking,
  fillLead,
  openForm,
  requestAnotherDemo,
  submitButton,
  uniqueLead,
  type Lead,
} from "../support/demo-form";
import { expect, isNoJs, test } from "../support/fixtures";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

// Issue #54, the visitor's side (ADR 0057): the picker offers the routed team's times. The shared E2E server keeps
// the default setup (no rules), so this file runs a server of its own on a database of its own, set up with:
//   - Sam (host-1) in the mornings, in the "Small crews" team; Lena (host-2) in the afternoons, in "Large accounts";
//     Kai (host-3) in the afternoons too, in "Mid-size accounts";
//   - the rules, in order: a known e-mail → its owner, else Mid-size accounts; Property Management → request-only;
//     100+ deals → Large accounts; 1-10 deals → self-serve (Business Builder) beside Small crews' times; 11-25 deals
//     → Mid-size accounts.
// Leads no rule matches meet any host, as before routing. Every other test's address is new, so the first rule is
// the owner test's alone.

const businessZone = "America/Chicago";
const morning = { startMinute: 9 * 60, endMinute: 12 * 60 };
const afternoon = { startMinute: 13 * 60, endMinute: 17 * 60 };
const weekdays = [1, 2, 3, 4, 5];
const ownerRule = "Known leads meet their owner";

let server: Awaited<ReturnType<typeof startAppServer>>;
let database: { name: string; url: string };
let sql: postgres.Sql;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createDatabase("gw_demo_routing");
  server = await startAppServer({
    env: {
      DATABASE_URL: database.url,
      OUTBOX_WORKER: "off",
      RATE_LIMIT_PER_CLIENT: "100000",
      RATE_LIMIT_PER_EMAIL: "100000",
      RATE_LIMIT_GLOBAL: "100000",
      DEMO_BOOKING_PACE_PERCENT: "100",
      // The setup below is written straight into the database: the server's copy of it lasts a second.
      AVAILABILITY_MAX_AGE_SECONDS: "1",
    },
  });
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const host = (id: string, name: string, hours: { startMinute: number; endMinute: number }) => ({
    id,
    name,
    email: `${id}@groundwork.test`,
    time_zone: businessZone,
    weekly_hours: sql.json(weekdays.map((weekday) => ({ weekday, ...hours }))),
  });
  // Upserted: the server may have seeded its default hosts (host-1, host-2) already.
  await sql`
    insert into demo_hosts ${sql([
      host("host-1", "Sam Ortiz", morning),
      host("host-2", "Lena Park", afternoon),
      host("host-3", "Kai Moreno", afternoon),
    ])}
    on conflict (id) do update set name = excluded.name, email = excluded.email, time_zone = excluded.time_zone,
      weekly_hours = excluded.weekly_hours, active = true`;
  await sql`
    insert into demo_routing_teams (id, name)
    values ('team-small', 'Small crews'), ('team-large', 'Large accounts'), ('team-mid', 'Mid-size accounts')`;
  await sql`
    insert into demo_routing_team_members (team_id, host_id, weight)
    values ('team-small', 'host-1', 1), ('team-large', 'host-2', 1), ('team-mid', 'host-3', 1)`;
  await sql`
    insert into demo_routing_rules (id, name, position, conditions, outcome, team_id, self_serve_plan_id) values
      ('rule-owner', ${ownerRule}, 1, ${sql.json({ knownEmail: true })}, 'owner', 'team-mid', null),
      ('rule-call', 'Property managers: call back', 2, ${sql.json({ trades: ["Property Management"] })},
        'request-only', null, null),
      ('rule-large', 'Large accounts', 3, ${sql.json({ dealVolumes: ["100+"] })}, 'team', 'team-large', null),
      ('rule-small', 'Small crews start on their own', 4, ${sql.json({ dealVolumes: ["1-10"] })}, 'self-serve',
        'team-small', 'business-builder'),
      ('rule-mid', 'Mid-size accounts', 5, ${sql.json({ dealVolumes: ["11-25"] })}, 'team', 'team-mid', null)`;
  // Past the server's copy of hosts and setup.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
});

test.afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await server?.stop();
  if (database) await dropDatabase(database.name);
});

const picker = (page: Page) => page.locator("#demo-slot");
const timeRadios = (page: Page) => picker(page).locator('input[name="slotStart"]:not([value=""])');

/** The hour of `start` in the business's zone. */
function businessHour(start: string) {
  return Number(
    new Intl.DateTimeFormat("en-US", { timeZone: businessZone, hour: "numeric", hourCycle: "h23" }).format(
      new Date(start),
    ),
  );
}

/** Every time the picker offers (all days with JavaScript; the shown day without). */
async function offeredStarts(page: Page) {
  return timeRadios(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Checks the radio of `start`, on its day's tab with JavaScript. */
async function pickStart(page: Page, start: string) {
  const selector = `input[name="slotStart"][value="${start}"]`;
  const radio = picker(page).locator(selector);
  if (!(await radio.isVisible())) {
    const panel = picker(page).locator('[role="tabpanel"]', { has: page.locator(selector) });
    const tabId = await panel.getAttribute("aria-labelledby");
    await picker(page).locator(`[id="${tabId}"]`).click();
  }
  await radio.check();
}

/**
 * The latest offered time that `fits` (an early one may fall within the notice before the form is sent): without
 * JavaScript only the shown day's times are in the page, so day by day.
 */
async function findStart(page: Page, testInfo: TestInfo, fits: (start: string) => boolean, what: string) {
  const days = picker(page).getByRole("group", { name: "Days" }).getByRole("button");
  for (let day = 0; ; day += 1) {
    const found = (await offeredStarts(page)).filter(fits).at(-1);
    if (found) return found;
    if (!isNoJs(testInfo) || day + 1 >= (await days.count())) throw new Error(`no ${what} is offered`);
    await days.nth(day + 1).click();
  }
}

/** A morning time (Sam's). */
async function findMorningStart(page: Page, testInfo: TestInfo) {
  return findStart(page, testInfo, (start) => businessHour(start) < 12, "morning time");
}

/** Waits until the picker offers afternoon times only: with JavaScript it follows the answers once it has asked. */
async function expectAfternoonsOnly(page: Page) {
  await expect
    .poll(async () => {
      const offered = await offeredStarts(page);
      return offered.length > 0 && offered.every((start) => businessHour(start) >= 13);
    })
    .toBe(true);
}

/** The times (ms) at which the team a new visitor with `dealVolume` is routed to is free, as the API offers them. */
async function freeTimes(request: APIRequestContext, dealVolume: string) {
  const response = await request.get(`${server.baseUrl}/api/demo-slots?dealVolume=${encodeURIComponent(dealVolume)}`);
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { days: { slots: { start: string; free: number }[] }[] };
  return new Set(
    answer.days
      .flatMap((day) => day.slots)
      .filter((slot) => slot.free > 0)
      .map((slot) => Date.parse(slot.start)),
  );
}

/** Without JavaScript the picker follows the answers when the visitor asks for the times again. */
async function showTimesAgain(page: Page, testInfo: TestInfo) {
  if (isNoJs(testInfo)) await picker(page).getByRole("button", { name: "Show times" }).click();
}

async function bookedHost(email: string) {
  const rows = await sql`
    select b.host_id from demo_bookings b join demo_requests r on r.id = b.demo_request_id
    where r.email = ${email} and b.status = 'booked'`;
  return rows.map((row) => row.host_id as string);
}

const bookNowOffer = (page: Page) => booking(page).getByRole("form", { name: "Rather book a time now?" });

const lead: Lead = {
  firstName: "Rosa",
  lastName: "Delgado",
  email: "rosa@delgadoroofing.com",
  phone: "+1 (555) 010-4242",
  company: "Delgado Roofing",
};

test.describe("the picker offers the routed team's times", () => {
  test("a 100+ lead sees only its team's times and books with one of its hosts", async ({ page }, testInfo) => {
    const rosa = uniqueLead(testInfo, { ...lead, dealVolume: "100+" });
    await openForm(page, { url: server.baseUrl, withPicker: true });
    // Unanswered, the times of every host: mornings too.
    const morningStart = await findMorningStart(page, testInfo);
    if (!isNoJs(testInfo)) await pickStart(page, morningStart);

    await fillLead(page, rosa);
    if (isNoJs(testInfo)) {
      // Without JavaScript the visitor may post a time its team is not offered: the server says so, and offers the
      // team's times.
      await pickStart(page, morningStart);
      await submitButton(page).click();
      await expect(booking(page).locator("#demo-slotStart-error")).toBeVisible();
      await expect(booking(page).getByLabel("Monthly deal volume")).toHaveValue("100+");
    } else {
      // With JavaScript the picker follows the answer, and a pick it no longer offers is cleared.
      await expect(picker(page).locator(`input[value="${morningStart}"]`)).toHaveCount(0);
      await expect(picker(page).locator('input[name="slotStart"]:checked')).toHaveCount(0);
    }
    await expect(timeRadios(page).first()).toBeAttached();
    const offered = await offeredStarts(page);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((start) => businessHour(start) < 13)).toEqual([]);

    await pickStart(page, offered[Math.floor(Math.random() * offered.length)]);
    await submitButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Your Demo Is Booked!" })).toBeVisible();
    expect(await bookedHost(rosa.email)).toEqual(["host-2"]);
  });

  test("a 1-10 lead is offered the self-serve path beside its team's times, and can still book", async ({
    page,
  }, testInfo) => {
    const rosa = uniqueLead(testInfo, { ...lead, dealVolume: "1-10" });
    await openForm(page, { url: server.baseUrl, withPicker: true });
    await expect(booking(page).getByRole("link", { name: /Start with/ })).toHaveCount(0);
    await fillLead(page, rosa);
    await showTimesAgain(page, testInfo);

    const offer = booking(page).getByRole("link", { name: "Start with Business Builder" });
    await expect(offer).toBeVisible();
    expect(new URL((await offer.getAttribute("href"))!, server.baseUrl).search).toBe(
      "?checkout=info&plan=business-builder",
    );
    await expect(booking(page).getByLabel("Monthly deal volume")).toHaveValue("1-10");
    await expect(timeRadios(page).first()).toBeAttached();
    const offered = await offeredStarts(page);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((start) => businessHour(start) >= 12)).toEqual([]);

    await pickStart(page, offered[Math.floor(Math.random() * offered.length)]);
    await submitButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Your Demo Is Booked!" })).toBeVisible();
    expect(await bookedHost(rosa.email)).toEqual(["host-1"]);
  });

  test("the self-serve link opens the checkout with its plan and the visit's attribution, as the pricing buttons do", async ({
    page,
  }, testInfo) => {
    await openForm(page, { url: `${server.baseUrl}/?utm_source=newsletter&utm_campaign=spring`, withPicker: true });
    await fillLead(page, { ...uniqueLead(testInfo, lead), dealVolume: "1-10" });
    await showTimesAgain(page, testInfo);
    await booking(page).getByRole("link", { name: "Start with Business Builder" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]checkout=info&plan=business-builder(&|$)/);
    // The order this checkout makes is attributed like one begun from the pricing section.
    await expect(dialog.locator('input[type="hidden"][name="utm_source"]')).toHaveValue("newsletter");
    await expect(dialog.locator('input[type="hidden"][name="utm_campaign"]')).toHaveValue("spring");
  });

  test("a request-only route shows no times, says the team will call, and sends a plain request", async ({
    page,
  }, testInfo) => {
    const rosa = uniqueLead(testInfo, lead);
    await openForm(page, { url: server.baseUrl, withPicker: true });
    await fillLead(page, rosa);
    await booking(page).getByLabel("Trade", { exact: true }).selectOption("Property Management");
    await showTimesAgain(page, testInfo);

    await expect(picker(page)).toContainText("our team will call you to find a time");
    await expect(timeRadios(page)).toHaveCount(0);
    await expect(picker(page).getByLabel("None of these times work — contact me")).toHaveCount(0);
    await expect(booking(page).getByLabel("Trade", { exact: true })).toHaveValue("Property Management");

    await submitButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    await expect(bookNowOffer(page)).toHaveCount(0);
    const [row] = await sql`select id, trade from demo_requests where email = ${rosa.email}`;
    expect(row.trade).toBe("Property Management");
    expect(await bookedHost(rosa.email)).toEqual([]);
  });

  test("the trade is optional: left empty, the form sends as it always did", async ({ page }, testInfo) => {
    const rosa = uniqueLead(testInfo, lead);
    await openForm(page, { url: server.baseUrl });
    const trade = booking(page).getByLabel("Trade", { exact: true });
    await expect(trade).toHaveValue("");
    await expect(trade).not.toHaveAttribute("required");
    await expect(trade.locator("option").first()).toHaveText("Choose your trade (optional)");
    await fillLead(page, rosa);
    await submitButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    const [row] = await sql`select trade from demo_requests where email = ${rosa.email}`;
    expect(row.trade ?? "").toBe("");
  });
});

test.describe("instant booking after the form", () => {
  test("a request sent with no time is offered its team's times on the thank-you, and a time picked there books it", async ({
    page,
  }, testInfo) => {
    const rosa = uniqueLead(testInfo, { ...lead, dealVolume: "100+" });
    await openForm(page, { url: server.baseUrl });
    await fillLead(page, rosa);
    await submitButton(page).click();

    // The spec's thank-you, whole, and below it the offer.
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    await expect(booking(page)).toContainText("Our team will contact you within 24 hours");
    await expect(booking(page)).toContainText("Expected response time: 2-4 hours during business days");
    const offer = bookNowOffer(page);
    await expect(offer).toBeVisible();
    await expect(offer.getByLabel("None of these times work — contact me")).toHaveCount(0);
    const [stored] = await sql`select id from demo_requests where email = ${rosa.email}`;
    expect(stored).toBeDefined();

    // Large accounts' times (Lena's afternoons), on another day than the first shown.
    const days = offer.getByRole("group", { name: "Days" }).getByRole("button");
    await expect(days.nth(1)).toBeVisible();
    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
    const offered = await offeredStarts(page);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((start) => businessHour(start) < 13)).toEqual([]);

    // Sent with no time picked, it says to pick one and keeps the offer.
    await offer.getByRole("button", { name: "Book this time" }).click();
    await expect(picker(page).locator("#demo-slotStart-error")).toHaveText("Pick a time to book it.");

    await picker(page).locator(`input[name="slotStart"][value="${offered[0]}"]`).check();
    await offer.getByRole("button", { name: "Book this time" }).click();
    await expect(booking(page).getByRole("heading", { name: "Your Demo Is Booked!" })).toBeVisible();
    // The lead just stored is the one booked: no second lead.
    expect((await sql`select id from demo_requests where email = ${rosa.email}`).map((row) => row.id)).toEqual([
      stored.id,
    ]);
    expect(await bookedHost(rosa.email)).toEqual(["host-2"]);
  });

  test("ignoring the offer leaves the spec's thank-you: another demo starts a fresh form", async ({
    page,
  }, testInfo) => {
    await openForm(page, { url: server.baseUrl });
    await fillLead(page, uniqueLead(testInfo, lead));
    await submitButton(page).click();
    await expect(bookNowOffer(page)).toBeVisible();
    await requestAnotherDemo(page);
    await expect(bookNowOffer(page)).toHaveCount(0);
  });
});

test.describe("a known lead meets their owner", () => {
  test("a returning lead books with the host of their last demo when free, not with their answers' team", async ({
    page,
    request,
  }, testInfo) => {
    // The first demo, from a new address: 100+ deals → Large accounts → Lena, the lead's owner from then on.
    const rosa = uniqueLead(testInfo, { ...lead, dealVolume: "100+" });
    await openForm(page, { url: server.baseUrl, withPicker: true });
    await fillLead(page, rosa);
    await showTimesAgain(page, testInfo);
    await expectAfternoonsOnly(page);
    // The latest: an early time may fall within the notice before the form is sent.
    await pickStart(page, (await offeredStarts(page)).at(-1)!);
    await submitButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Your Demo Is Booked!" })).toBeVisible();
    await expect(booking(page).getByTestId("demo-booked-host")).toHaveText("Your host: Lena Park");
    await requestAnotherDemo(page);

    // The same address again, with other details (not taken for a repeat of the first form): 11-25 deals alone
    // would go to Mid-size accounts, Kai. Picked: a time both Kai and Lena are free at, so only the owner rule
    // makes it Lena's. Without JavaScript the re-render routes the posted e-mail (Kai's and Lena's times); with it
    // the picker, which never sees the e-mail, offers Kai's.
    const returning = { ...rosa, dealVolume: "11-25", phone: "+1 (555) 010-4343", challenges: "Booking a second look" };
    await openForm(page, { url: server.baseUrl, withPicker: true });
    await fillLead(page, returning);
    await showTimesAgain(page, testInfo);
    await expectAfternoonsOnly(page);
    const [lenaFree, kaiFree] = await Promise.all([freeTimes(request, "100+"), freeTimes(request, "11-25")]);
    const bothFree = (start: string) => lenaFree.has(Date.parse(start)) && kaiFree.has(Date.parse(start));
    await pickStart(page, await findStart(page, testInfo, bothFree, "time both Lena and Kai are free at"));
    await submitButton(page).click();
    await expect(booking(page).getByRole("heading", { name: "Your Demo Is Booked!" })).toBeVisible();
    await expect(booking(page).getByTestId("demo-booked-host")).toHaveText("Your host: Lena Park");

    expect(await bookedHost(rosa.email)).toEqual(["host-2", "host-2"]);
    const [second] = await sql`
      select routing from demo_requests where email = ${rosa.email} and deal_volume = '11-25'`;
    expect(second.routing).toMatchObject({
      rule: { id: "rule-owner", name: ownerRule },
      outcome: "owner",
      answers: { knownEmail: true },
      host: { id: "host-2", reason: "the lead's owner (the host of their last demo), free at that time" },
    });
  });
});
