import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { CROSS_SITE_MESSAGE } from "~/utils/http/request.server";

async function signIn(page: Page) {
  await page.getByLabel("Username").fill("e2e-admin");
  await page.getByLabel("Password").fill("e2e-admin-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign-in with a redirectTo that hides another site behind a tab stays on this site", async ({ page, baseURL }) => {
  // Were the browser sent off-site, it would land here instead of on a DNS error.
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Phished</h1>" }),
  );
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Demo requests" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(page.url()).pathname).toBe("/admin");
});

test("a sign-in posted from a page with no origin (Origin: null) gets a 403 page with its reason, not a 500", async ({
  page,
  baseURL,
}) => {
  // A data: page has an opaque origin, so Chromium sends "Origin: null", as from a sandboxed frame. Remix's own
  // check used to answer that with a bare 500.
  const form = `<form method="post" action="${baseURL}/admin/login">
    <input name="username" value="e2e-admin"><input name="password" value="e2e-admin-password-1"><input name="redirectTo" value="/admin">
    <button>Send</button></form>`;
  await page.goto(`data:text/html,${encodeURIComponent(form)}`);
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Send" }).click();
  const response = await answered;
  expect(response.request().headers().origin).toBe("null");
  expect(response.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(CROSS_SITE_MESSAGE);
});

test("a demo request posted from a page with no origin gets the landing page with a 403, not a 500", async ({
  page,
  baseURL,
}) => {
  const form = `<form method="post" action="${baseURL}/?index">
    <input name="intent" value="demo-request"><input name="firstName" value="Ana"><button>Send</button></form>`;
  await page.goto(`data:text/html,${encodeURIComponent(form)}`);
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Send" }).click();
  const response = await answered;
  expect(response.status()).toBe(403);
  // The refusal travels through the page action's own refusal path (shown on the page by that path).
  expect(await response.text()).toContain(CROSS_SITE_MESSAGE.slice(0, 60));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
