import { consumeLimit, forgetAttempts, limitReached, limitRules, recordAttempt } from "~/services/rate-limit.server";
import { getClientAddress } from "~/utils/request.server";

/**
 * Sign-in limits (ADR 0012), counted before the deliberately slow password check:
 * - per client, LOGIN_RATE_LIMIT attempts per window; a successful sign-in clears them. One client cannot
 *   guess fast, nor keep argon2 busy.
 * - per username, LOGIN_RATE_LIMIT failures per window from any client. Once a username is over it, only
 *   clients with no attempt of their own on record may still try it: guessing from many addresses slows to one
 *   try per address, while the admin, from a client that has not failed, still gets in with the right password.
 */
export async function startSignInAttempt(request: Request, username: string) {
  // Without an address (not through Node's HTTP server) every caller is one client, the safe side.
  const client = getClientAddress(request) ?? "unknown";
  const usernameKey = username.trim().toLowerCase();
  const counted = await consumeLimit(limitRules.signInClient, client);
  const clientHasTriedBefore = counted.consumedPoints > 1;
  if (clientHasTriedBefore) {
    const refused = await limitReached(limitRules.signInUsername, usernameKey);
    if (refused) throw refused;
  }
  return {
    succeeded: () => forgetAttempts(limitRules.signInClient, client),
    failed: () => recordAttempt(limitRules.signInUsername, usernameKey),
  };
}
