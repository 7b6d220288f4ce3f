// The rules of outbound webhooks (issue #25, ADR 0033) that need no database: which addresses and URLs may be sent
// to, the retry schedule, the Standard Webhooks signature (checked with the receiver's own implementation of the
// specification, not the library that signs), and the WEBHOOK_* settings.
import { afterEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  nominalRetryDelayMs,
  signedHeaders,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SCHEDULE_MS,
  webhookRetryDelayMs,
} from "~/services/webhooks/delivery.server";
import { newWebhookSecret } from "~/services/webhooks/endpoints.server";
import { webhookUrlProblem } from "~/services/webhooks/sender.server";
import { getEnv, getWebhookSettings, isWebhookSecret } from "~/utils/env.server";
import { refusedAddress } from "~/utils/http/outbound-address.server";
import { forget } from "~/utils/singleton.server";
import { verifiesWith } from "../fakes/webhook-receiver";

const HOUR = 60 * 60 * 1000;
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  forget("env");
});

describe("which addresses a webhook may connect to", () => {
  const production = { allowPrivate: false };
  const development = { allowPrivate: true };

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"])(
    "a public address (%s) is allowed",
    (address) => {
      expect(refusedAddress(address, production)).toBeUndefined();
    },
  );

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.5.6.7", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.5", "private"],
    ["172.16.3.4", "private"],
    ["192.168.1.20", "private"],
    ["fd12:3456::1", "uniqueLocal"],
    ["::ffff:10.0.0.5", "private"],
    ["::ffff:127.0.0.1", "loopback"],
  ])("%s (%s) is refused in production and allowed with WEBHOOK_ALLOW_PRIVATE", (address, range) => {
    expect(refusedAddress(address, production)).toMatch(new RegExp(`is a ${range} address$`));
    expect(refusedAddress(address, development)).toBeUndefined();
  });

  it.each([
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["100.64.0.1", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
  ])("%s (%s) is refused always", (address, range) => {
    expect(refusedAddress(address, production)).toMatch(new RegExp(`is a ${range} address$`));
    expect(refusedAddress(address, development)).toMatch(new RegExp(`is a ${range} address$`));
  });

  it.each([
    ["64:ff9b::a00:5", "rfc6052"],
    ["2002:a00:5::1", "6to4"],
  ])("%s (%s) is judged by the IPv4 address it carries", (address, range) => {
    expect(refusedAddress(address, production)).toMatch(
      new RegExp(`is a ${range} address that embeds 10\\.0\\.0\\.5, a private address$`),
    );
    expect(refusedAddress(address, development)).toBe(refusedAddress("10.0.0.5", development));
  });

  it("refuses what is not an address", () => {
    expect(refusedAddress("crm.example.com", development)).toMatch(/is not an IP address/);
  });
});

describe("which URLs a webhook may be sent to", () => {
  const production = { allowPrivate: false, httpsOnly: true };
  const development = { allowPrivate: true, httpsOnly: false };

  it.each([
    ["not a url", /Enter a full URL/],
    ["ftp://crm.example.com/hook", /must start with https:\/\//],
    ["https://user:pass@crm.example.com/hook", /Leave the user name and password out/],
    ["https://crm.example.com/hook#part", /#fragment/],
    ["http://crm.example.com/hook", /plain http is not allowed in production/],
    ["http://127.0.0.1:8080/hook", /plain http is not allowed in production/],
  ])("production refuses %s", (url, problem) => {
    expect(webhookUrlProblem(url, production)).toMatch(problem);
  });

  it("development allows plain http for this machine only", () => {
    expect(webhookUrlProblem("http://127.0.0.1:8080/hook", development)).toBeUndefined();
    expect(webhookUrlProblem("http://localhost:8080/hook", development)).toBeUndefined();
    expect(webhookUrlProblem("http://[::1]:8080/hook", development)).toBeUndefined();
    expect(webhookUrlProblem("http://crm.example.com/hook", development)).toMatch(/only allowed for this machine/);
  });

  it("https is allowed everywhere (its addresses are checked when it is saved and at every connection)", () => {
    expect(webhookUrlProblem("https://crm.example.com/hooks/groundwork?token=1", production)).toBeUndefined();
  });
});

describe("the retry schedule", () => {
  it("doubles from 30 s to a 12 h cap", () => {
    expect([1, 2, 3, 4, 10, 11, 12, 16].map(nominalRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 15_360_000, 30_720_000, 43_200_000, 43_200_000,
    ]);
  });

  it("spans about three days over its attempts", () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(17);
    expect(WEBHOOK_SCHEDULE_MS / HOUR).toBeCloseTo(77.06, 1);
  });

  it("adds up to ±20 % of jitter", () => {
    expect(webhookRetryDelayMs(1, () => 0)).toBe(24_000);
    expect(webhookRetryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(webhookRetryDelayMs(1, () => 0.999_999)).toBe(36_000);
    const delays = Array.from({ length: 200 }, () => webhookRetryDelayMs(5));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(384_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(576_000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});

describe("the Standard Webhooks signature", () => {
  const body = JSON.stringify({ id: "msg_1", type: "lead.created", data: { email: "ana@ruizroofing.com" } });

  it("verifies with the specification's own check, and with the standardwebhooks library", () => {
    const secret = newWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    const headers = signedHeaders("msg_1", body, [secret]);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWith(secret, "msg_1", headers["webhook-timestamp"], body, headers["webhook-signature"])).toBe(true);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("fails for another secret, another body, another id or an old timestamp", () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders("msg_1", body, [secret]);
    const [id, timestamp, signature] = [
      headers["webhook-id"],
      headers["webhook-timestamp"],
      headers["webhook-signature"],
    ];
    expect(verifiesWith(newWebhookSecret(), id, timestamp, body, signature)).toBe(false);
    expect(verifiesWith(secret, id, timestamp, `${body} `, signature)).toBe(false);
    expect(verifiesWith(secret, "msg_2", timestamp, body, signature)).toBe(false);
    const old = signedHeaders("msg_1", body, [secret], new Date(Date.now() - 10 * 60 * 1000));
    expect(verifiesWith(secret, id, old["webhook-timestamp"], body, old["webhook-signature"])).toBe(false);
  });

  it("carries one signature per secret during a rotation: a receiver with either verifies", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders("msg_1", body, [current, previous]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [current, previous]) {
      expect(verifiesWith(secret, "msg_1", headers["webhook-timestamp"], body, headers["webhook-signature"])).toBe(
        true,
      );
    }
  });
});

describe("WEBHOOK_URL, WEBHOOK_SECRET and WEBHOOK_ALLOW_PRIVATE", () => {
  function settingsFrom(values: Record<string, string | undefined>) {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    forget("env");
    return getWebhookSettings();
  }

  it("declares no endpoint by default, refuses private addresses, and requires https in production", () => {
    expect(settingsFrom({ WEBHOOK_URL: undefined, WEBHOOK_SECRET: undefined, NODE_ENV: "production" })).toEqual({
      endpoint: undefined,
      allowPrivate: false,
      httpsOnly: true,
    });
  });

  it("reads an endpoint with its secret", () => {
    const secret = newWebhookSecret();
    expect(
      settingsFrom({
        WEBHOOK_URL: "https://crm.example.com/hook",
        WEBHOOK_SECRET: secret,
        WEBHOOK_ALLOW_PRIVATE: "true",
      }),
    ).toEqual({ endpoint: { url: "https://crm.example.com/hook", secret }, allowPrivate: true, httpsOnly: false });
  });

  it.each([
    [{ WEBHOOK_URL: "https://crm.example.com/hook" }, /WEBHOOK_SECRET: WEBHOOK_URL and WEBHOOK_SECRET go together/],
    [
      { WEBHOOK_SECRET: "whsec_" + Buffer.alloc(32, 1).toString("base64") },
      /WEBHOOK_URL: WEBHOOK_URL and WEBHOOK_SECRET go together/,
    ],
    [
      { WEBHOOK_URL: "https://crm.example.com/hook", WEBHOOK_SECRET: "hunter2" },
      /WEBHOOK_SECRET: must be a Standard Webhooks secret/,
    ],
    [
      { WEBHOOK_URL: "https://crm.example.com/hook", WEBHOOK_SECRET: "whsec_c2hvcnQ=" },
      /WEBHOOK_SECRET: must be a Standard Webhooks secret/,
    ],
    [{ WEBHOOK_URL: "crm.example.com" }, /WEBHOOK_URL/],
    [{ WEBHOOK_ALLOW_PRIVATE: "yes" }, /WEBHOOK_ALLOW_PRIVATE/],
  ])("a bad setting (%j) stops start-up with a message naming it", (values, message) => {
    expect(() => settingsFrom({ WEBHOOK_URL: undefined, WEBHOOK_SECRET: undefined, ...values })).toThrow(message);
    forget("env");
    expect(() => getEnv()).toThrow(/Invalid environment configuration/);
  });
});
