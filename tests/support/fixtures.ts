import { test as base, expect, type Page } from "@playwright/test";
import postgres from "postgres";
import { databaseUrl } from "./postgres.mjs";

type Fixtures = { consoleProblems: string[] };
type WorkerFixtures = { sql: postgres.Sql };

// Browser messages that mean the page is broken even when every assertion passed.
const problemPatterns = [/Content Security Policy/i, /Minified React error/i, /Hydration/i, /did not match/i];

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Fails any test whose page reported a CSP violation, a hydration mismatch or an uncaught error.
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (problemPatterns.some((pattern) => pattern.test(message.text()))) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, "browser console problems").toEqual([]);
    },
    { auto: true },
  ],
  // The E2E server's database, to check what was stored.
  sql: [
    async ({}, use) => {
      const sql = postgres(databaseUrl(process.env.E2E_DB_NAME!), { max: 2, onnotice: () => {} });
      await use(sql);
      await sql.end({ timeout: 5 });
    },
    { scope: "worker" },
  ],
});

export { expect };

/** True in the project that runs without JavaScript. */
export function isNoJs(testInfo: { project: { name: string } }) {
  return testInfo.project.name === "nojs";
}

/** With JS: waits until React has hydrated the page (the header's menu toggle then says whether the menu is open). */
export async function waitForHydration(page: Page) {
  await expect(page.locator("#site-header summary[aria-expanded]").first()).toBeAttached();
}

/** Signs in on /admin/login as the E2E server's admin (tests/support/e2e-server.mjs) and lands on /admin. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill("e2e-admin");
  await page.getByLabel("Password").fill("e2e-admin-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * With JS: the parts whose code loads on demand (the FAQ's accordion, the demo form's calendar picker; see
 * useLoadedWhenNear in app/utils/use-loaded-when-near.ts) load it when the visitor nears them or first interacts
 * with the page. A key press is such an interaction; this presses one and waits until the FAQ is an accordion.
 */
export async function loadOnDemandParts(page: Page) {
  await waitForHydration(page);
  await page.keyboard.press("Shift");
  await expect(page.locator("#faq button[aria-expanded]").first()).toBeAttached();
}

/**
 * Waits for the load event and then until the page has started no request for `quietMs`: the moment for asserting
 * that something was not fetched or sent. Not Playwright's networkidle, which also waits for every request to report
 * its end: in a CI run without JavaScript one never did, and the test timed out.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500) {
  let lastRequestAt = Date.now();
  const onRequest = () => (lastRequestAt = Date.now());
  page.on("request", onRequest);
  try {
    await page.waitForLoadState("load");
    for (let quietFor = 0; quietFor < quietMs; quietFor = Date.now() - lastRequestAt) {
      await page.waitForTimeout(quietMs - quietFor);
    }
  } finally {
    page.off("request", onRequest);
  }
}
