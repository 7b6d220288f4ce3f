// The kept shared page (ADR 0037), through the production build: the anonymous page is the same bytes for everyone
// (no nonce, no submission id) and byte-for-byte a fresh render, a private page gets its own ids and the CSP hashes
// of its own scripts, and a visitor whose loaders see something else (a cookie, a query string) never gets another
// visitor's page. Needs `npm run build`.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, keptPage, matchesIfNoneMatch, pageTag, representationTag } from "~/server/page-cache.server";
import { startAppServer } from "../support/app-server.mjs";

type App = Awaited<ReturnType<typeof startAppServer>>;
let cached: App;
let uncached: App;
// Both servers claim the same public origin, so their pages (canonical URL, JSON-LD) can be compared byte for byte.
const APP_URL = "http://localhost:3999";

type Page = { status: number; html: string; csp: string; setCookie: string[]; headers: Headers };

async function get(app: App, path = "/", headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    csp: response.headers.get("Content-Security-Policy") ?? "",
    setCookie: response.headers.getSetCookie(),
    headers: response.headers,
  };
}

const sha256Source = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** The hash sources of a page's executable inline scripts (not JSON-LD, a data block). */
const scriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes))
    .map(([, , text]) => sha256Source(text));
/** The hash sources of one directive of a CSP (`script-src`, `style-src`). */
const cspHashes = (csp: string, directive = "script-src") =>
  [...(csp.split(";").find((part) => part.trim().startsWith(`${directive} `)) ?? "").matchAll(/'sha256-[^']+'/g)].map(
    (match) => match[0],
  );
/** The hash sources of the page's inlined stylesheet, the only `<style>`, in the head. */
const styleHashes = (html: string) =>
  [...html.slice(0, html.indexOf("</head>")).matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) =>
    sha256Source(text),
  );
// In single fetch's data the key comes first and, new to the payload, the value right after it.
const attemptIdOf = (html: string) => /\\"attemptId\\",\\"([0-9a-f-]{36})\\"/.exec(html)?.[1];

async function submitDemoForm(app: App) {
  const response = await fetch(`${app.baseUrl}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.baseUrl },
    body: new URLSearchParams({
      intent: "demo-request",
      __rvfInternalFormId: "demo-request-form",
      firstName: "Ana",
      lastName: "Ruiz",
      email: `ana.${Date.now()}@ruizroofing.com`,
      phone: "+1 (555) 010-2000",
      company: "Ruiz Roofing",
      submissionId: crypto.randomUUID(),
      gw_trap: "",
    }),
  });
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return {
    thanks: cookies.find((cookie) => cookie.startsWith("gw_demo="))!,
    toast: cookies.find((cookie) => cookie.startsWith("gw_toast="))!,
  };
}

describe("page cache (production build)", () => {
  beforeAll(async () => {
    const env = { APP_URL, OUTBOX_WORKER: "off" };
    [cached, uncached] = await Promise.all([
      startAppServer({ env: { ...env, PAGE_CACHE: "on" } }),
      startAppServer({ env: { ...env, PAGE_CACHE: "off" } }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([cached?.stop(), uncached?.stop()]);
  });

  it("answers every anonymous visitor the same bytes: no nonce, no submission id, the CSP hashing its scripts", async () => {
    const pages = [await get(cached), await get(cached), await get(cached)];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.html).toBe(pages[0].html);
      expect(page.csp).toBe(pages[0].csp);
      expect(page.headers.get("ETag")).toBe(pages[0].headers.get("ETag"));
      expect(page.html).not.toMatch(/\snonce=|nonce-/);
      expect(page.csp).not.toContain("nonce-");
      expect(page.html).not.toContain("submissionId");
      // The first screen's rules are inlined and allowed by their hash alone; the whole stylesheet is requested only
      // without JavaScript (<noscript>) or after the first paint (the template), never before it (ADR 27).
      expect(styleHashes(page.html)).toHaveLength(1);
      const beforeScripts = page.html.replace(/<noscript>[\s\S]*?<\/noscript>|<template[\s\S]*?<\/template>/g, "");
      expect(beforeScripts).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(new Set(cspHashes(page.csp))).toEqual(new Set(scriptHashes(page.html)));
      expect(cspHashes(page.csp, "style-src")).toEqual(styleHashes(page.html));
    }
  });

  it("serves the same bytes as a fresh render, with the same ETag from another process", async () => {
    const fresh = await get(uncached);
    await get(cached);
    const hit = await get(cached);
    expect(hit.html).toBe(fresh.html);
    expect(hit.csp).toBe(fresh.csp);
    // Two instances agree on the validator, so a shared cache can revalidate against any of them.
    expect(hit.headers.get("ETag")).toBe(fresh.headers.get("ETag"));
    expect(fresh.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  });

  it("sends the page gzip-encoded to clients that accept gzip, the same document once decoded, its own ETag", async () => {
    const raw = async (app: App, encoding: string) => {
      const response = await fetch(`${app.baseUrl}/`, { headers: { "Accept-Encoding": encoding } });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { response, bytes };
    };
    // undici's fetch decodes gzip itself; the declared length is that of the encoded body.
    const gzipped = await raw(cached, "gzip, deflate, br");
    expect(gzipped.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.response.headers.get("Vary")).toMatch(/Accept-Encoding/i);
    expect(Number(gzipped.response.headers.get("Content-Length"))).toBeLessThan(gzipped.bytes.length / 4);
    const plain = await raw(cached, "identity");
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(Number(plain.response.headers.get("Content-Length"))).toBe(plain.bytes.length);
    expect(gzipped.bytes.equals(plain.bytes)).toBe(true);
    // A strong validator names one representation: the gzip bytes have their own.
    expect(gzipped.response.headers.get("ETag")).not.toBe(plain.response.headers.get("ETag"));
    expect((await raw(uncached, "gzip")).response.headers.get("ETag")).toBe(gzipped.response.headers.get("ETag"));
  });

  it("does not serve the anonymous page when a query string changes what the loaders return", async () => {
    const anonymous = await get(cached);
    const annual = await get(cached, "/?billing=annual");
    expect(annual.html).toBe((await get(uncached, "/?billing=annual")).html);
    expect(annual.html).not.toBe(anonymous.html);
    expect(annual.headers.get("Cache-Control")).toBe("private, no-store");
    // A query string the loaders ignore renders the anonymous page's content (the URL is still part of the key).
    const tagged = await get(cached, "/?utm_source=newsletter");
    expect(tagged.html).toBe((await get(uncached, "/?utm_source=newsletter")).html);
    expect(tagged.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keeps the shared page the same bytes whatever the Referer; a tagged landing renders the visit's attribution", async () => {
    const fromGoogle = await get(cached, "/", { Referer: "https://www.google.com/search?q=crm" });
    const fromBing = await get(uncached, "/", { Referer: "https://www.bing.com/" });
    expect(fromBing.html).toBe(fromGoogle.html);
    expect(fromBing.headers.get("ETag")).toBe(fromGoogle.headers.get("ETag"));
    expect(fromGoogle.headers.get("Cache-Control")).toMatch(/^public, /);
    // No visitor's values in it: no attribution field, no carried query, no referrer (the page's own script reads the
    // referrer in the browser, so the field names do appear in that script's text).
    expect(fromGoogle.html).not.toMatch(/name="(?:utm_\w+|click_id|referrer_host|landing_path)"|&amp;utm_|google\.com/);

    const tagged = await get(cached, "/?utm_source=google&utm_campaign=spring-roofing", {
      Referer: "https://www.google.com/",
    });
    expect(tagged.headers.get("Cache-Control")).toBe("private, no-store");
    for (const [name, value] of [
      ["utm_source", "google"],
      ["utm_campaign", "spring-roofing"],
      ["referrer_host", "www.google.com"],
      ["landing_path", "/"],
    ])
      expect(tagged.html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    // The checkout's links carry it to the order.
    expect(tagged.html).toContain(
      'href="/?checkout=info&amp;plan=scale-master&amp;utm_source=google&amp;utm_campaign=spring-roofing&amp;referrer_host=www.google.com&amp;landing_path=%2F"',
    );
  });

  it("gives a checkout page (query and cookie) its own attempt id per response and the CSP hashes of its own scripts", async () => {
    const pages = [await get(cached, "/?checkout=info"), await get(cached, "/?checkout=info")];
    const ids = pages.map((page) => attemptIdOf(page.html));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(pages[1].html.replaceAll(ids[1]!, ids[0]!)).toBe(pages[0].html);
    for (const page of pages) {
      expect(new Set(cspHashes(page.csp))).toEqual(new Set(scriptHashes(page.html)));
      expect(cspHashes(page.csp, "style-src")).toEqual(styleHashes(page.html));
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect(pages[0].csp).not.toBe(pages[1].csp);
  });

  it("does not serve the anonymous page to a visitor with a demo-thanks or a toast cookie", async () => {
    await get(cached);
    const { thanks, toast } = await submitDemoForm(cached);

    const thanked = await get(cached, "/", { Cookie: thanks });
    expect(thanked.html).toContain("Thank You for Your Demo Request!");
    expect(thanked.html).toBe((await get(uncached, "/", { Cookie: thanks })).html);
    expect(thanked.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await get(cached)).html).not.toContain("Thank You for Your Demo Request!");

    const toasted = await get(cached, "/", { Cookie: toast });
    expect(toasted.html).toContain("Demo Request Submitted!");
    // The consumed toast is taken out of its cookie, as without the cache.
    expect(toasted.setCookie.some((cookie) => cookie.startsWith("gw_toast="))).toBe(true);
    expect((await get(cached)).html).not.toContain("Demo Request Submitted!");
  });

  it("answers each form post with its own page, never the kept one: two time zones shown without JavaScript", async () => {
    const showTimes = async (timeZone: string) => {
      const response = await fetch(`${cached.baseUrl}/?index`, {
        method: "POST",
        headers: { Origin: cached.baseUrl },
        body: new URLSearchParams({
          intent: "demo-request",
          __rvfInternalFormId: "demo-request-form",
          timeZone,
          demoShowTimes: "1",
          gw_trap: "",
        }),
      });
      return { html: await response.text(), cacheControl: response.headers.get("Cache-Control") };
    };
    await get(cached);
    const chicago = await showTimes("America/Chicago");
    const berlin = await showTimes("Europe/Berlin");
    expect(chicago.html).toContain("Times are shown in Central Time.");
    expect(berlin.html).toContain("Times are shown in Central European Time.");
    for (const answer of [chicago, berlin]) expect(answer.cacheControl).toBe("private, no-store");
  });

  it("renders a no-JavaScript form error (action data) for its request, not from the cache", async () => {
    const response = await fetch(`${cached.baseUrl}/?index`, {
      method: "POST",
      headers: { Origin: cached.baseUrl },
      body: new URLSearchParams({ intent: "demo-request", __rvfInternalFormId: "demo-request-form", firstName: "Ana" }),
    });
    const html = await response.text();
    expect(response.status).toBe(422);
    expect(html).toContain('value="Ana"');
    expect((await get(cached)).html).not.toContain('value="Ana"');
  });
});

describe("kept pages and validators", () => {
  const page =
    (html: string, status = 200) =>
    async () => ({ html, status });

  it("renders a page once per validator, shares the render between concurrent requests, and keeps no failed render", async () => {
    let renders = 0;
    const render = () => {
      renders += 1;
      return page(`<p>page ${renders}</p>`)();
    };
    const tag = `test-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([keptPage(tag, render), keptPage(tag, render)]);
    expect(renders).toBe(1);
    expect(second).toBe(first);
    expect(first!.body.toString()).toBe("<p>page 1</p>");
    expect(gunzipSync(first!.gzip).equals(first!.body)).toBe(true);

    const failed = `test-${crypto.randomUUID()}`;
    expect(await keptPage(failed, page("<p>error</p>", 500))).toBeUndefined();
    expect((await keptPage(failed, page("<p>fine</p>")))!.body.toString()).toBe("<p>fine</p>");
  });

  it("names each representation, and compares If-None-Match weakly with * for any", () => {
    const tag = pageTag("build-1", "http://localhost/", "data-1");
    expect(pageTag("build-2", "http://localhost/", "data-1")).not.toBe(tag);
    expect(pageTag("build-1", "http://localhost/", "data-2")).not.toBe(tag);
    const etags = [representationTag(tag, true), representationTag(tag, false)];
    expect(etags[0]).toBe(`"${tag}-gz"`);
    expect(matchesIfNoneMatch(`"other", W/${etags[1]}`, etags)).toBe(true);
    expect(matchesIfNoneMatch("*", etags)).toBe(true);
    expect(matchesIfNoneMatch(`"${tag}"x`, etags)).toBe(false);
    expect(matchesIfNoneMatch(null, etags)).toBe(false);
  });

  it("reads Accept-Encoding as RFC 9110 does", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
