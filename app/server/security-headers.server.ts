import { createHash } from "node:crypto";
import { PAGE_SCRIPTS_MARKER_ID } from "~/deferred/hydration-template-id";
import { getEnv, type Env } from "~/utils/env.server";

/**
 * The CSP allows inline scripts by the SHA-256 of their text, not by a per-response nonce (ADR 0019): a document
 * carrying a nonce differs per response, so no shared cache could keep it. Only the document's tail is hashed: the
 * root layout renders the page's content first, then an empty marker template, then its own scripts
 * (ScrollRestoration, Remix's router state and module script in the hydration template, the after-first-paint
 * loader). A script that a markup bug let into the content comes before the last marker, gets no hash, and the
 * browser refuses it; so does one added in the browser, and a fake marker planted in the content is not the last.
 */

// An inline script runs when it has no src and a JavaScript type: none, a JavaScript MIME type or "module".
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

/**
 * The CSP hash sources (`'sha256-…'`) of the inline scripts in a document's tail (see above), in order, without
 * repeats. The scripts parked in the template count: they run once the after-first-paint loader moves them in.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const tail = html.lastIndexOf(`<template id="${PAGE_SCRIPTS_MARKER_ID}"`);
  if (tail === -1) return [];
  for (const [, attributes, text] of html.slice(tail).matchAll(SCRIPT_ELEMENT)) {
    if (!runsAsScript(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

function contentSecurityPolicyParts(env: Env): [string, string] {
  const checkoutOrigin = new URL(env.STRIPE_CHECKOUT_ORIGIN).origin;
  const [before, after] = [
    "default-src 'self'",
    // 'strict-dynamic': the hashed scripts may load further scripts (the entry module, lazy chunks), and host
    // sources are ignored. 'self' is only the fallback for browsers without 'strict-dynamic' (CSP 2); a browser
    // without hashes at all (CSP 1) runs no inline script and gets the page as it works without JavaScript.
    "script-src 'strict-dynamic'\u0000 'self'",
    // No inline <style> at all: the dialog's scroll lock is in the stylesheet (no runtime <style> element).
    "style-src 'self'",
    // Radix positions popovers with style attributes; attributes cannot run code, <style> blocks are not allowed.
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
  return [before, after];
}

// The policy is the same for every response but its hashes: built once per environment, not per request.
let policyParts: { env: Env; parts: [string, string] } | undefined;

/** The Content-Security-Policy of a document whose inline scripts have these hash sources. */
export function contentSecurityPolicy(scriptHashes: string[]): string {
  const env = getEnv();
  if (policyParts?.env !== env) policyParts = { env, parts: contentSecurityPolicyParts(env) };
  const [before, after] = policyParts.parts;
  return before + scriptHashes.map((hash) => ` ${hash}`).join("") + after;
}

/** The Content-Security-Policy for a rendered document: its own inline scripts' hashes and nothing else. */
export function documentContentSecurityPolicy(html: string): string {
  return contentSecurityPolicy(inlineScriptHashes(html));
}

/** Headers for every document and data response; remix-serve has no middleware, so entry.server sets them. */
export function applySecurityHeaders(headers: Headers, csp?: string) {
  if (csp) headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  // A page whose URL is a secret (the demo booking's manage link) sets its own, stricter "same-origin".
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // Strict-Transport-Security depends on how the request arrived, so the front door sets it (front-door.server).
}
