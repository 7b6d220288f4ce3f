import { randomBytes } from "node:crypto";
import { resealSecrets, syncEnvironmentEndpoint } from "~/models/webhooks/endpoint.server";
import { SECRET_GRACE_MS } from "~/services/webhooks/delivery.server";
import { webhookUrlProblem, type WebhookPolicy } from "~/services/webhooks/sender.server";
import { now } from "~/utils/time/clock.server";
import { getWebhookSettings } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { withTimeout } from "~/utils/with-timeout";
import { bareHostname, checkedAddresses, systemResolver, type Resolver } from "~/utils/http/outbound-address.server";

const RESOLVE_TIMEOUT_MS = 5_000;

/** In the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** Checks the addresses the name resolves to now; each delivery checks again on connecting, against DNS rebinding. */
export async function endpointUrlProblem(
  url: string,
  options: { policy?: WebhookPolicy; resolve?: Resolver } = {},
): Promise<string | undefined> {
  const policy = options.policy ?? getWebhookSettings();
  const problem = webhookUrlProblem(url, policy);
  if (problem) return problem;
  try {
    // A DNS server that does not answer must not hold the admin's form open.
    const resolve = options.resolve ?? systemResolver;
    const timedResolve: Resolver = (hostname) =>
      withTimeout(
        resolve(hostname),
        RESOLVE_TIMEOUT_MS,
        () => new Error(`no answer within ${RESOLVE_TIMEOUT_MS / 1000} s`),
      );
    await checkedAddresses(bareHostname(new URL(url)), policy, timedResolve);
    return undefined;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `This URL cannot receive webhooks: ${why}. Use a public https address.`;
  }
}

/** Why WEBHOOK_URL cannot be used, as a start-up message that says what to change; undefined when it can. */
export function environmentEndpointProblem(): string | undefined {
  const { endpoint } = getWebhookSettings();
  const problem = endpoint && webhookUrlProblem(endpoint.url, getWebhookSettings());
  return problem
    ? `Invalid environment configuration:\n  - WEBHOOK_URL: ${problem}\nFix WEBHOOK_URL, or unset WEBHOOK_URL and WEBHOOK_SECRET.`
    : undefined;
}

/** At start-up: reseals signing secrets under the current SESSION_SECRET (ADR 0043), syncs WEBHOOK_URL's endpoint. */
export async function applyWebhookEnvironment() {
  const { resealed, unreadable } = await resealSecrets();
  if (resealed) logger.info("webhook signing secrets sealed with the current SESSION_SECRET", { endpoints: resealed });
  for (const endpointId of unreadable) {
    logger.error(
      "a webhook endpoint's signing secret cannot be read, so its deliveries fail: set the SESSION_SECRET that " +
        "sealed it (after the current one), or rotate the endpoint's secret on /admin/webhooks",
      { endpointId },
    );
  }
  await syncEnvironmentEndpoint(getWebhookSettings().endpoint, new Date(now().getTime() + SECRET_GRACE_MS));
}
