// The legal pages state facts about the code: cookie lifetimes, the password hash, HSTS and the CSP. These tests
// read those facts from the real code paths, so a change to the code that makes a page untrue fails here.
import { afterEach, describe, expect, it } from "vitest";
import { legalDocument, type InlineText, type LegalDocument } from "~/content/legal";
import { legalPageData } from "~/services/legal-page.server";
import { retentionCutoffs } from "~/services/privacy/retention.server";
import { getRetentionPolicy } from "~/utils/env.server";
import { legalLinks, legalPageIds } from "~/content/legal-links";
import { plans, formatUsd } from "~/content/plans";
import { createUser, hashPassword } from "~/models/admin/user.server";
import { createAdminSession } from "~/services/admin/session.server";
import { saveCheckoutState } from "~/services/checkout/flow.server";
import { STRICT_TRANSPORT_SECURITY } from "~/server/front-door.server";
import { applySecurityHeaders, documentContentSecurityPolicy } from "~/server/security-headers.server";
import { describeWithDatabases } from "../support/database";
import { forget } from "~/utils/singleton.server";
import { PAGE_SCRIPTS_MARKER_ID } from "~/utils/page-scripts-marker";

const brand = "Groundwork";
const documents = Object.fromEntries(legalPageIds.map((id) => [id, legalDocument(id, brand)])) as Record<
  (typeof legalPageIds)[number],
  LegalDocument
>;

function inlineText(parts: InlineText[]) {
  return parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

function sectionText(document: LegalDocument, sectionId: string) {
  const section = document.sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw new Error(`${document.id} has no section ${sectionId}`);
  return section.blocks
    .map((block) => ("paragraph" in block ? inlineText(block.paragraph) : block.list.map(inlineText).join("\n")))
    .join("\n");
}

function maxAgeSeconds(setCookie: string) {
  return Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
}

function resetEnv() {
  forget("env");
}

afterEach(resetEnv);

describe("legal pages: structure", () => {
  it("each page has uniquely named sections with content, a summary and a contact section", () => {
    for (const document of Object.values(documents)) {
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size, document.id).toBe(ids.length);
      for (const section of document.sections)
        expect(section.blocks.length, `${document.id}#${section.id}`).toBeGreaterThan(0);
      expect(ids.at(-1)).toBe("contact");
      expect(sectionText(document, "contact")).toMatch(/@groundworkcrm\.com/);
      expect(document.summary.length).toBeGreaterThan(50);
    }
  });

  it("every link between the pages points at a page and a section that exist", () => {
    const links = Object.values(documents).flatMap((document) =>
      document.sections.flatMap((section) =>
        section.blocks.flatMap((block) => ("paragraph" in block ? [block.paragraph] : block.list)).flat(),
      ),
    );
    const internal = links.filter(
      (part): part is Exclude<InlineText, string> => typeof part !== "string" && part.href.startsWith("/"),
    );
    expect(internal.length).toBeGreaterThan(3);
    for (const link of internal) {
      const [path, hash] = link.href.split("#");
      const target = legalPageIds.find((id) => legalLinks[id].href === path);
      expect(target, link.href).toBeDefined();
      if (hash)
        expect(
          documents[target!].sections.map((section) => section.id),
          link.href,
        ).toContain(hash);
    }
  });

  it("the Terms list every plan of the catalogue at its monthly and annual price", () => {
    const text = sectionText(documents.terms, "plans-and-prices");
    for (const plan of plans) {
      expect(text).toContain(
        `${plan.name}: ${formatUsd(plan.price)} per month, or ${formatUsd(plan.annualPrice)} per year`,
      );
    }
  });

  it("the retention and counters sentences come from the settings the retention job deletes on", () => {
    const defaults = sectionText(documents.privacy, "retention");
    expect(defaults).toContain(
      "Demo requests, with the demo booked through them and the e-mails and notifications that forwarded them: 24 months after we receive them",
    );
    expect(defaults).toContain("Orders: 7 years after the order");
    expect(defaults).toContain(
      "server logs, which record technical events such as errors and request identifiers: 30 days.",
    );
    expect(defaults).toContain("Each counts for a minute, and is deleted within two hours after that.");

    const saved = { ...process.env };
    Object.assign(process.env, {
      RETENTION_LEAD_MONTHS: "18",
      RETENTION_ORDER_YEARS: "1",
      RETENTION_LOG_DAYS: "45",
      RATE_LIMIT_WINDOW_SECONDS: "90",
    });
    forget("env");
    try {
      const policy = getRetentionPolicy();
      expect(policy).toEqual({ leadMonths: 18, orderYears: 1, logDays: 45, counterWindowSeconds: 90 });
      const configured = sectionText(legalPageData("privacy").document, "retention");
      expect(configured).toContain("forwarded them: 18 months after we receive them");
      expect(configured).toContain("Orders: 1 year after the order");
      expect(configured).toContain("request identifiers: 45 days.");
      expect(configured).toContain("Each counts for 90 seconds");
      const at = new Date("2026-11-28T12:00:00Z");
      expect(retentionCutoffs(policy, at)).toEqual({
        leads: new Date("2025-05-28T12:00:00Z"),
        orders: new Date("2025-11-28T12:00:00Z"),
        logs: new Date("2026-10-14T12:00:00Z"),
        counters: at,
      });
    } finally {
      process.env = saved;
      forget("env");
    }
  });
});

describe("legal pages: what they say matches the code", () => {
  it("the checkout cookie lasts as long as the Privacy Policy says (2 hours)", async () => {
    const setCookie = await saveCheckoutState({ planIds: [], billing: "monthly", coupon: null });
    expect(setCookie).toMatch(/^gw_checkout=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(maxAgeSeconds(setCookie)).toBe(2 * 60 * 60);
    expect(sectionText(documents.privacy, "cookies")).toContain(
      "gw_checkout keeps your details and your plan choice between the checkout steps. It expires after 2 hours",
    );
  });

  it("staff passwords are argon2id hashes with the memory and passes the Security page names", async () => {
    const hash = await hashPassword("a-long-test-passphrase");
    const [, algorithm, , parameters] = hash.split("$");
    expect(algorithm).toBe("argon2id");
    const { m, t } = Object.fromEntries(
      parameters.split(",").map((pair) => pair.split("=").map((value, index) => (index ? Number(value) : value))),
    );
    expect(sectionText(documents.security, "staff-access")).toContain(
      `stored only as argon2id hashes (${Number(m) / 1024} MiB of memory, ${t} passes)`,
    );
  });

  it("HTTPS responses carry the HSTS the Security page describes (the front door sends it; front-door.test.ts proves when)", () => {
    const hsts = STRICT_TRANSPORT_SECURITY;
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBe(2 * 365 * 24 * 60 * 60);
    expect(hsts).toContain("includeSubDomains");
    expect(sectionText(documents.security, "encryption")).toContain(
      "for this site and its subdomains for the next two years",
    );
  });

  it("production responses carry the CSP the Security page describes", () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    resetEnv();
    try {
      const headers = new Headers();
      applySecurityHeaders(
        headers,
        documentContentSecurityPolicy(`<template id="${PAGE_SCRIPTS_MARKER_ID}"></template><script>start()</script>`),
      );
      const csp = headers.get("Content-Security-Policy") ?? "";
      expect(csp).toMatch(/script-src 'strict-dynamic' 'sha256-[A-Za-z0-9+/]+=' 'self';/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/form-action 'self' https:\/\/checkout\.stripe\.com(;|$)/);
      expect(headers.get("Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      const protections = sectionText(documents.security, "browser-protections");
      expect(protections).toContain("Our forms can send their data only to us and to Stripe Checkout.");
      expect(protections).toContain("No other site can show our pages inside a frame");
      expect(protections).toContain("Pages do not get your camera, microphone or location");
    } finally {
      process.env.NODE_ENV = previous;
      resetEnv();
    }
  });
});

// The staff session is a database row since sign-out ends it (ADR 0012), so this one needs a database.
describeWithDatabases("legal pages: the staff session", () => {
  it("the staff session lasts as long as the pages say (8 hours)", async () => {
    const admin = await createUser("legal-pages-admin", "a-long-test-passphrase");
    const response = await createAdminSession(admin, "/admin");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^gw_admin=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(maxAgeSeconds(setCookie)).toBe(8 * 60 * 60);
    expect(sectionText(documents.privacy, "cookies")).toContain(
      "gw_admin keeps our staff signed in to the admin pages for up to 8 hours",
    );
    expect(sectionText(documents.security, "staff-access")).toContain("A staff session ends after 8 hours");
  });
});
