// Webhooks cannot be aimed at the inside of the network (issue #25, ADR 0033). In production mode (https only,
// WEBHOOK_ALLOW_PRIVATE unset) a name that resolves to a private, loopback or link-local address is refused when the
// endpoint is saved and again when a delivery connects, so a name that answers differently later (DNS rebinding) is
// refused too. Names are answered by a stubbed resolver (no real lookup), and a hook on every client socket this
// process opens fails the test, and destroys the socket before it connects, for any address outside 127.0.0.0/8
// and ::1: no test here can reach another machine, even by mistake.
import diagnostics from "node:diagnostics_channel";
import type { LookupAddress } from "node:dns";
import type { Socket } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { webhookEventTypes } from "~/content/webhook-events";
import { getDb } from "~/db/connection.server";
import { demoRequests, outbox, webhookAttempts, webhookEndpoints } from "~/db/schema.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { createEndpoint } from "~/models/webhooks/endpoint.server";
import { processOutboxOnce } from "~/services/outbox/worker.server";
import { endpointUrlProblem, newWebhookSecret } from "~/services/webhooks/endpoints.server";
import type { WebhookPolicy } from "~/services/webhooks/sender.server";
import { setClock } from "~/utils/time/clock.server";
import type { Resolver } from "~/utils/http/outbound-address.server";
import ipaddr from "ipaddr.js";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { describeWithDatabases } from "../support/database";

const production: WebhookPolicy = { allowPrivate: false, httpsOnly: true };
const development: WebhookPolicy = { allowPrivate: true, httpsOnly: false };

/** Every address a client socket of this process looked up or tried to connect to, outside loopback. */
const violations: string[] = [];
const isLoopback = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
function guardSocket({ socket }: { socket: Socket }) {
  const check = (address: unknown) => {
    if (typeof address !== "string" || isLoopback(address)) return;
    violations.push(address);
    socket.destroy(new Error(`test guard: a connection to ${address} was attempted`));
  };
  socket.on("lookup", (error: Error | null, address: unknown) => {
    if (!error) check(address);
  });
  socket.on("connectionAttempt", check);
  socket.on("connect", () => check(socket.remoteAddress));
}

/** A resolver that answers from `answers` (a function of how many times the name was asked) and counts lookups. */
function stubResolver(answers: Record<string, (call: number) => string[]>) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answer(calls.filter((name) => name === hostname).length).map((address): LookupAddress => ({
      address,
      family: address.includes(":") ? 6 : 4,
    }));
  };
  return { resolve, calls };
}

describeWithDatabases(
  "webhooks refuse inside addresses",
  () => {
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      diagnostics.subscribe("net.client.socket", guardSocket as (message: unknown) => void);
      receiver = await startWebhookReceiver([]);
    });
    afterAll(async () => {
      diagnostics.unsubscribe("net.client.socket", guardSocket as (message: unknown) => void);
      await receiver.stop();
      setClock(undefined);
    });
    beforeEach(async () => {
      setClock(new Date("2027-02-01T14:00:00Z"));
      await getDb().delete(outbox);
      await getDb().delete(demoRequests);
      await getDb().delete(webhookEndpoints);
      receiver.requests.length = 0;
      violations.length = 0;
    });
    afterEach(() => {
      expect(violations, "a socket went outside loopback").toEqual([]);
    });

    /** Queues one lead.created to an endpoint at `url` and runs a delivery under `policy` with `resolve`. */
    async function deliverTo(url: string, policy: WebhookPolicy, resolve: Resolver) {
      const secret = newWebhookSecret();
      receiver.secrets = [secret];
      const endpoint = await createEndpoint({
        url,
        description: "",
        eventTypes: [...webhookEventTypes],
        active: true,
        secret,
      });
      await createDemoRequest({
        firstName: "Ana",
        lastName: "Ruiz",
        email: `ssrf-${crypto.randomUUID()}@ruizroofing.com`,
        phone: "+1 555 010 2000",
        company: "Ruiz Roofing",
        dealVolume: "",
        challenges: "",
        submissionId: crypto.randomUUID(),
      });
      await processOutboxOnce({ webhooks: { policy, resolve, timeoutMs: 2_000 } });
      const attempts = await getDb().select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpoint.id));
      const [delivery] = await getDb()
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, "webhook-delivery")));
      return { attempts, delivery };
    }

    const inside = [
      ["10.0.0.5", "private"],
      ["172.16.3.4", "private"],
      ["192.168.1.20", "private"],
      ["127.0.0.1", "loopback"],
      ["::1", "loopback"],
      ["169.254.169.254", "linkLocal"],
      ["fe80::1", "linkLocal"],
      ["fd12:3456::1", "uniqueLocal"],
      ["::ffff:10.0.0.5", "private"],
      ["100.64.0.1", "carrierGradeNat"],
      ["0.0.0.0", "unspecified"],
    ] as const;

    it.each(inside)("a name resolving to %s (%s) is refused when saved and when delivering", async (address, range) => {
      const { resolve, calls } = stubResolver({ "crm-hooks.example.test": () => [address] });
      const url = "https://crm-hooks.example.test/hooks/groundwork";
      expect(await endpointUrlProblem(url, { policy: production, resolve })).toMatch(
        new RegExp(`crm-hooks\\.example\\.test is refused: .* is a ${range} address`),
      );
      const { attempts, delivery } = await deliverTo(url, production, resolve);
      expect(attempts).toHaveLength(1);
      expect(attempts[0].status).toBeNull();
      expect(attempts[0].error).toMatch(
        new RegExp(`^crm-hooks\\.example\\.test is refused: .* is a ${range} address$`),
      );
      // Refused, not given up: it is retried (and refused again) on the schedule, so fixing DNS delivers it.
      expect(delivery.status).toBe("pending");
      expect(calls).toEqual(["crm-hooks.example.test", "crm-hooks.example.test"]);
    });

    it("a name with one public and one private address is refused", async () => {
      const { resolve } = stubResolver({ "crm-hooks.example.test": () => ["93.184.216.34", "10.0.0.5"] });
      expect(await endpointUrlProblem("https://crm-hooks.example.test/hook", { policy: production, resolve })).toMatch(
        /10\.0\.0\.5 is a private address/,
      );
      const { attempts } = await deliverTo("https://crm-hooks.example.test/hook", production, resolve);
      expect(attempts[0].error).toMatch(/10\.0\.0\.5 is a private address$/);
    });

    it.each([
      ["https://10.0.0.5/hook", /10\.0\.0\.5 is a private address/],
      ["https://[::1]/hook", /::1 is a loopback address/],
      ["https://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is a linkLocal address/],
      // Spellings the URL parser turns into 127.0.0.1.
      ["https://2130706433/hook", /127\.0\.0\.1 is a loopback address/],
      ["https://0x7f.1/hook", /127\.0\.0\.1 is a loopback address/],
      ["https://[::ffff:7f00:1]/hook", /is a loopback address/],
    ])("an address written in the URL (%s) is refused without a lookup", async (url, problem) => {
      const { resolve, calls } = stubResolver({});
      expect(await endpointUrlProblem(url, { policy: production, resolve })).toMatch(problem);
      const { attempts } = await deliverTo(url, production, resolve);
      expect(attempts[0].error).toMatch(problem);
      expect(calls).toEqual([]);
    });

    // IPv6 forms that carry an IPv4 address: judged by the address they carry (ipaddr.js's ranges of both families).
    const embedding = [
      ["::7f00:1", "ipv4Compatible address that embeds 127.0.0.1, a loopback"],
      ["::a9fe:a9fe", "ipv4Compatible address that embeds 169.254.169.254, a linkLocal"],
      ["::5db8:d822", "ipv4Compatible"],
      ["::ffff:0:a00:5", "rfc6145 address that embeds 10.0.0.5, a private"],
      ["64:ff9b::a9fe:a9fe", "rfc6052 address that embeds 169.254.169.254, a linkLocal"],
      ["64:ff9b:1::5db8:d822", "rfc6052"],
      ["2002:a00:5::1", "6to4 address that embeds 10.0.0.5, a private"],
      ["2001:0:4136:e378:8000:63bf:80ff:fffe", "teredo address that embeds 127.0.0.1, a loopback"],
    ] as const;

    it.each(embedding)("an IPv6 answer %s (%s) is refused when saved and when delivering", async (address, kind) => {
      const { resolve } = stubResolver({ "crm-hooks.example.test": () => [address] });
      const url = "https://crm-hooks.example.test/hook";
      const problem = `crm-hooks.example.test is refused: ${address} is a${kind.startsWith("ipv4") ? "n" : ""} ${kind} address`;
      expect(await endpointUrlProblem(url, { policy: production, resolve })).toBe(
        `This URL cannot receive webhooks: ${problem}. Use a public https address.`,
      );
      const { attempts } = await deliverTo(url, production, resolve);
      expect(attempts[0].error).toBe(problem);
    });

    it.each([
      ["https://[::127.0.0.1]/hook", "::7f00:1 is an ipv4Compatible address that embeds 127.0.0.1, a loopback address"],
      [
        "https://[::a9fe:a9fe]/latest/meta-data/",
        "::a9fe:a9fe is an ipv4Compatible address that embeds 169.254.169.254, a linkLocal address",
      ],
      ["https://[2002:7f00:1::1]/hook", "2002:7f00:1::1 is a 6to4 address that embeds 127.0.0.1, a loopback address"],
    ])("an IPv6 address embedding IPv4 written in the URL (%s) is refused without a lookup", async (url, problem) => {
      const { resolve, calls } = stubResolver({});
      expect(await endpointUrlProblem(url, { policy: production, resolve })).toContain(problem);
      const { attempts } = await deliverTo(url, production, resolve);
      expect(attempts[0].error).toContain(problem);
      expect(calls).toEqual([]);
    });

    it("an IPv6 form embedding a global IPv4 (NAT64, 6to4) and global IPv6 unicast are admitted when saved", async () => {
      const { resolve } = stubResolver({
        "nat64.example.test": () => ["64:ff9b::5db8:d822"],
        "sixtofour.example.test": () => ["2002:5db8:d822::1"],
        "v6.example.test": () => ["2606:4700:4700::1111"],
      });
      for (const name of ["nat64", "sixtofour", "v6"]) {
        expect(await endpointUrlProblem(`https://${name}.example.test/hook`, { policy: production, resolve })).toBe(
          undefined,
        );
      }
    });

    it("a name that resolved to a public address when saved and to a private one now (DNS rebinding) is refused at connection time", async () => {
      const { resolve, calls } = stubResolver({
        "rebind.example.test": (call) => (call === 1 ? ["93.184.216.34"] : ["10.0.0.5"]),
      });
      const url = "https://rebind.example.test/hook";
      // Saving it only resolves the name; nothing connects.
      expect(await endpointUrlProblem(url, { policy: production, resolve })).toBeUndefined();
      const { attempts } = await deliverTo(url, production, resolve);
      expect(attempts[0].error).toBe("rebind.example.test is refused: 10.0.0.5 is a private address");
      expect(calls).toEqual(["rebind.example.test", "rebind.example.test"]);
    });

    it("plain http is refused in production, even to this machine", async () => {
      const { resolve } = stubResolver({});
      const { attempts } = await deliverTo(receiver.url, production, resolve);
      expect(attempts[0].error).toMatch(/plain http is not allowed in production/);
      expect(receiver.requests).toHaveLength(0);
    });

    it("WEBHOOK_ALLOW_PRIVATE lets a name on this machine through, and link-local still not", async () => {
      const { resolve } = stubResolver({
        "crm.localhost.test": () => ["127.0.0.1"],
        "metadata.example.test": () => ["169.254.169.254"],
      });
      const local = `https://crm.localhost.test:${receiver.port}/hook`;
      expect(await endpointUrlProblem(local, { policy: development, resolve })).toBeUndefined();
      expect(await endpointUrlProblem("https://metadata.example.test/", { policy: development, resolve })).toMatch(
        /169\.254\.169\.254 is a linkLocal address/,
      );

      // Over plain http to the local receiver (allowed for localhost in development), found by the stubbed name.
      const { resolve: localhost } = stubResolver({ localhost: () => ["127.0.0.1"] });
      const { attempts, delivery } = await deliverTo(
        `http://localhost:${receiver.port}/hooks/groundwork`,
        development,
        localhost,
      );
      expect(attempts[0].status).toBe(200);
      expect(delivery.status).toBe("delivered");
      expect(receiver.accepted.at(-1)?.type).toBe("lead.created");
    });
  },
  { OUTBOX_WORKER: "off" },
);
