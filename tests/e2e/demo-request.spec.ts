import type { Page, Request } from "@playwright/test";
import postgres from "postgres";
import { startAppServer } from "../support/app-server.mjs";
import {
  booking,
  expectLead,
  fillLead,
  openForm,
  requestAnotherDemo,
  submitButton,
  toast,
  uniqueLead,
  type Lead,
} from "../support/demo-form";
import { expect, isNoJs, test } from "../support/fixtures";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { startTcpProxy, throughProxy } from "../support/tcp-proxy.mjs";

/** The visitor of these tests; each test gives her an e-mail address of its own (uniqueLead). */
const dana = {
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@whitfieldplumbing.com",
  phone: "+1 (555) 010-7788",
  company: "Whitfield Plumbing & Drain",
  dealVolume: "26-50",
  challenges: "Estimates sit for days before anyone follows up.",
};

/**
 * The spec's flow exactly: only the spec's fields, the time picker left as it is (issue #22, ADR 23). Picking a
 * time, or "None of these times work", is demo-booking.spec.ts's.
 */
async function fillForm(page: Page, lead: Lead) {
  await fillLead(page, lead);
}

test.describe("demo request form", () => {
  test("renders the section, the labelled fields, the hidden honeypot and the small print", async ({ page }) => {
    await openForm(page);
    const section = page.locator("section#demo");
    for (const item of [
      "Complete Platform Walkthrough",
      "Custom Workflow Demo",
      "ROI Calculator Session",
      "Implementation Roadmap",
    ]) {
      await expect(section.getByText(item, { exact: true })).toBeVisible();
    }
    await expect(section.getByText("15-minute demo, no sales pressure, instant access to trial")).toBeVisible();
    const form = booking(page);
    await expect(form.getByLabel("Business Email")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await expect(form.getByLabel("What are your biggest challenges?")).toHaveAttribute("rows", "3");
    for (const [label, autocomplete] of [
      ["First Name", "given-name"],
      ["Last Name", "family-name"],
      ["Business Email", "email"],
      ["Phone Number", "tel"],
      ["Company Name", "organization"],
    ]) {
      await expect(form.getByLabel(label)).toHaveAttribute("required", "");
      await expect(form.getByLabel(label)).toHaveAttribute("autocomplete", autocomplete);
    }
    await expect(form.getByLabel("Monthly deal volume").locator("option")).toHaveText([
      "Select deal volume",
      "1-10 deals",
      "11-25 deals",
      "26-50 deals",
      "51-100 deals",
      "100+ deals",
    ]);
    // The trap field: a name no autofill knows, never filled by the browser, out of reach of keyboards and readers.
    const trap = page.locator("input[name=gw_trap]");
    await expect(trap).not.toBeInViewport();
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(page.locator(".honeypot")).toHaveCount(1);
    await expect(page.locator(".honeypot")).toHaveAttribute("aria-hidden", "true");
    await expect(form.getByText(/agree to receive communications/)).toContainText("Privacy Policy");
    await expect(form.locator('a[href="#"]')).toHaveCount(0);
    await expect(submitButton(page)).toHaveText("Schedule My Demo");
  });

  test("a valid submission shows the thank-you panel and the toast, and stores exactly one row", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = uniqueLead(testInfo, dana);
    await openForm(page);
    // Set only in a live JS page: it survives only if the submit did not reload the document.
    if (!isNoJs(testInfo))
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await fillForm(page, { ...lead, firstName: `  ${lead.firstName}  ` });
    await submitButton(page).click();

    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    await expect(booking(page).getByText("within 24 hours")).toBeVisible();
    await expect(booking(page).getByText("Expected response time: 2-4 hours during business days")).toBeVisible();
    await expect(toast(page, "success")).toBeVisible();
    await expect(toast(page, "success")).toContainText("Demo Request Submitted!");
    await expect(toast(page, "success")).toContainText(
      "We'll contact you within 24 hours to schedule your personalized demo.",
    );
    if (!isNoJs(testInfo))
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    const rows = await sql`select * from demo_requests where email = ${lead.email}`;
    expect(rows).toHaveLength(1);
    // No time picked: a request to be called, not a booking.
    expect(await sql`select id from demo_bookings where demo_request_id = ${rows[0].id}`).toHaveLength(0);
    expect(rows[0]).toMatchObject({
      first_name: lead.firstName,
      last_name: lead.lastName,
      phone: lead.phone,
      company: lead.company,
      deal_volume: lead.dealVolume,
      challenges: lead.challenges,
    });

    // A refresh shows the thank-you again and does not resubmit.
    await page.reload();
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(1);

    // "Request another demo" brings back an empty form.
    await requestAnotherDemo(page);
  });

  test("invalid e-mail, phone and blank required fields show field errors and store nothing", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = uniqueLead(testInfo, dana);
    await openForm(page);
    const form = booking(page);
    const invalid = { ...lead, firstName: "   ", email: lead.email.replace(/\.com$/, ""), phone: "call 55" };

    if (!isNoJs(testInfo)) {
      // With JS, an empty submit is checked in the browser by the same schema, field by field.
      await submitButton(page).click();
      for (const [label, message] of [
        ["First Name", "First name is required"],
        ["Last Name", "Last name is required"],
        ["Business Email", "Valid email address is required"],
        ["Phone Number", "Valid phone number is required"],
        ["Company Name", "Company name is required"],
      ]) {
        const input = form.getByLabel(label);
        await expect(input).toHaveAttribute("aria-invalid", "true");
        const describedBy = await input.getAttribute("aria-describedby");
        await expect(page.locator(`#${describedBy}`)).toHaveText(message);
      }
      // The spec's fields are the only ones with errors: the time picker asks for nothing.
      await expect(form.locator("#demo-slotStart-error")).toHaveCount(0);
    }

    // Values the browser itself accepts but the schema refuses reach the server without JS: 422.
    await fillForm(page, invalid);
    const responsePromise = page
      .waitForResponse((response) => response.request().method() === "POST", { timeout: 5_000 })
      .catch(() => null);
    await submitButton(page).click();
    if (isNoJs(testInfo)) {
      const response = await responsePromise;
      expect(response?.status()).toBe(422);
    }
    for (const [label, message] of [
      ["First Name", "First name is required"],
      ["Business Email", "Valid email address is required"],
      ["Phone Number", "Valid phone number is required (7-30 characters: digits, spaces, + ( ) - .)"],
    ]) {
      const input = form.getByLabel(label);
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`#${await input.getAttribute("aria-describedby")}`)).toHaveText(message);
    }
    await expect(form.getByLabel("Company Name")).not.toHaveAttribute("aria-invalid", "true");
    // What the visitor typed is still there.
    await expectLead(page, invalid);
    expect(
      await sql`select id from demo_requests where email = ${invalid.email} or email = ${lead.email}`,
    ).toHaveLength(0);
  });

  test("the submit button reads Scheduling... and is disabled while the request is pending", async ({
    page,
    sql,
  }, testInfo) => {
    test.skip(isNoJs(testInfo), "without JavaScript the browser's own loading indicator is the pending state");
    const lead = uniqueLead(testInfo, dana);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await openForm(page);
    await fillForm(page, lead);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveText("Scheduling...");
    await expect(submitButton(page)).toBeDisabled();
    release();
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(1);
  });

  test("a double click stores one row", async ({ page, sql }, testInfo) => {
    const lead = uniqueLead(testInfo, dana);
    await openForm(page);
    await fillForm(page, lead);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });
    await submitButton(page).dblclick();
    await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible();
    // Every request the double click sent has been answered (or dropped by the browser) before counting.
    expect(posts.length).toBeGreaterThan(0);
    await Promise.all(posts.map((post) => post.response()));
    expect(await sql`select id from demo_requests where email = ${lead.email}`).toHaveLength(1);
  });

  test("two identical POSTs with the same submission id store one row and both get the thank-you", async ({
    page,
    sql,
  }, testInfo) => {
    const lead = uniqueLead(testInfo, dana);
    await openForm(page);
    // The served page is the same for everyone and carries no id (ADR 0019): the browser mints one when it
    // hydrates. Without JavaScript the form has none, and two identical POSTs are one lead by their details.
    const idInput = booking(page).locator("input[name=submissionId]");
    let submissionId: string | undefined;
    if (isNoJs(testInfo)) {
      await expect(idInput).toHaveCount(0);
    } else {
      await expect(idInput).toHaveCount(1);
      submissionId = (await idInput.getAttribute("value"))!;
      expect(submissionId).toMatch(/^[0-9a-f]{32}$/);
    }
    const form = { intent: "demo-request", ...lead, ...(submissionId ? { submissionId } : {}), gw_trap: "" };
    const origin = new URL(page.url()).origin;
    const [first, second] = await Promise.all(
      [0, 1].map(() => page.request.post("/?index", { form, headers: { Origin: origin }, maxRedirects: 0 })),
    );
    for (const response of [first, second]) {
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe("/#demo");
    }
    const rows = await sql`select submission_id from demo_requests where email = ${lead.email}`;
    expect(rows).toHaveLength(1);
    if (submissionId) expect(rows[0].submission_id).toBe(submissionId);
    else expect(rows[0].submission_id).toMatch(/^form-[0-9a-f-]{36}$/);
  });

  test("with the database unreachable the form keeps its values and shows the Error toast; nothing is half-written", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const database = await createDatabase("gw_demo_down");
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
    const direct = postgres(database.url, { max: 1, onnotice: () => {} });
    const server = await startAppServer({
      env: { DATABASE_URL: throughProxy(database.url, proxy.port), OUTBOX_WORKER: "off" },
    });
    try {
      const lead = uniqueLead(testInfo, dana);
      await openForm(page, { url: server.baseUrl });
      await fillForm(page, lead);
      proxy.cut();

      await submitButton(page).click();
      await expect(toast(page, "error")).toBeVisible({ timeout: 20_000 });
      await expect(toast(page, "error").getByText("Error", { exact: true })).toBeVisible();
      await expect(toast(page, "error")).toContainText("Failed to submit demo request. Please try again.");
      await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toHaveCount(0);
      await expectLead(page, lead);
      expect(server.output()).toContain("demo request failed");
      expect(server.output()).toMatch(/"requestId":"[^"]+"/);

      // Nothing was written; once the database is back the same form goes through, once.
      proxy.restore();
      expect(await direct`select id from demo_requests`).toHaveLength(0);
      expect(await direct`select id from outbox`).toHaveLength(0);
      await submitButton(page).click();
      await expect(booking(page).getByRole("heading", { name: "Thank You for Your Demo Request!" })).toBeVisible({
        timeout: 20_000,
      });
      const rows = await direct`select id from demo_requests where email = ${lead.email}`;
      expect(rows).toHaveLength(1);
      expect(await direct`select id from outbox where payload->>'demoRequestId' = ${rows[0].id}`).toHaveLength(1);
    } finally {
      await server.stop();
      await proxy.close();
      await direct.end({ timeout: 5 });
      await dropDatabase(database.name);
    }
  });
});
