import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import {
  bareHostname,
  checkedAddresses,
  guardedLookup,
  RefusedAddressError,
  type AddressPolicy,
  type Resolver,
} from "~/utils/http/outbound-address.server";

/** Where webhooks may go: the address policy, and whether plain http is refused (production). */
export type WebhookPolicy = AddressPolicy & { httpsOnly: boolean };

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1"]);

/** Only the URL's shape: the addresses it resolves to are checked when it is saved and again at every connection. */
export function webhookUrlProblem(raw: string, policy: WebhookPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, like https://crm.example.com/hooks/groundwork.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https://.";
  if (url.username || url.password)
    return "Leave the user name and password out of the URL; the signature proves the sender.";
  if (url.hash) return "Leave the #fragment out of the URL.";
  if (url.protocol === "http:") {
    if (policy.httpsOnly) return "The URL must start with https:// (plain http is not allowed in production).";
    if (!LOOPBACK_NAMES.has(bareHostname(url)))
      return "Plain http is only allowed for this machine (localhost); use https://.";
  }
  return undefined;
}

type WebhookAnswer = {
  status?: number;
  latencyMs: number;
  /** The first bytes of the answer's body (or of why there was none). */
  excerpt: string;
  /** Why the attempt failed, when it did (no answer, a redirect, a non-2xx status). */
  error?: string;
};

/** The connection is closed after this much of the answer, so a huge answer costs nothing. */
const MAX_RESPONSE_BYTES = 4 * 1024;
const EXCERPT_BYTES = 512;

/** The address is checked when connecting; redirects are never followed. Never throws: every outcome is logged. */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: {
    policy: WebhookPolicy;
    resolve?: Resolver;
    /** The whole attempt: connecting, sending, the answer's head and the bytes read. */
    timeoutMs: number;
  },
): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): WebhookAnswer => ({ latencyMs: elapsed(), excerpt: "", error });

  const problem = webhookUrlProblem(rawUrl, options.policy);
  if (problem) return failed(problem);
  const url = new URL(rawUrl);
  const hostname = bareHostname(url);
  if (isIP(hostname)) {
    // Node connects to an IP literal without a lookup, so the guard runs here for it.
    try {
      await checkedAddresses(hostname, options.policy, options.resolve);
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    }
  }

  const client = url.protocol === "https:" ? https : http;
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookAnswer, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve({ ...answer, latencyMs: elapsed() });
    };
    const request = client.request(url, {
      method: "POST",
      agent: false,
      lookup: guardedLookup(options.policy, options.resolve) as never,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "Groundwork-Webhooks/1",
      },
    });
    const deadline = setTimeout(
      () => finish({ excerpt: "", error: `no answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      const refused = error instanceof RefusedAddressError;
      finish({ excerpt: "", error: refused ? error.message : `${error.code ?? "error"}: ${error.message}` });
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks)
          .subarray(0, EXCERPT_BYTES)
          .toString("utf8")
          .replace(/\uFFFD+$/, "");
        if (status >= 200 && status < 300) return finish({ status, excerpt });
        const location = response.headers.location;
        const error =
          status >= 300 && status < 400
            ? `HTTP ${status}: redirect${location ? ` to ${String(location).slice(0, 200)}` : ""} not followed`
            : `HTTP ${status}`;
        finish({ status, excerpt, error });
      };
      response.on("data", (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - read));
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.end(body);
  });
}
