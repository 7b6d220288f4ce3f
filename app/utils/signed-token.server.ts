import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/utils/env.server";

// HMACs for links that act as their own key: unguessable, no database column, valid across secret rotation.
// `purpose` keeps one kind of link from being replayed as another.

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function sign(purpose: string, value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest();
}

export function signValue(purpose: string, value: string): string {
  return sign(purpose, value, getEnv().sessionSecrets[0]).toString("base64url");
}

export function isValueSignature(purpose: string, value: string, signature: string | null | undefined): boolean {
  if (!signature || !SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature, "base64url");
  // The last character has unused bits, so several spellings decode alike: only the canonical one is accepted.
  if (given.toString("base64url") !== signature) return false;
  return getEnv().sessionSecrets.some((secret) => timingSafeEqual(given, sign(purpose, value, secret)));
}
