// Webhook signing secrets at rest (issue #38, ADR 0043): sealed under a key derived from SESSION_SECRET, so the table
// alone signs nothing; deliveries verify before, during and after a SESSION_SECRET rotation; a secret stored plain
// (before sealing) is sealed at start-up; one no configured secret opens fails its deliveries, saying why.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { webhookEventTypes } from "~/content/webhook-events";
import { getDb, rowsOf } from "~/db/connection.server";
import { outbox, webhookEndpoints } from "~/db/schema.server";
import { createDemoRequest, type NewDemoRequest } from "~/models/demo/request.server";
import { createEndpoint, openSigningSecret } from "~/models/webhooks/endpoint.server";
import { processOutboxOnce } from "~/services/outbox/worker.server";
import { applyWebhookEnvironment, newWebhookSecret } from "~/services/webhooks/endpoints.server";
import { isSealedWithCurrentKey, UnreadableSecret } from "~/utils/secret-box.server";
import { forget } from "~/utils/singleton.server";
import { setClock } from "~/utils/time/clock.server";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { describeWithDatabases } from "../support/database";

const OLD = "old-session-secret-0123456789abcdef0123456789";
const NEW = "new-session-secret-0123456789abcdef0123456789";
const OTHER = "other-session-secret-0123456789abcdef01234567";
const options = { webhooks: { timeoutMs: 1_500 } };

function useSessionSecret(value: string) {
  process.env.SESSION_SECRET = value;
  forget("env");
}

let counter = 0;
function lead(): NewDemoRequest {
  counter += 1;
  return {
    firstName: "Imani",
    lastName: "Brooks",
    email: `secrets-${counter}@brooksplumbing.com`,
    phone: "+1 (555) 010-4411",
    company: "Brooks Plumbing",
    dealVolume: "11-25",
    challenges: "",
    submissionId: crypto.randomUUID(),
  };
}

describeWithDatabases(
  "webhook secrets at rest",
  () => {
    let receiver: WebhookReceiver;
    let secret: string;
    let endpointId: string;
    const saved = process.env.SESSION_SECRET;

    /** One lead, delivered: the receiver's verdict on its signature. */
    async function deliverOne() {
      const before = receiver.requests.length;
      await createDemoRequest(lead());
      await processOutboxOnce(options);
      expect(receiver.requests).toHaveLength(before + 1);
      return receiver.requests.at(-1)!;
    }

    beforeAll(async () => {
      receiver = await startWebhookReceiver([]);
    });
    afterAll(async () => {
      await receiver.stop();
    });
    beforeEach(async () => {
      // The worker compares the app's clock (milliseconds) with times the database stamped (microseconds): a second
      // ahead, a message queued a moment ago is due in the same round.
      setClock(new Date(Date.now() + 1_000));
      useSessionSecret(OLD);
      await getDb().delete(outbox);
      await getDb().delete(webhookEndpoints);
      secret = newWebhookSecret();
      receiver.secrets = [secret];
      receiver.requests.length = 0;
      const endpoint = await createEndpoint({
        url: receiver.url,
        description: "The sales CRM",
        eventTypes: [...webhookEventTypes],
        active: true,
        secret,
      });
      endpointId = endpoint.id;
    });
    afterEach(() => {
      setClock(undefined);
      if (saved === undefined) delete process.env.SESSION_SECRET;
      else process.env.SESSION_SECRET = saved;
      forget("env");
    });

    it("the table holds no secret in plain text, and a dump of it opens with no other SESSION_SECRET", async () => {
      const dump = JSON.stringify(rowsOf(await getDb().execute(sql`select * from ${webhookEndpoints}`)));
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice("whsec_".length));
      expect(dump).not.toContain("whsec_");
      expect((await deliverOne()).verified).toBe(true);

      const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      useSessionSecret(OTHER);
      expect(() => openSigningSecret(row.secret)).toThrow(UnreadableSecret);
    });

    it("a SESSION_SECRET rotation: deliveries verify before, during and after; start-up re-seals under the new one", async () => {
      expect((await deliverOne()).verified).toBe(true);

      useSessionSecret(`${NEW},${OLD}`);
      expect((await deliverOne()).verified).toBe(true);
      await applyWebhookEnvironment();
      const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      expect(isSealedWithCurrentKey(row.secret)).toBe(true);

      useSessionSecret(NEW);
      expect((await deliverOne()).verified).toBe(true);
      // Start-up again: nothing left to re-seal.
      const before = row.secret;
      await applyWebhookEnvironment();
      const [again] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      expect(again.secret).toBe(before);
    });

    it("a secret stored plain signs as it is, and is sealed at start-up", async () => {
      const plain = newWebhookSecret();
      await getDb().update(webhookEndpoints).set({ secret: plain }).where(eq(webhookEndpoints.id, endpointId));
      // Until then (an instance of the earlier version wrote it during a rolling update), it signs as it is.
      receiver.secrets = [plain];
      expect((await deliverOne()).verified).toBe(true);
      await applyWebhookEnvironment();
      const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      expect(row.secret).not.toContain(plain);
      expect(openSigningSecret(row.secret)).toBe(plain);
      expect((await deliverOne()).verified).toBe(true);
    });

    it("a secret no configured SESSION_SECRET opens: nothing is sent, and the delivery says why", async () => {
      useSessionSecret(OTHER);
      await createDemoRequest(lead());
      await processOutboxOnce(options);
      expect(receiver.requests).toHaveLength(0);
      const [delivery] = await getDb().select().from(outbox).where(eq(outbox.kind, "webhook-delivery"));
      expect(delivery.status).toBe("failed");
      expect(delivery.lastError).toMatch(/^not sent, the signing secret cannot be read: sealed with key \w+, which no/);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: "true", OUTBOX_WORKER: "off" },
);
