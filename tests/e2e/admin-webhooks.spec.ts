// Issue #25: an admin adds a webhook endpoint on /admin/webhooks with plain forms (the same in both projects, with
// and without JavaScript), copies its signing secret from the one page that shows it, and sends a test event that
// a receiver on this machine gets, signed, while the endpoint's log shows the attempt.
//
// The app's own server, not the shared E2E one: production sends webhooks over https only, even to loopback, so
// this server trusts the receiver's throwaway certificate (NODE_EXTRA_CA_CERTS, read at start) and allows private
// addresses (WEBHOOK_ALLOW_PRIVATE). Nothing leaves 127.0.0.1.
import type { IncomingHttpHeaders } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { verifiesWith } from "../fakes/webhook-receiver";
import { startAppServer } from "../support/app-server.mjs";
import { throwawayCertificate } from "../support/throwaway-certificate.mjs";
import { expect, isNoJs, test } from "../support/fixtures";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";

const admin = { username: "webhooks-admin", password: "webhooks-admin-password-1" };

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Servers = {
  certificate: ReturnType<typeof throwawayCertificate>;
  receiver: Server;
  receiverOrigin: string;
  received: Received[];
  app: Awaited<ReturnType<typeof startAppServer>>;
  db: { name: string; url: string };
};
let servers: Servers;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const certificate = throwawayCertificate();
  const received: Received[] = [];
  // The receiver: records each request and answers 200 with a short body, as an integrator's endpoint would.
  const receiver = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("received, thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverOrigin = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const db = await createDatabase("gw_e2e_webhooks");
  const app = await startAppServer({
    env: {
      DATABASE_URL: db.url,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      WEBHOOK_ALLOW_PRIVATE: "true",
      NODE_EXTRA_CA_CERTS: certificate.certPath,
    },
  });
  servers = { certificate, receiver, receiverOrigin, received, app, db };
});

test.afterAll(async () => {
  if (!servers) return;
  await servers.app.stop();
  await new Promise((resolve) => servers.receiver.close(resolve));
  await dropDatabase(servers.db.name).catch(() => {});
  servers.certificate.remove();
});

const toast = (page: Page) => page.locator('[data-toast-type="success"]');

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, "axe really ran its rules").toBeGreaterThan(10);
  expect(
    results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

test("an admin adds an endpoint, sees its secret once, and a test event reaches it signed", async ({
  page,
}, testInfo) => {
  const base = servers.app.baseUrl;
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/admin`);

  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(`${base}/admin/webhooks`);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  // Every event is ticked to begin with; this endpoint asks for leads only.
  const add = page.locator("#add-endpoint");
  // Its own path, so a run that reuses this worker's servers (--repeat-each) counts only its own requests.
  const hookPath = `/hooks/${testInfo.project.name}-${Date.now().toString(36)}`;
  await add.getByLabel("URL").fill(`${servers.receiverOrigin}${hookPath}`);
  await add.getByLabel("Description").fill("Test receiver");
  for (const type of ["demo.booked", "demo.rescheduled", "demo.cancelled", "order.created", "order.paid"]) {
    await add.getByLabel(type, { exact: true }).uncheck();
  }
  await expect(add.getByLabel("lead.created", { exact: true })).toBeChecked();
  await add.getByRole("button", { name: "Add endpoint" }).click();

  // The new endpoint's page, with its secret this once.
  await expect(toast(page)).toContainText("Endpoint added");
  await expect(page).toHaveURL(new RegExp(`^${base}/admin/webhooks/[^/]+$`));
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const secretBox = page.getByRole("textbox", { name: "Signing secret" });
  await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expect(page.getByTestId("new-secret")).toContainText("Copy it now: it will not be shown again.");
  const secret = await secretBox.inputValue();
  if (!isNoJs(testInfo)) await expectAxeClean(page);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
  await expect(secretBox).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(toast(page)).toContainText("Test event queued");

  // The app's outbox worker sends it within a poll or two.
  const receivedHere = () => servers.received.filter((request) => request.path === hookPath);
  await expect.poll(() => receivedHere().length, { timeout: 20_000 }).toBe(1);
  const [request] = receivedHere();
  expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
  expect(request.headers["webhook-timestamp"]).toMatch(/^\d+$/);
  expect(request.headers["webhook-signature"]).toMatch(/^v1,/);
  // Signed with the secret the page showed, checked as the specification says (not with the library the app signs
  // with; see tests/fakes/webhook-receiver.ts).
  const header = (name: string) => String(request.headers[name]);
  expect(
    verifiesWith(secret, header("webhook-id"), header("webhook-timestamp"), request.body, header("webhook-signature")),
  ).toBe(true);
  expect(JSON.parse(request.body)).toMatchObject({
    id: request.headers["webhook-id"],
    type: "webhook.test",
    version: 1,
  });

  // The attempt is logged just after the answer came, and the delivery marked delivered just after that (two
  // writes): reload until the page shows both.
  const attempts = page.getByTestId("webhook-attempts");
  await expect(async () => {
    await page.reload();
    await expect(attempts.getByRole("row").nth(1)).toContainText("webhook.test", { timeout: 1_000 });
    await expect(page.locator("#delivery-log").getByRole("row").nth(1)).toContainText("delivered", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const attempt = attempts.getByRole("row").nth(1);
  await expect(attempt.getByRole("cell").nth(2)).toHaveText("200");
  await expect(attempt.locator("code")).toHaveText("received, thanks");
});
