import { setTimeout as delay } from "node:timers/promises";
import pLimit from "p-limit";
import { normalizeUsername, verifyLogin, type AdminUser } from "~/models/admin/user.server";
import { verifyInBackground } from "~/services/admin/background-password-check.server";
import { fromKnownDevice } from "~/services/admin/session.server";
import {
  clientLimitKey,
  consumeLimit,
  forgetAttempts,
  limitReached,
  limitRules,
  personLimitKey,
  recordAttempt,
} from "~/services/rate-limit.server";
import { getRequestId, RequestRejected } from "~/utils/http/request.server";
import { passwordChecks } from "~/utils/metrics.server";
import { remember } from "~/utils/singleton.server";

/**
 * ADR 0012 and 0054; counted before the deliberately slow password check. A username over its ceiling of failures in
 * the window is refused to every browser but one that has signed in as it before (its device cookie), so guesses
 * spread over any number of addresses get at most the ceiling of password checks, and the owner still gets in.
 */
async function startSignInAttempt(request: Request, username: string, knownDevice: boolean, requestId: string) {
  // Without an address (not through Node's HTTP server) every caller is one client, the safe side.
  const client = clientLimitKey(request) ?? "unknown";
  // Hashed: a username is often its owner's e-mail address.
  const usernameKey = personLimitKey(`username ${normalizeUsername(username)}`);
  await consumeLimit(limitRules.signInClient, client, requestId);
  if (!knownDevice) {
    const refused = await limitReached(limitRules.signInUsername, usernameKey, requestId);
    if (refused) throw refused;
  }
  return {
    succeeded: () => forgetAttempts(limitRules.signInClient, client, requestId),
    failed: () => recordAttempt(limitRules.signInUsername, usernameKey, { requestId }),
  };
}

// argon2 takes a core by design: one check at a time leaves the other cores to page views (ADR 0012), and a
// stranger's check yields the CPU to them (ADR 0055). A browser known as this admin has its own queue, which
// strangers cannot fill, checked at normal priority.
const signIns = () => remember("sign-in checks", () => ({ known: pLimit(1), anyone: pLimit(1) }));

/** How many sign-ins may wait for the one being checked; beyond that they get the busy answer. */
export const maxWaitingSignIns = 8;

// Held back, so a client that waits for its answers cannot loop on cheap refusals.
const refusalDelayMs = 2_000;

/** Throws 429 past a limit, or 503 when too many wait, before any limit, database or argon2 work. */
export async function checkSignIn(
  request: Request,
  username: string,
  password: string,
): Promise<AdminUser | undefined> {
  const knownDevice = await fromKnownDevice(request, username);
  const queue = signIns()[knownDevice ? "known" : "anyone"];
  if (queue.activeCount + queue.pendingCount > maxWaitingSignIns) {
    await delay(refusalDelayMs);
    throw new RequestRejected(503, "Sign-in is busy right now. Please try again in a few seconds.", {
      "Retry-After": "5",
    });
  }
  return queue(async () => {
    const requestId = getRequestId(request);
    const attempt = await startSignInAttempt(request, username, knownDevice, requestId);
    const admin = await verifyLogin(username, password, requestId, knownDevice ? undefined : verifyInBackground);
    passwordChecks.inc({ outcome: admin ? "accepted" : "rejected" });
    await (admin ? attempt.succeeded() : attempt.failed());
    return admin;
  });
}
