import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv, type Env } from "./env.server";
import { RequestRejected } from "./request.server";

/**
 * One limit: a name (the key prefix) and its number of attempts per RATE_LIMIT_WINDOW_SECONDS. The numbers
 * come from the environment, on by default; why each rule exists and why the defaults: ADR 0012.
 */
export type LimitRule = { name: string; points: (env: Env) => number; refusal?: string };

const rule = (name: string, points: (env: Env) => number, refusal?: string): LimitRule => ({ name, points, refusal });
const lastResort = "We are receiving too many requests right now.";

export const limitRules = {
  demoClient: rule("demo:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  demoEmail: rule("demo:email", (env) => env.RATE_LIMIT_PER_EMAIL),
  demoGlobal: rule("demo:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  checkoutClient: rule("checkout:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  checkoutEmail: rule("checkout:email", (env) => env.RATE_LIMIT_PER_EMAIL),
  checkoutGlobal: rule("checkout:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  couponSession: rule("coupon:session", (env) => env.RATE_LIMIT_COUPONS_PER_SESSION),
  couponClient: rule("coupon:client", (env) => env.RATE_LIMIT_PER_CLIENT),
  couponGlobal: rule("coupon:global", (env) => env.RATE_LIMIT_GLOBAL, lastResort),
  signInClient: rule("sign-in:client", (env) => env.LOGIN_RATE_LIMIT),
  signInUsername: rule("sign-in:username", (env) => env.LOGIN_RATE_LIMIT),
} as const;

/**
 * The one place that chooses where counters live. Memory is right for one process; several instances need a
 * shared store (rate-limiter-flexible has PostgreSQL and Redis ones with the same interface).
 */
function createLimiter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  return new RateLimiterMemory({ keyPrefix, points, duration });
}

const globalForLimits = globalThis as unknown as {
  __groundworkLimiters?: { env: Env; limiters: Map<string, RateLimiterAbstract> };
};

function limiterFor(limit: LimitRule): RateLimiterAbstract {
  const env = getEnv();
  // Tests swap the environment between suites; counters follow the settings they were made with.
  if (globalForLimits.__groundworkLimiters?.env !== env)
    globalForLimits.__groundworkLimiters = { env, limiters: new Map() };
  const { limiters } = globalForLimits.__groundworkLimiters;
  let limiter = limiters.get(limit.name);
  if (!limiter) {
    limiter = createLimiter(limit.name, limit.points(env), env.RATE_LIMIT_WINDOW_SECONDS);
    limiters.set(limit.name, limiter);
  }
  return limiter;
}

function refusal(limit: LimitRule, msBeforeNext: number) {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new RequestRejected(
    429,
    `${limit.refusal ?? "Too many requests."} Please try again in ${retryAfter} seconds.`,
    {
      "Retry-After": String(retryAfter),
    },
  );
}

/** Counts one attempt for `key`; throws a 429 with Retry-After when the window is already full. */
export async function consumeLimit(limit: LimitRule, key: string): Promise<RateLimiterRes> {
  try {
    return await limiterFor(limit).consume(key);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) throw refusal(limit, outcome.msBeforeNext);
    throw outcome;
  }
}

/**
 * Counts one attempt against each rule in order, narrowest first, and stops at the first that refuses: an
 * attempt refused by its own client's limit is not charged to the global one, so one client cannot use up
 * everyone's allowance. A rule whose key is unknown (no client address) is skipped.
 */
export async function consumeLimits(checks: ReadonlyArray<readonly [LimitRule, string | undefined]>): Promise<void> {
  for (const [limit, key] of checks) if (key !== undefined) await consumeLimit(limit, key);
}

/** Attempts counted for `key` in its current window (0 when none). */
export async function countedAttempts(limit: LimitRule, key: string): Promise<number> {
  return (await limiterFor(limit).get(key))?.consumedPoints ?? 0;
}

/** Whether `key` has used its window up, and when it frees up. */
export async function limitReached(limit: LimitRule, key: string): Promise<RequestRejected | undefined> {
  const state = await limiterFor(limit).get(key);
  return state && state.consumedPoints >= limit.points(getEnv()) ? refusal(limit, state.msBeforeNext) : undefined;
}

/** Adds an attempt without refusing (e.g. a failure noticed after the work was done). */
export async function recordAttempt(limit: LimitRule, key: string): Promise<void> {
  await limiterFor(limit).penalty(key);
}

/** Forgets a key's window (e.g. a successful sign-in clears its client's failures). */
export async function forgetAttempts(limit: LimitRule, key: string): Promise<void> {
  await limiterFor(limit).delete(key);
}

/**
 * The key for per-e-mail limits: one mailbox, however it is spelt. Case is ignored; a `+tag` is cut (Gmail,
 * Outlook, iCloud, Fastmail, Proton and most others deliver `name+anything@` to `name@`); dots in the local part
 * are ignored only for Gmail, the one large provider that ignores them. Only the limit uses it; the lead keeps
 * the address as typed.
 */
export function emailLimitKey(email: string): string {
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
