import { createHash } from "node:crypto";
import { PAGE_SCRIPTS_MARKER_ID } from "~/utils/page-scripts-marker";
import { getEnv } from "~/utils/env.server";

// Inline scripts are allowed by hash, not nonce, so shared caches can keep the document (ADR 0019). Only scripts
// after the last marker template are hashed: one a markup bug let into the content gets no hash and is refused.

// Data blocks (application/ld+json) never run, so the CSP does not apply to them.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC_ATTRIBUTE = /\bsrc\s*=/i;
const JAVASCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript", "text/ecmascript"]);

function runsAsScript(attributes: string) {
  if (SRC_ATTRIBUTE.test(attributes)) return false;
  const type = TYPE_ATTRIBUTE.exec(attributes);
  const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
  return JAVASCRIPT_TYPES.has(value);
}

function hashSource(text: string) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/** Only the head is read: the content that follows it cannot add a style. */
export function headStyleHashes(html: string): string[] {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return [];
  return [...new Set(Array.from(html.slice(0, headEnd).matchAll(STYLE_ELEMENT), ([, text]) => hashSource(text)))];
}

/** The scripts after the marker: Remix's own, which carry the page's data. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const tail = html.lastIndexOf(`<template id="${PAGE_SCRIPTS_MARKER_ID}"`);
  if (tail === -1) return [];
  for (const [, attributes, text] of html.slice(tail).matchAll(SCRIPT_ELEMENT)) {
    if (!runsAsScript(attributes)) continue;
    hashes.add(hashSource(text));
  }
  return [...hashes];
}

const sources = (hashes: string[]) => hashes.map((hash) => ` ${hash}`).join("");

export function documentContentSecurityPolicy(html: string): string {
  const env = getEnv();
  const checkoutOrigin = new URL(env.STRIPE_CHECKOUT_ORIGIN).origin;
  // The Vite dev server adds scripts of its own by address (hot updates), which only 'self' admits.
  const trustedLoaders = env.NODE_ENV === "development" ? "" : " 'strict-dynamic'";
  return [
    "default-src 'self'",
    // Hashed scripts may load the entry and lazy chunks; 'self' is only the CSP 2 fallback, and a CSP 1 browser
    // runs no inline script and gets the page as it works without JavaScript.
    `script-src${trustedLoaders}${sources(inlineScriptHashes(html))} 'self'`,
    // The inlined stylesheet by its hash, nothing added at run time: the dialog's scroll lock is in the stylesheet.
    `style-src 'self'${sources(headStyleHashes(html))}`,
    // Radix positions popovers with style attributes; attributes cannot run code. <style> blocks need a hash.
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
export function applySecurityHeaders(headers: Headers, csp?: string) {
  if (csp) headers.set("Content-Security-Policy", csp);
  // A page whose URL is a secret (the demo booking's manage link) sets its own, stricter "same-origin".
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // X-Content-Type-Options and Strict-Transport-Security are on every response, so the front door sets them.
}
