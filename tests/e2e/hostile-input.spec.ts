import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { CROSS_SITE_MESSAGE } from "../../app/utils/request.server";

async function signIn(page: Page) {
  await page.getByLabel("Username").fill("e2e-admin");
  await page.getByLabel("Password").fill("e2e-admin-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign-in with a redirectTo that hides another site behind a tab stays on this site", async ({ page, baseURL }) => {
  // Were the browser sent off-site, it would land here instead of on a DNS error.
  await page.route("http://evil.example/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Phished</h1>" }));
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Demo requests" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(page.url()).pathname).toBe("/admin");
});

test("a sign-in posted with a null Origin is refused with a 403 and its reason, with and without JavaScript", async ({ page }) => {
  await page.goto("/admin/login");
  // What a sandboxed frame or a privacy tool sends; Remix's own check used to answer it with a bare 500.
  await page.route("**/admin/login**", (route) =>
    route.request().method() === "POST" ? route.continue({ headers: { ...route.request().headers(), origin: "null" } }) : route.continue(),
  );
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await signIn(page);
  expect((await answered).status()).toBe(403);
  await expect(page.getByRole("alert")).toHaveText(CROSS_SITE_MESSAGE);
  await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
});
