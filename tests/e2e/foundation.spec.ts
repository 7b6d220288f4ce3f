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

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "up" });
});
