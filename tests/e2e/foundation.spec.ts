import { expect, test } from "../support/fixtures";

test("serves the server-rendered page with an enforced CSP whose nonce is on every script", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const csp = response.headers()["content-security-policy"];
  expect(csp).toBeTruthy();
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/form-action 'self' \S+/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers()["x-powered-by"]).toBeUndefined();

  const html = await response.text();
  expect(html).toContain('<main id="main-content"');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  expect(scripts.length).toBeGreaterThan(0);
  // JSON-LD is data, not script, but carries the nonce too; every executable script must.
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
});

test("unknown pages answer 404 with the spec's texts, unknown API paths answer JSON 404", async ({ page, request }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();

  const api = await request.post("/api/no-such", { data: {} });
  expect(api.status()).toBe(404);
  expect(api.headers()["content-type"]).toContain("application/json");
  expect(await api.json()).toEqual({ error: "No such API endpoint." });
});

test("/healthz reports the database and that pages render", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "up", rendering: "ok" });
});

test("a toast set by an action shows after the redirect: in the server HTML without JS, as a Radix toast with JS", async ({
  page,
}, testInfo) => {
  const noJs = testInfo.project.name === "nojs";
  await page.goto("/#demo-booking");
  const form = page.locator("#demo-booking");
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await form.getByLabel("First Name").fill("Rosa");
  await form.getByLabel("Last Name").fill("Delgado");
  await form.getByLabel("Business Email").fill(`rosa.${tag}@delgadohvac.com`);
  await form.getByLabel("Phone Number").fill("555-010-4433");
  await form.getByLabel("Company Name").fill("Delgado HVAC");

  if (noJs) {
    // The POST answers with a redirect; the page after it carries the toast in its HTML.
    const [response] = await Promise.all([
      page.waitForResponse(
        (candidate) => candidate.request().method() === "GET" && new URL(candidate.url()).pathname === "/",
      ),
      form.getByRole("button", { name: "Schedule My Demo" }).click(),
    ]);
    const html = await response.text();
    expect(html).toContain("Demo Request Submitted!");
    await expect(page.getByRole("status").filter({ hasText: "Demo Request Submitted!" })).toBeVisible();
  } else {
    await form.getByRole("button", { name: "Schedule My Demo" }).click();
    const region = page.getByRole("region", { name: /Notifications \(F8\)/ });
    await expect(region.getByText("Demo Request Submitted!")).toBeVisible();
    // At most one visible: Radix renders each toast as an <li> in the F8 viewport.
    await expect(region.locator("li")).toHaveCount(1);
  }
});
