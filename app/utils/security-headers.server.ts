import { randomFillSync } from "node:crypto";
import { getEnv, type Env } from "./env.server";

// Nonces are 128 random bits each. Drawing them from a buffer filled 256 at a time (each byte used once) saves a
// call into the system's random source per response, as crypto.randomUUID() does for its ids.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

export function createNonce(): string {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

function contentSecurityPolicyParts(env: Env): [string, string, string] {
  const checkoutOrigin = new URL(env.STRIPE_CHECKOUT_ORIGIN).origin;
  const [before, between, after] = [
    "default-src 'self'",
    "script-src 'self' 'nonce-\u0000'",
    "style-src 'self' 'nonce-\u0000'",
    // Radix positions popovers with style attributes; attributes cannot run code, <style> blocks stay nonce-only.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${checkoutOrigin}`,
    "frame-ancestors 'none'",
  ]
    .join("; ")
    .split("\u0000");
  return [before, between, after];
}

// The policy is the same for every response but its nonce: built once per environment, not per request.
let policyParts: { env: Env; parts: [string, string, string] } | undefined;

function contentSecurityPolicy(nonce: string): string {
  const env = getEnv();
  if (policyParts?.env !== env) policyParts = { env, parts: contentSecurityPolicyParts(env) };
  const [before, between, after] = policyParts.parts;
  return before + nonce + between + nonce + after;
}

/** Headers for every document and data response; remix-serve has no middleware, so entry.server sets them. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // Strict-Transport-Security depends on how the request arrived, so the front door sets it (front-door.server).
}
