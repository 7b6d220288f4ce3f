import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getRequestId } from "~/utils/http/request.server";
import { getStripeClient } from "~/services/checkout/payments/stripe.server";
import { consumeLimits, limitRules } from "~/services/rate-limit.server";
import { remember } from "~/utils/singleton.server";

/** What the success page shows of a Checkout Session: display only, the webhook is the record of payment. */
export type SessionRead = { paymentStatus?: string; orderRef: string | null };

// Long enough that reloads and a flood of one id make one Stripe read, short enough that a payment confirmed by
// Stripe meanwhile shows on the next reload but one.
const READ_CACHE_MS = 10_000;
// Bounds the memory a flood of made-up ids can take (each is refused past the client's limit anyway).
const READ_CACHE_ENTRIES = 1_000;

type Cached = { read: Promise<SessionRead>; until: number };

const reads = () => remember("checkout success reads", () => new Map<string, Cached>());

function remembered(sessionId: string): Promise<SessionRead> | undefined {
  const cached = reads().get(sessionId);
  if (cached && cached.until > Date.now()) return cached.read;
  return undefined;
}

function keep(sessionId: string, read: Promise<SessionRead>) {
  const cache = reads();
  cache.delete(sessionId);
  if (cache.size >= READ_CACHE_ENTRIES) {
    const now = Date.now();
    for (const [id, cached] of cache) if (cached.until <= now) cache.delete(id);
    // Still full: the oldest entry goes (a Map iterates in insertion order).
    if (cache.size >= READ_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  cache.set(sessionId, { read, until: Date.now() + READ_CACHE_MS });
}

async function retrieve(request: Request, sessionId: string, env: Env): Promise<SessionRead> {
  try {
    const session = await getStripeClient(env).checkout.sessions.retrieve(sessionId);
    return { paymentStatus: session.payment_status, orderRef: session.client_reference_id };
  } catch (error) {
    logger.warn("could not read the checkout session for the success page", {
      requestId: getRequestId(request),
      error,
    });
    return { orderRef: null };
  }
}

/**
 * The Checkout Session behind `/checkout/success?session_id=…`. Each client may ask RATE_LIMIT_PER_CLIENT times a
 * window (a RequestRejected 429 past that), and Stripe is asked once per session id in READ_CACHE_MS, however many
 * ask at once: a page anyone can load with any id of the right shape never turns into a stream of Stripe calls.
 */
export async function readSuccessSession(request: Request, sessionId: string, env: Env): Promise<SessionRead> {
  await consumeLimits({ client: limitRules.checkoutSuccessClient }, { request });
  const cached = remembered(sessionId);
  if (cached) return cached;
  const read = retrieve(request, sessionId, env);
  keep(sessionId, read);
  return read;
}
