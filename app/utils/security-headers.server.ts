import { getEnv } from "./env.server";

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

function contentSecurityPolicy(nonce: string): string {
  const env = getEnv();
  const checkoutOrigin = new URL(env.STRIPE_CHECKOUT_ORIGIN).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Radix positions popovers with style attributes; attributes cannot run code, <style> blocks stay nonce-only.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${checkoutOrigin}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for every document and data response; remix-serve has no middleware, so entry.server sets them. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (getEnv().NODE_ENV === "production") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}
