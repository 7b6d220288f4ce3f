// The landing page's view beacon (issue #16, ADR 0021): one report per document load, by navigator.sendBeacon with
// JavaScript and by the <noscript> pixel without, answered 204; allowed by the CSP (a violation fails the test, see
// fixtures) and gone before hydration. What is counted is checked on a server of its own
// (tests/integration/funnel-walk-through.test.ts): this server's counters are shared by every test running at once.
import type { Request } from "@playwright/test";
import { expect, isNoJs, test, waitForHydration, waitForQuietNetwork } from "../support/fixtures";

const isEventReport = (request: Request) => new URL(request.url()).pathname === "/api/events";

test("the landing page reports one view: a beacon with JavaScript, the noscript pixel without", async ({
  page,
}, testInfo) => {
  const reports: Request[] = [];
  page.on("request", (request) => {
    if (isEventReport(request)) reports.push(request);
  });
  const reported = page.waitForRequest(isEventReport);
  await page.goto("/");
  const report = await reported;
  expect((await report.response())?.status()).toBe(204);
  if (isNoJs(testInfo)) {
    expect(report.method()).toBe("GET");
    expect(new URL(report.url()).searchParams.get("event")).toBe("landing_view");
  } else {
    expect(report.method()).toBe("POST");
    expect(report.postData()).toBe("landing_view");
    await waitForHydration(page);
  }
  await waitForQuietNetwork(page);
  // With JavaScript the <noscript> pixel is inert: the beacon is the one report.
  expect(reports).toHaveLength(1);
});

test("a page with the checkout open reports no landing view: its steps are counted by the server", async ({
  page,
}, testInfo) => {
  const reports: Request[] = [];
  page.on("request", (request) => {
    if (isEventReport(request)) reports.push(request);
  });
  await page.goto("/?checkout=info");
  await expect(page.getByRole("dialog")).toBeVisible();
  if (!isNoJs(testInfo)) await waitForHydration(page);
  await waitForQuietNetwork(page);
  expect(reports).toHaveLength(0);
});
