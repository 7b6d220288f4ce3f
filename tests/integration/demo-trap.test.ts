// The demo form's trap field (issue #53): a name no browser autofills, and a lead sent with it filled is kept as
// suspected spam, shown as such to the admin, and never e-mailed to sales nor sent to webhooks. Trapped leads are
// stored under the same per-mailbox and global limits as any lead, so a trapped flood cannot write unlimited rows.
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { webhookEventTypes } from "~/content/webhook-events";
import { getDb } from "~/db/connection.server";
import { demoRequests, outbox, webhookEndpoints } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { createEndpoint } from "~/models/webhooks/endpoint.server";
import { action } from "~/routes/_index";
import { loader as adminLoader } from "~/routes/admin._index";
import { loader as csvLoader } from "~/routes/admin.demo-requests[.]csv";
import { demoHoneypotField } from "~/schemas/demo-request-fields";
import { newWebhookSecret } from "~/services/webhooks/endpoints.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

let counter = 0;

function lead(kind: string) {
  counter += 1;
  return {
    firstName: "Ana",
    lastName: `Trapped${counter}`,
    email: `trap-${kind}-${counter}-${Date.now()}@ruizroofing.com`,
    phone: "+1 (555) 010-2000",
    company: "Ruiz Roofing",
    dealVolume: "11-25",
    challenges: "",
  };
}

async function post(fields: Record<string, string>, client?: string): Promise<Response> {
  const request = new Request(`${origin}/?index`, {
    method: "POST",
    body: new URLSearchParams({ intent: "demo-request", __rvfInternalFormId: "demo-request-form", ...fields }),
    headers: { Origin: origin, ...(client ? { "X-Forwarded-For": client } : {}) },
  });
  return (await action({ request, params: {}, context: {} })) as unknown as Response;
}

/** Every outbox message about a lead: its sales e-mail and its webhook deliveries. */
const messagesAbout = (id: string) =>
  getDb()
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}::text like ${`%${id}%`}`);

describeWithDatabases("the demo form's trap field", (kind) => {
  let cookie: string;
  let endpointId: string;

  beforeAll(async () => {
    await createUser(`trap-${kind}`, "a-long-admin-password-42");
    cookie = await signIn(`trap-${kind}`, "a-long-admin-password-42");
    // An endpoint taking every event, so a lead that is sent to webhooks has deliveries queued.
    const endpoint = await createEndpoint({
      url: "https://crm-hooks.example.test/hook",
      description: "",
      eventTypes: [...webhookEventTypes],
      active: true,
      secret: newWebhookSecret(),
    });
    endpointId = endpoint.id;
  });
  afterAll(async () => {
    await getDb().delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  });
  beforeEach(async () => {
    await forgetAttempts(limitRules.demoGlobal, "all");
  });

  it("filled: the ordinary thank-you; the lead is kept as suspected spam, with no sales e-mail and no webhooks", async () => {
    const trapped = lead(kind);
    const response = await post({ ...trapped, submissionId: crypto.randomUUID(), [demoHoneypotField]: "https://x" });
    expect(response.status).toBe(302);
    const { toast } = await getToast(
      new Request(origin, {
        headers: {
          Cookie: response.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; "),
        },
      }),
    );
    expect(toast?.message).toBe("Demo Request Submitted!");
    const [row] = await getDb().select().from(demoRequests).where(eq(demoRequests.email, trapped.email));
    expect(row).toMatchObject({ firstName: "Ana", lastName: trapped.lastName, suspectedSpam: true });
    expect(await messagesAbout(row.id)).toEqual([]);

    // A lead with the field empty is sent on as ever: its sales e-mail and its webhook deliveries are queued.
    const real = lead(kind);
    expect((await post({ ...real, submissionId: crypto.randomUUID(), [demoHoneypotField]: "" })).status).toBe(302);
    const [realRow] = await getDb().select().from(demoRequests).where(eq(demoRequests.email, real.email));
    expect(realRow.suspectedSpam).toBe(false);
    const kinds = (await messagesAbout(realRow.id)).map((message) => message.kind);
    expect(kinds).toContain("new-lead-email");
    expect(kinds).toContain("webhook-delivery");

    // The admin's list marks it, and its CSV says so.
    const admin = await respond(() =>
      adminLoader(
        args(new Request(`${origin}/admin?q=${encodeURIComponent(trapped.lastName)}`, { headers: { Cookie: cookie } })),
      ),
    );
    const { leads } = await admin.json();
    expect(leads.items).toEqual([expect.objectContaining({ id: row.id, suspectedSpam: true })]);
    const csv = await (
      await respond(() =>
        csvLoader(args(new Request(`${origin}/admin/demo-requests.csv`, { headers: { Cookie: cookie } }))),
      )
    ).text();
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header.split(",").at(-1)).toBe("suspectedSpam");
    expect(
      lines
        .find((line) => line.startsWith(row.id))
        ?.split(",")
        .at(-1),
    ).toBe("true");
    expect(
      lines
        .find((line) => line.startsWith(realRow.id))
        ?.split(",")
        .at(-1),
    ).toBe("false");
  });

  it("filled with invalid details: the same field errors as anyone, and nothing stored", async () => {
    const trapped = { ...lead(kind), email: "not-an-address" };
    const response = await post({ ...trapped, submissionId: crypto.randomUUID(), [demoHoneypotField]: "x" });
    expect(response.status).toBe(422);
    expect((await response.json()).fieldErrors).toHaveProperty("email");
  });
});

describeWithDatabases(
  "trapped leads meet the limits of any lead",
  (kind) => {
    beforeEach(async () => {
      await forgetAttempts(limitRules.demoGlobal, "all");
    });

    const storedWith = async (email: string) =>
      (await getDb().select().from(demoRequests).where(eq(demoRequests.email, email))).length;

    it("one mailbox from ever-new addresses: stored up to the per-mailbox limit, then refused and not stored", async () => {
      const trapped = lead(`mailbox-${kind}`);
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const fields = { ...trapped, submissionId: crypto.randomUUID(), [demoHoneypotField]: "https://x" };
        statuses.push((await post(fields, `198.51.100.${i + 1}`)).status);
      }
      // RATE_LIMIT_PER_EMAIL is 2, as for any lead.
      expect(statuses).toEqual([302, 302, 429, 429]);
      expect(await storedWith(trapped.email)).toBe(2);
    });

    it("ever-new mailboxes from ever-new addresses: stored up to the global limit, then refused", async () => {
      const batch = `global-${kind}-${Date.now()}`;
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        const fields = {
          ...lead(kind),
          email: `trap-${batch}-${i}@ruizroofing.com`,
          submissionId: crypto.randomUUID(),
          [demoHoneypotField]: "https://x",
        };
        statuses.push((await post(fields, `203.0.113.${i + 1}`)).status);
      }
      // RATE_LIMIT_GLOBAL is 3.
      expect(statuses).toEqual([302, 302, 302, 429, 429]);
      const rows = await getDb()
        .select()
        .from(demoRequests)
        .where(and(like(demoRequests.email, `trap-${batch}-%`), eq(demoRequests.suspectedSpam, true)));
      expect(rows).toHaveLength(3);
    });
  },
  { TRUST_PROXY: "1", RATE_LIMIT_PER_EMAIL: "2", RATE_LIMIT_GLOBAL: "3", APP_URL: origin },
);
