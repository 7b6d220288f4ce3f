import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/utils/env.server";

/*
 * Links that act as their own key (a test-mode order's page, a booked demo's manage page, the sales calendar
 * feed) carry an HMAC-SHA256 of what they name, made with SESSION_SECRET: unguessable, checked without a
 * database column, and still valid after a secret rotation while the old secret stays configured. `purpose`
 * keeps one kind of link from being replayed as another.
 */

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function sign(purpose: string, value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest();
}

/** The signature of `value` for `purpose` with the first (signing) secret, base64url. */
export function signValue(purpose: string, value: string): string {
  return sign(purpose, value, getEnv().sessionSecrets[0]).toString("base64url");
}

/** True when `signature` was made for `value` and `purpose` with any configured secret. */
export function isValueSignature(purpose: string, value: string, signature: string | null | undefined): boolean {
  if (!signature || !SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature, "base64url");
  // The 43rd character carries 2 unused bits, so four spellings decode to the same bytes: only the one this
  // signer writes is the link, so an altered link is never taken for the real one.
  if (given.toString("base64url") !== signature) return false;
  return getEnv().sessionSecrets.some((secret) => timingSafeEqual(given, sign(purpose, value, secret)));
}
