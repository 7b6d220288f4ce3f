// Issue #25: the admins' webhook pages, through their route modules (loaders and actions) on both databases.
// Nothing here delivers a webhook: no outbox worker runs, so the endpoints' URLs are never connected to, and every
// URL is an IP literal or loopback, so no name is ever looked up either.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { outbox, webhookEndpoints } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import {
  disableEndpoint,
  ENVIRONMENT_ENDPOINT_ID,
  findEndpoint,
  openSigningSecret,
} from "~/models/webhooks/endpoint.server";
import { webhookDeliveryKind, type WebhookDeliveryPayload } from "~/models/webhooks/event.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.webhooks";
import { action as endpointAction, loader as endpointLoader } from "~/routes/admin.webhooks_.$endpointId";
import { applyWebhookEnvironment } from "~/services/webhooks/endpoints.server";
import { setClock } from "~/utils/time/clock.server";
import { forget } from "~/utils/singleton.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

// Monday 2027-02-01, 14:00 UTC.
const T0 = new Date("2027-02-01T14:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

// Loopback is where these suites may point endpoints (WEBHOOK_ALLOW_PRIVATE=true, as in development); port 9
// (discard) in case anything ever did connect. The environment's endpoint is declared the same way.
const environmentSettings = {
  // Fixed, so the session survives withAllowPrivate re-reading the environment (unset, each read draws a new one).
  SESSION_SECRET: "webhooks-admin-suite-session-secret-0123456789",
  WEBHOOK_ALLOW_PRIVATE: "true",
  WEBHOOK_URL: "http://127.0.0.1:9/environment-hook",
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
};

type Fields = Record<string, string | string[]>;

/** A form body; an array is a repeated field (the event checkboxes). */
function formBody(fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body;
}

/** The `name=value` of the cookie `name` that `response` sets, or undefined. */
function setCookie(response: Response, name: string) {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header?.split(";")[0];
}

/** The toast a redirect carries, as the next page would show it. */
async function toastOf(response: Response) {
  const cookie = setCookie(response, "gw_toast");
  if (!cookie) return undefined;
  return (await getToast(new Request(origin, { headers: { Cookie: cookie } }))).toast;
}

/** Runs `check` with WEBHOOK_ALLOW_PRIVATE set to `value`, as a deployment would start with it. */
async function withAllowPrivate(value: "true" | "false", check: () => Promise<void>) {
  process.env.WEBHOOK_ALLOW_PRIVATE = value;
  forget("env");
  try {
    await check();
  } finally {
    process.env.WEBHOOK_ALLOW_PRIVATE = environmentSettings.WEBHOOK_ALLOW_PRIVATE;
    forget("env");
  }
}

describeWithDatabases(
  "admin: webhook endpoints (issue #25)",
  (kind) => {
    let session: string;

    const request = (path: string, fields?: Fields, cookies: string[] = []) =>
      new Request(`${origin}${path}`, {
        method: fields ? "POST" : "GET",
        headers: {
          Cookie: [session, ...cookies].join("; "),
          ...(fields ? { "Content-Type": "application/x-www-form-urlencoded", Origin: origin } : {}),
        },
        body: fields ? formBody(fields) : undefined,
      });
    const endpointArgs = (endpointId: string, fields?: Fields, cookies?: string[]) => ({
      ...args(request(`/admin/webhooks/${endpointId}`, fields, cookies)),
      params: { endpointId },
    });

    const create = (fields: Fields) => respond(() => listAction(args(request("/admin/webhooks", fields))));
    const act = (endpointId: string, fields: Fields) => respond(() => endpointAction(endpointArgs(endpointId, fields)));
    const page = async (endpointId: string, cookies?: string[]) => {
      const response = await respond(() => endpointLoader(endpointArgs(endpointId, undefined, cookies)));
      return { response, data: await response.json() };
    };

    let endpointCount = 0;
    const validEndpoint = (changes: Fields = {}): Fields => {
      endpointCount += 1;
      return {
        intent: "create",
        url: `http://127.0.0.1:9/hooks/${kind}-${endpointCount}`,
        description: `Endpoint ${endpointCount}`,
        eventTypes: ["lead.created", "order.paid"],
        active: "on",
        ...changes,
      };
    };

    /** Adds an endpoint through the form; returns its id and the response (with the secret's cookie). */
    async function added(changes: Fields = {}) {
      const response = await create(validEndpoint(changes));
      expect(response.status).toBe(302);
      const [, id] = /^\/admin\/webhooks\/([^/#]+)#new-secret$/.exec(response.headers.get("Location")!)!;
      return { id, response };
    }

    const deliveriesOf = async (endpointId: string) =>
      getDb()
        .select()
        .from(outbox)
        .where(sql`${outbox.kind} = ${webhookDeliveryKind} and ${outbox.payload}->>'endpointId' = ${endpointId}`)
        .orderBy(outbox.seq);

    /** A delivery as the worker leaves it, created at `createdAt`. */
    async function delivery(endpointId: string, createdAt: string, status: "pending" | "delivered" | "failed") {
      const id = crypto.randomUUID();
      const payload: WebhookDeliveryPayload = {
        endpointId,
        recordKey: `lead:${id}`,
        event: {
          id: `msg_${id.replaceAll("-", "")}`,
          type: "lead.created",
          version: 1,
          timestamp: createdAt,
          data: {},
        },
      };
      await getDb()
        .insert(outbox)
        .values({
          id,
          kind: webhookDeliveryKind,
          payload,
          status,
          attempts: status === "pending" ? 0 : 17,
          lastError: status === "failed" ? "HTTP 503" : null,
          createdAt: new Date(createdAt),
          nextAttemptAt: new Date(createdAt),
        });
      return id;
    }

    beforeAll(async () => {
      setClock(T0);
      await applyWebhookEnvironment();
      await createUser(`webhooks-${kind}`, "a-long-admin-password-42");
      session = await signIn(`webhooks-${kind}`, "a-long-admin-password-42");
    });
    afterAll(() => {
      setClock(undefined);
      for (const name of Object.keys(environmentSettings)) delete process.env[name];
    });

    it("create: refuses a bad URL, plain http to another host and no events, with the values kept", async () => {
      const before = (await getDb().select().from(webhookEndpoints)).length;

      const badUrl = await create(validEndpoint({ url: "crm.example.com/hook", description: "Kept" }));
      expect(badUrl.status).toBe(400);
      expect(await badUrl.json()).toEqual({
        form: "endpoint",
        values: {
          url: "crm.example.com/hook",
          description: "Kept",
          eventTypes: ["lead.created", "order.paid"],
          active: true,
        },
        errors: { url: "Enter a full URL, like https://crm.example.com/hooks/groundwork." },
      });

      // Decided by the URL's shape alone: the name is never looked up.
      const plainHttp = await create(validEndpoint({ url: "http://crm.example.com/hook" }));
      expect(plainHttp.status).toBe(400);
      expect((await plainHttp.json()).errors).toEqual({
        url: "Plain http is only allowed for this machine (localhost); use https://.",
      });

      // No box ticked: the browser sends no eventTypes field at all.
      const noEvents = validEndpoint({ eventTypes: [] });
      const withoutEvents = await create(noEvents);
      expect(withoutEvents.status).toBe(400);
      const answer = await withoutEvents.json();
      expect(answer.errors).toEqual({ eventTypes: "Choose at least one event to send" });
      expect(answer.values).toMatchObject({ url: noEvents.url, eventTypes: [] });

      const unknownEvent = await create(validEndpoint({ eventTypes: ["lead.deleted"] }));
      expect((await unknownEvent.json()).errors).toEqual({ eventTypes: "Choose events from the list" });

      const empty = await create({ intent: "create" });
      expect((await empty.json()).errors).toEqual({
        url: "URL is required",
        eventTypes: "Choose at least one event to send",
      });

      expect(await getDb().select().from(webhookEndpoints)).toHaveLength(before);
    });

    it("create: private, loopback and link-local addresses are refused unless WEBHOOK_ALLOW_PRIVATE is true", async () => {
      await withAllowPrivate("false", async () => {
        for (const url of [
          "https://10.0.0.5/hook",
          "https://[::1]/",
          "https://169.254.169.254/",
          "http://127.0.0.1:9/",
        ]) {
          const refused = await create(validEndpoint({ url }));
          expect(refused.status, url).toBe(400);
          expect((await refused.json()).errors.url, url).toMatch(/^This URL cannot receive webhooks: .* is refused: /);
        }
      });
      // Link-local (where cloud metadata services answer) stays refused even when private addresses are allowed.
      const metadata = await create(validEndpoint({ url: "https://169.254.169.254/latest/meta-data" }));
      expect((await metadata.json()).errors.url).toMatch(/169\.254\.169\.254 is a linkLocal address/);
    });

    it("create: stores the endpoint with a whsec_ secret, shown once on its page and never again", async () => {
      const { id, response } = await added({ description: "Ruiz CRM", eventTypes: ["order.paid", "lead.created"] });
      expect(await toastOf(response)).toMatchObject({ type: "success", message: "Endpoint added" });
      const stored = await findEndpoint(id);
      expect(stored).toMatchObject({
        description: "Ruiz CRM",
        eventTypes: ["lead.created", "order.paid"],
        active: true,
        fromEnvironment: false,
        previousSecret: null,
      });
      const secret = openSigningSecret(stored!.secret);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

      const flash = setCookie(response, "gw_webhook_secret");
      expect(flash).toBeDefined();
      const flashHeader = response.headers.getSetCookie().find((cookie) => cookie.startsWith("gw_webhook_secret="));
      expect(flashHeader).toMatch(/; Max-Age=300; Path=\/admin\/webhooks; HttpOnly; SameSite=Lax$/);
      // Another endpoint's page neither shows it nor uses it up.
      const other = await page(ENVIRONMENT_ENDPOINT_ID, [flash!]);
      expect(other.data.newSecret).toBeNull();
      expect(setCookie(other.response, "gw_webhook_secret")).toBeUndefined();

      const shown = await page(id, [flash!]);
      expect(shown.response.status).toBe(200);
      expect(shown.data.newSecret).toEqual({ secret, reason: "created" });
      const expiry = shown.response.headers.getSetCookie().find((cookie) => cookie.startsWith("gw_webhook_secret="));
      expect(expiry).toMatch(/^gw_webhook_secret=; .*Max-Age=0/);

      const again = await page(id);
      expect(again.data.newSecret).toBeNull();
      expect(JSON.stringify(again.data)).not.toContain(secret);

      const list = await (await respond(() => listLoader(args(request("/admin/webhooks"))))).json();
      const listed = list.endpoints.find((endpoint: { id: string }) => endpoint.id === id);
      expect(listed).toMatchObject({ url: stored!.url, active: true, counts: { pending: 0, delivered: 0, failed: 0 } });
      expect(JSON.stringify(list)).not.toContain(secret);
    });

    it("update: saves the settings; a refused one keeps what was typed and changes nothing", async () => {
      const { id } = await added();
      const url = `http://127.0.0.1:9/hooks/${kind}-moved`;
      const saved = await act(id, { intent: "update", url, description: "Moved", eventTypes: ["demo.booked"] });
      expect(saved.status).toBe(302);
      expect(saved.headers.get("Location")).toBe(`/admin/webhooks/${id}`);
      expect(await toastOf(saved)).toMatchObject({ message: "Endpoint saved" });
      // The active box was left unticked: the endpoint is switched off.
      expect(await findEndpoint(id)).toMatchObject({
        url,
        description: "Moved",
        eventTypes: ["demo.booked"],
        active: false,
      });

      const refused = await act(id, { intent: "update", url: "ftp://127.0.0.1/hook", eventTypes: ["demo.booked"] });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        form: "endpoint",
        endpointId: id,
        values: { url: "ftp://127.0.0.1/hook", description: "", eventTypes: ["demo.booked"], active: false },
        errors: { url: "The URL must start with https://." },
      });
      expect((await findEndpoint(id))?.url).toBe(url);
    });

    it("set-active: switches an endpoint off and on", async () => {
      const { id } = await added();
      const off = await act(id, { intent: "set-active", active: "false" });
      expect(off.status).toBe(302);
      expect(await toastOf(off)).toMatchObject({ message: "Endpoint switched off" });
      expect((await findEndpoint(id))?.active).toBe(false);

      const on = await act(id, { intent: "set-active", active: "true" });
      expect(await toastOf(on)).toMatchObject({ message: "Endpoint switched on" });
      expect((await findEndpoint(id))?.active).toBe(true);

      expect((await act(id, { intent: "set-active", active: "maybe" })).status).toBe(400);
    });

    it("rotate-secret: a new secret shown once; the previous one is kept until 24 hours after now", async () => {
      const { id } = await added();
      const before = (await findEndpoint(id))!;
      const rotated = await act(id, { intent: "rotate-secret" });
      expect(rotated.status).toBe(302);
      expect(await toastOf(rotated)).toMatchObject({ message: "Signing secret rotated" });
      const after = (await findEndpoint(id))!;
      expect(openSigningSecret(after.secret)).toMatch(/^whsec_/);
      expect(openSigningSecret(after.secret)).not.toBe(openSigningSecret(before.secret));
      expect(after.previousSecret).toBe(before.secret);
      expect(after.previousSecretExpiresAt?.toISOString()).toBe(new Date(T0.getTime() + DAY_MS).toISOString());

      const shown = await page(id, [setCookie(rotated, "gw_webhook_secret")!]);
      expect(shown.data.newSecret).toEqual({
        secret: openSigningSecret(after.secret),
        reason: "rotated",
        previousValidUntil: "2027-02-02T14:00:00.000Z",
      });
      expect(shown.data.endpoint.previousSecretExpiresAt).toBe("2027-02-02T14:00:00.000Z");
    });

    it("send-test: queues one webhook.test delivery to that endpoint alone; not while it is switched off", async () => {
      const { id } = await added();
      const { id: bystander } = await added();
      const sent = await act(id, { intent: "send-test" });
      expect(sent.status).toBe(302);
      expect(await toastOf(sent)).toMatchObject({ type: "success", message: "Test event queued" });
      const rows = await deliveriesOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: T0 });
      expect((rows[0].payload as WebhookDeliveryPayload).event.type).toBe("webhook.test");
      expect(await deliveriesOf(bystander)).toHaveLength(0);

      await act(id, { intent: "set-active", active: "false" });
      const refused = await act(id, { intent: "send-test" });
      expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Nothing was sent" });
      expect(await deliveriesOf(id)).toHaveLength(1);

      const { data } = await page(id);
      expect(data.deliveries).toMatchObject([{ id: rows[0].id, eventType: "webhook.test", status: "pending" }]);
      expect(data.endpoint.counts).toEqual({ pending: 1, delivered: 0, failed: 0 });
    });

    it("replay: a failed delivery is pending again from now; another endpoint's is not found", async () => {
      const { id } = await added();
      const { id: other } = await added();
      const failed = await delivery(id, "2027-01-20T08:00:00Z", "failed");
      const othersFailed = await delivery(other, "2027-01-20T08:00:00Z", "failed");

      const replayed = await act(id, { intent: "replay", deliveryId: failed });
      expect(replayed.status).toBe(302);
      expect(await toastOf(replayed)).toMatchObject({ message: "Delivery queued again" });
      const [row] = await getDb().select().from(outbox).where(eq(outbox.id, failed));
      expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null, nextAttemptAt: T0 });

      const notMine = await act(id, { intent: "replay", deliveryId: othersFailed });
      expect(await toastOf(notMine)).toMatchObject({ type: "error", message: "Delivery not replayed" });
      const [untouched] = await getDb().select().from(outbox).where(eq(outbox.id, othersFailed));
      expect(untouched.status).toBe("failed");

      // A pending delivery is on its way (perhaps in another instance's hands): replaying it changes nothing.
      const pending = await delivery(id, "2027-01-20T09:00:00Z", "pending");
      await getDb().update(outbox).set({ attempts: 2 }).where(eq(outbox.id, pending));
      const onItsWay = await act(id, { intent: "replay", deliveryId: pending });
      expect(await toastOf(onItsWay)).toMatchObject({ type: "error", message: "Delivery not replayed" });
      const [stillPending] = await getDb().select().from(outbox).where(eq(outbox.id, pending));
      expect(stillPending.attempts).toBe(2);
    });

    it("replay-failed: only the failed deliveries created in the days given (UTC, both included)", async () => {
      const { id } = await added();
      const { id: other } = await added();
      const rows = {
        dayBefore: await delivery(id, "2027-01-30T23:59:59.999Z", "failed"),
        firstInstant: await delivery(id, "2027-01-31T00:00:00Z", "failed"),
        middle: await delivery(id, "2027-01-31T12:00:00Z", "failed"),
        lastInstant: await delivery(id, "2027-02-01T23:59:59.999Z", "failed"),
        dayAfter: await delivery(id, "2027-02-02T00:00:00Z", "failed"),
        delivered: await delivery(id, "2027-01-31T12:00:00Z", "delivered"),
        othersFailed: await delivery(other, "2027-01-31T12:00:00Z", "failed"),
      };

      const wrongWay = await act(id, { intent: "replay-failed", from: "2027-02-01", to: "2027-01-31" });
      expect(wrongWay.status).toBe(400);
      expect(await wrongWay.json()).toEqual({
        form: "replay-failed",
        endpointId: id,
        values: { from: "2027-02-01", to: "2027-01-31" },
        errors: { to: "The last day must be the first day or after it" },
      });
      const notDays = await act(id, { intent: "replay-failed", from: "2027-02-30", to: "" });
      expect((await notDays.json()).errors).toEqual({
        from: "Enter the first day as a date, e.g. 2027-03-15",
        to: "Enter the last day as a date, e.g. 2027-03-15",
      });

      const replayed = await act(id, { intent: "replay-failed", from: "2027-01-31", to: "2027-02-01" });
      expect(replayed.status).toBe(302);
      expect(await toastOf(replayed)).toMatchObject({ message: "3 failed deliveries queued again" });
      const statusOf = async (rowId: string) =>
        (await getDb().select().from(outbox).where(eq(outbox.id, rowId)))[0].status;
      expect({
        dayBefore: await statusOf(rows.dayBefore),
        firstInstant: await statusOf(rows.firstInstant),
        middle: await statusOf(rows.middle),
        lastInstant: await statusOf(rows.lastInstant),
        dayAfter: await statusOf(rows.dayAfter),
        delivered: await statusOf(rows.delivered),
        othersFailed: await statusOf(rows.othersFailed),
      }).toEqual({
        dayBefore: "failed",
        firstInstant: "pending",
        middle: "pending",
        lastInstant: "pending",
        dayAfter: "failed",
        delivered: "delivered",
        othersFailed: "failed",
      });

      const none = await act(id, { intent: "replay-failed", from: "2027-01-31", to: "2027-01-31" });
      expect(await toastOf(none)).toMatchObject({ message: "No failed deliveries to replay" });
    });

    it("enable: lifts an automatic disabling, which the pages show with its reason", async () => {
      const { id } = await added();
      await disableEndpoint(id, "Every delivery since 2027-01-29T10:00:00.000Z failed (last: HTTP 503).", T0);
      const { data } = await page(id);
      expect(data.endpoint).toMatchObject({
        disabledAt: T0.toISOString(),
        disabledReason: "Every delivery since 2027-01-29T10:00:00.000Z failed (last: HTTP 503).",
      });
      const list = await (await respond(() => listLoader(args(request("/admin/webhooks"))))).json();
      expect(list.endpoints.find((endpoint: { id: string }) => endpoint.id === id).disabledReason).toMatch(/HTTP 503/);
      const refused = await act(id, { intent: "send-test" });
      expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Nothing was sent" });

      const enabled = await act(id, { intent: "enable" });
      expect(await toastOf(enabled)).toMatchObject({ message: "Endpoint enabled" });
      expect(await findEndpoint(id)).toMatchObject({ disabledAt: null, disabledReason: null, failingSince: null });
    });

    it("delete: removes an admin-made endpoint with its deliveries and goes back to the list", async () => {
      const { id } = await added();
      const { id: other } = await added();
      await delivery(id, "2027-01-20T08:00:00Z", "failed");
      const kept = await delivery(other, "2027-01-20T08:00:00Z", "failed");
      const deleted = await act(id, { intent: "delete" });
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("Location")).toBe("/admin/webhooks");
      expect(await toastOf(deleted)).toMatchObject({ message: "Endpoint deleted" });
      expect(await findEndpoint(id)).toBeUndefined();
      expect(await deliveriesOf(id)).toEqual([]);
      expect((await deliveriesOf(other)).map((row) => row.id)).toEqual([kept]);
    });

    it("the environment's endpoint refuses edit, delete and rotation, but can be switched off, tested and enabled", async () => {
      const before = (await findEndpoint(ENVIRONMENT_ENDPOINT_ID))!;
      expect(before).toMatchObject({ fromEnvironment: true, url: environmentSettings.WEBHOOK_URL, active: true });

      const refusedForms: Fields[] = [
        { intent: "update", url: "http://127.0.0.1:9/elsewhere", eventTypes: ["lead.created"], active: "on" },
        { intent: "delete" },
        { intent: "rotate-secret" },
      ];
      for (const fields of refusedForms) {
        const refused = await act(ENVIRONMENT_ENDPOINT_ID, fields);
        expect(refused.status, String(fields.intent)).toBe(409);
        expect(await refused.json()).toEqual({ form: "environment", endpointId: ENVIRONMENT_ENDPOINT_ID });
      }
      expect(await findEndpoint(ENVIRONMENT_ENDPOINT_ID)).toEqual(before);

      expect((await act(ENVIRONMENT_ENDPOINT_ID, { intent: "set-active", active: "false" })).status).toBe(302);
      expect((await findEndpoint(ENVIRONMENT_ENDPOINT_ID))?.active).toBe(false);
      await act(ENVIRONMENT_ENDPOINT_ID, { intent: "set-active", active: "true" });
      const tested = await act(ENVIRONMENT_ENDPOINT_ID, { intent: "send-test" });
      expect(await toastOf(tested)).toMatchObject({ type: "success", message: "Test event queued" });
      expect(await deliveriesOf(ENVIRONMENT_ENDPOINT_ID)).toHaveLength(1);
      await disableEndpoint(ENVIRONMENT_ENDPOINT_ID, "Every delivery failed.", T0);
      expect(await toastOf(await act(ENVIRONMENT_ENDPOINT_ID, { intent: "enable" }))).toMatchObject({
        message: "Endpoint enabled",
      });

      const { data } = await page(ENVIRONMENT_ENDPOINT_ID);
      expect(data.endpoint).toMatchObject({ fromEnvironment: true, active: true, disabledAt: null });
      expect(JSON.stringify(data)).not.toContain(environmentSettings.WEBHOOK_SECRET);
    });

    it("an id that names no endpoint: 404 Endpoint not found, for the page and every form", async () => {
      const missing = await page("no-such-endpoint");
      expect(missing.response.status).toBe(404);
      expect(missing.data).toEqual({ found: false });
      for (const intent of ["update", "set-active", "send-test", "replay-failed", "delete"]) {
        const answer = await act("no-such-endpoint", { intent, active: "true" });
        expect(answer.status, intent).toBe(404);
        expect(await answer.json()).toEqual({ form: "not-found" });
      }
      expect((await act("no-such-endpoint", { intent: "launch" })).status).toBe(400);
    });
  },
  environmentSettings,
);
