import {
  RateLimiterMemory,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
  type RateLimiterCompatibleAbstract,
} from "rate-limiter-flexible";
import { consumeCounters, postgresCounters, redisCounters } from "~/models/rate-limit-counter.server";
import { getEnv, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { rateLimitRefusals } from "~/utils/metrics.server";
import { getClientAddress, getRequestId, RequestRejected } from "~/utils/http/request.server";
import { remember } from "~/utils/singleton.server";
import { keyedHash } from "~/utils/secret-box.server";
import { withTimeout } from "~/utils/with-timeout";

/**
 * When the shared store fails (ADR 0018): "open" counts in this process instead, so leads and orders keep coming in;
 * "closed" refuses with a 503, so a password guess is never let through uncounted.
 */
export type WhenStoreFails = "open" | "closed";

/** Attempts per RATE_LIMIT_WINDOW_SECONDS; why each rule and its default: ADR 0012. */
export type LimitRule = {
  name: string;
  points: (env: Env) => number;
  refusal?: string;
  whenStoreFails: WhenStoreFails;
};

const rule = (
  name: string,
  points: (env: Env) => number,
  { refusal, whenStoreFails = "open" }: { refusal?: string; whenStoreFails?: WhenStoreFails } = {},
): LimitRule => ({ name, points, refusal, whenStoreFails });
const lastResort = { refusal: "We are receiving too many requests right now." };
const failClosed = { whenStoreFails: "closed" as const };

export const limitRules = {
  demoClient: rule("demo:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  demoEmail: rule("demo:email", (env) => env.RATE_LIMIT_PER_EMAIL),
  demoGlobal: rule("demo:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  checkoutClient: rule("checkout:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  checkoutEmail: rule("checkout:email", (env) => env.RATE_LIMIT_PER_EMAIL),
  checkoutGlobal: rule("checkout:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  // The success page asks Stripe about the session id in its link.
  checkoutSuccessClient: rule("checkout-success:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  couponSession: rule("coupon:session", (env) => env.RATE_LIMIT_COUPONS_PER_SESSION),
  couponClient: rule("coupon:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  couponGlobal: rule("coupon:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  demoManageClient: rule("demo-manage:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  demoManageBooking: rule("demo-manage:booking", (env) => env.RATE_LIMIT_PER_EMAIL),
  demoManageGlobal: rule("demo-manage:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  // Fails open like the others: a count let through uncounted by the limit costs one row's number, nothing more.
  eventsClient: rule("events:client", (env) => env.RATE_LIMIT_EVENTS_PER_CLIENT),
  signInClient: rule("sign-in:client", (env) => env.LOGIN_RATE_LIMIT, failClosed),
  signInUsername: rule("sign-in:username", (env) => env.LOGIN_RATE_LIMIT, failClosed),
} as const;

export type CounterStore = "redis" | "postgres" | "memory";

export function counterStore(env: Env = getEnv()): CounterStore {
  return env.REDIS_URL ? "redis" : env.DATABASE_URL ? "postgres" : "memory";
}

// A store that has not answered by then counts as failed: the visitor gets the fallback's answer, not a hang.
export const STORE_TIMEOUT_MS = 2_000;
const FALLBACK_LOG_INTERVAL_MS = 30_000;

/** The in-process counters a fail-open limit falls back on; the log says so, throttled. */
class FallbackCounters extends RateLimiterMemory {
  private lastLogged = 0;
  constructor(
    private readonly limitName: string,
    options: { keyPrefix: string; points: number; duration: number },
  ) {
    super(options);
  }
  private note() {
    if (Date.now() - this.lastLogged < FALLBACK_LOG_INTERVAL_MS) return;
    this.lastLogged = Date.now();
    logger.warn("rate-limit store failed; counting in this process", { limit: this.limitName });
  }
  consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.note();
    return super.consume(...args);
  }
  penalty(...args: Parameters<RateLimiterMemory["penalty"]>) {
    this.note();
    return super.penalty(...args);
  }
  get(...args: Parameters<RateLimiterMemory["get"]>) {
    this.note();
    return super.get(...args);
  }
  delete(...args: Parameters<RateLimiterMemory["delete"]>) {
    this.note();
    return super.delete(...args);
  }
}

/** Memory suits one process only; several instances share PostgreSQL or Redis so a limit holds across them all. */
export function createLimiter(
  limit: LimitRule,
  points: number,
  duration: number,
  env: Env = getEnv(),
  fallback?: FallbackCounters,
): RateLimiterAbstract | RateLimiterCompatibleAbstract {
  const options = { keyPrefix: limit.name, points, duration };
  const store = counterStore(env);
  if (store === "memory") return new RateLimiterMemory(options);
  const shared =
    store === "redis" ? redisCounters({ ...options, keyNamespace: env.REDIS_KEY_PREFIX }) : postgresCounters(options);
  return new RLWrapperTimeouts({
    limiter: shared,
    timeoutMs: STORE_TIMEOUT_MS,
    insuranceLimiter:
      limit.whenStoreFails === "open" ? (fallback ?? new FallbackCounters(limit.name, options)) : undefined,
  });
}

type Limiter = ReturnType<typeof createLimiter>;
type Limiters = { limiter: Limiter; fallback?: FallbackCounters };

function limitersFor(limit: LimitRule): Limiters {
  const env = getEnv();
  // Tests swap the environment between suites; counters follow the settings they were made with.
  const limiters = remember("rate limiters", () => new Map<string, Limiters>(), { basedOn: env });
  let found = limiters.get(limit.name);
  if (!found) {
    const options = { keyPrefix: limit.name, points: limit.points(env), duration: env.RATE_LIMIT_WINDOW_SECONDS };
    // One set of in-process counters per limit, shared by the one-limit path and the ladder's one statement.
    const fallback = limit.whenStoreFails === "open" ? new FallbackCounters(limit.name, options) : undefined;
    found = { limiter: createLimiter(limit, options.points, options.duration, env, fallback), fallback };
    limiters.set(limit.name, found);
  }
  return found;
}

/** A fail-closed limit whose store failed: refused, with a message that says it is not the visitor's doing. */
function storeUnavailable(limit: LimitRule, error: unknown, requestId: string | undefined) {
  logger.error("rate-limit store failed; refusing (this limit fails closed)", { requestId, limit: limit.name, error });
  return new RequestRejected(503, "This is unavailable for a moment. Please try again in 30 seconds.", {
    "Retry-After": "30",
  });
}

/** Runs a store operation; an error of the store (not a refusal) becomes a 503 for a fail-closed limit. */
async function withStore<T>(limit: LimitRule, operation: () => Promise<T>, requestId?: string): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof RateLimiterRes || error instanceof RequestRejected) throw error;
    throw storeUnavailable(limit, error, requestId);
  }
}

function refusal(limit: LimitRule, msBeforeNext: number) {
  rateLimitRefusals.inc({ limit: limit.name });
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new RequestRejected(
    429,
    `${limit.refusal ?? "Too many requests."} Please try again in ${retryAfter} seconds.`,
    {
      "Retry-After": String(retryAfter),
    },
  );
}

/** `requestId`, here and below, names the request in the line logged when the store fails. */
export async function consumeLimit(limit: LimitRule, key: string, requestId?: string): Promise<RateLimiterRes> {
  try {
    return await withStore(limit, () => limitersFor(limit).limiter.consume(key), requestId);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) throw refusal(limit, outcome.msBeforeNext);
    throw outcome;
  }
}

/** Keyed on the checkout session, the client (clientLimitKey), the mailbox (emailLimitKey), and everyone at once. */
export type LimitLadder = { session?: LimitRule; client?: LimitRule; email?: LimitRule; global?: LimitRule };

export type LimitSubject = { request: Request; email?: string; session?: string };

/** Narrowest first, stopping at the first refusal, so one client cannot use up everyone's allowance. */
export async function consumeLimits(ladder: LimitLadder, who: LimitSubject): Promise<void> {
  const checks: Array<[LimitRule | undefined, () => string | undefined]> = [
    [ladder.session, () => who.session],
    [ladder.client, () => clientLimitKey(who.request)],
    [ladder.email, () => (who.email === undefined ? undefined : emailLimitKey(who.email))],
    [ladder.global, () => "all"],
  ];
  const steps: LadderStep[] = [];
  for (const [limit, keyOf] of checks) {
    const key = limit && keyOf();
    if (limit && key !== undefined) steps.push({ limit, key });
  }
  const requestId = getRequestId(who.request);
  if (steps.length > 1 && counterStore() === "postgres") return consumeInOneStatement(steps, requestId);
  for (const { limit, key } of steps) await consumeLimit(limit, key, requestId);
}

type LadderStep = { limit: LimitRule; key: string };

/** ADR 0026, same rules as the ladder. A failed store gets each limit's own answer, as on the one-limit path. */
async function consumeInOneStatement(steps: LadderStep[], requestId: string): Promise<void> {
  const env = getEnv();
  const durationMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
  let states;
  try {
    states = await withTimeout(
      consumeCounters(
        steps.map(({ limit, key }) => ({ key: `${limit.name}:${key}`, limit: limit.points(env), durationMs })),
      ),
      STORE_TIMEOUT_MS,
      () => new Error(`rate-limit store did not answer within ${STORE_TIMEOUT_MS} ms`),
    );
  } catch (error) {
    for (const { limit, key } of steps) {
      const { fallback } = limitersFor(limit);
      if (!fallback) throw storeUnavailable(limit, error, requestId);
      try {
        await fallback.consume(key);
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) throw refusal(limit, outcome.msBeforeNext);
        throw outcome;
      }
    }
    return;
  }
  for (const [index, state] of states.entries()) {
    const { limit } = steps[index];
    if (state.points > limit.points(env)) throw refusal(limit, Math.max(0, state.expire.getTime() - Date.now()));
  }
}

export async function countedAttempts(limit: LimitRule, key: string): Promise<number> {
  return (await withStore(limit, () => limitersFor(limit).limiter.get(key)))?.consumedPoints ?? 0;
}

export async function limitReached(
  limit: LimitRule,
  key: string,
  requestId?: string,
): Promise<RequestRejected | undefined> {
  const state = await withStore(limit, () => limitersFor(limit).limiter.get(key), requestId);
  return state && state.consumedPoints >= limit.points(getEnv()) ? refusal(limit, state.msBeforeNext) : undefined;
}

/** Adds attempts (one by default) without refusing (e.g. a failure noticed after the work was done). */
export async function recordAttempt(
  limit: LimitRule,
  key: string,
  { attempts = 1, requestId }: { attempts?: number; requestId?: string } = {},
): Promise<void> {
  await withStore(limit, () => limitersFor(limit).limiter.penalty(key, attempts), requestId);
}

/** Forgetting only relaxes a limit, so a store failure here is logged, not thrown. */
export async function forgetAttempts(limit: LimitRule, key: string, requestId?: string): Promise<void> {
  try {
    await limitersFor(limit).limiter.delete(key);
  } catch (error) {
    logger.warn("rate-limit store failed to forget a key; it expires with its window", {
      requestId,
      limit: limit.name,
      error,
    });
  }
}

/**
 * The counter key of something that names a person (an e-mail address, a username): a keyed hash, so the counters
 * (in PostgreSQL or Redis) never hold the value itself, and an erased address leaves nothing behind in them.
 */
export function personLimitKey(value: string): string {
  return keyedHash(value, "rate-limit key");
}

/**
 * The counter key of the client's address (undefined when there is none): hashed like a person's, since an IP
 * address can name one, so the counters hold no address.
 */
export function clientLimitKey(request: Request): string | undefined {
  const address = getClientAddress(request);
  return address === undefined ? undefined : personLimitKey(`client ${address}`);
}

/**
 * One key per mailbox however it is spelt (case, `+tag`, and Gmail's dots ignored, as providers deliver them alike),
 * hashed (personLimitKey). Only the limit uses it; the lead keeps the address as typed.
 */
export function emailLimitKey(email: string): string {
  return personLimitKey(`mailbox ${canonicalMailbox(email)}`);
}

function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}
