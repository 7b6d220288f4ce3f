// The cache of rendered pages (ADR 0005, 0019), through the production build: the anonymous page is the same
// bytes for everyone (no nonce, no submission id) and byte-for-byte a fresh render, a page with per-request ids
// gets its own ids and the CSP hashes of its own scripts, and a visitor whose loaders see something else (a
// cookie, a query string) never gets another visitor's page. Needs `npm run build`.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, prefersBrotli } from "~/server/gzip-template.server";
import { cachedDocument, clearPageCache, fillTemplate, pageCacheKey, toTemplate } from "~/server/page-cache.server";
import { perRequestId } from "~/utils/per-request-id.server";
import { startAppServer } from "../support/app-server.mjs";
import { PAGE_SCRIPTS_MARKER_ID } from "~/deferred/hydration-template-id";

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
const attemptIdOf = (html: string) => /"attemptId":"([^"]+)"/.exec(html)?.[1];

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
      website: "",
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

  it("sends the shared page Brotli-encoded once its one-time compression is ready: same document, own stable ETag, 304", async () => {
    // The bytes as they arrive (fetch would decode them), with the headers that came with them.
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        http
          .get(`${cached.baseUrl}${path}`, { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }),
            );
            response.on("error", reject);
          })
          .on("error", reject);
      });
    const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    // The Brotli is made in the background after the page's first request; until then such requests get gzip.
    let brotli = await raw("/", browser);
    for (let attempt = 0; brotli.headers["content-encoding"] !== "br" && attempt < 200; attempt++) {
      expect(brotli.headers["content-encoding"]).toBe("gzip");
      await new Promise((resolve) => setTimeout(resolve, 100));
      brotli = await raw("/", browser);
    }
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.bytes.length);
    const plain = await raw("/", { "Accept-Encoding": "identity" });
    const gzipped = await raw("/", { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);
    expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);
    expect(brotli.bytes.length).toBeLessThan(gzipped.bytes.length);
    expect(brotli.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
    // Each encoding is its own representation with its own strong validator, the same on every request, and the
    // same any process computes from the same document (Brotli at quality 11 is deterministic).
    const etags = new Set([brotli.headers.etag, gzipped.headers.etag, plain.headers.etag]);
    expect(etags.size).toBe(3);
    expect((await raw("/", browser)).headers.etag).toBe(brotli.headers.etag);
    const recompressed = zlib.brotliCompressSync(plain.bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.bytes.length,
      },
    });
    expect(brotli.headers.etag).toBe(`"${createHash("sha256").update(recompressed).digest("base64url")}"`);
    // Revalidation per encoding: the Brotli ETag answers 304 to a Brotli request, not to a gzip-only one.
    const revalidated = await raw("/", { ...browser, "If-None-Match": brotli.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect(revalidated.headers.etag).toBe(brotli.headers.etag);
    const otherEncoding = await raw("/", { "Accept-Encoding": "gzip", "If-None-Match": brotli.headers.etag! });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers["content-encoding"]).toBe("gzip");
    expect((await raw("/", { "Accept-Encoding": "gzip", "If-None-Match": gzipped.headers.etag! })).status).toBe(304);
    // A browser that took the gzip copy before the Brotli was ready keeps it: revalidated, it is still current and
    // acceptable, so the answer is a 304 naming that copy (a 200 would make it download the page again).
    const heldGzip = await raw("/", { ...browser, "If-None-Match": gzipped.headers.etag! });
    expect(heldGzip.status).toBe(304);
    expect(heldGzip.headers.etag).toBe(gzipped.headers.etag);
    expect((await raw("/", { ...browser, "If-None-Match": '"an-old-copy"' })).headers["content-encoding"]).toBe("br");
    // Pages that are not the shared one are never Brotli-compressed by the cache (quality 11 is made once, for it).
    const query = await raw("/?utm_source=newsletter", browser);
    expect(query.headers["content-encoding"]).toBe("gzip");
    expect(query.headers.etag).toBeUndefined();
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

const slotsOf = (template: ReturnType<typeof toTemplate>) => (template.kind === "slotted" ? template.slots : []);

describe("page cache key and templates", () => {
  it("keeps a page without per-request ids finished: one body, its gzip, CSP and strong ETags", () => {
    const html = `<p>same</p><template id="${PAGE_SCRIPTS_MARKER_ID}"></template><script>start()</script>`;
    const template = toTemplate(html, []);
    expect(template.kind).toBe("fixed");
    const plain = fillTemplate(template, []);
    const gzipped = fillTemplate(template, [], true);
    expect(Buffer.from(plain.body).toString()).toBe(html);
    expect(gunzipSync(gzipped.body).toString()).toBe(html);
    expect(plain.csp).toContain(sha256Source("start()"));
    expect(plain.etag).toBe(`"${createHash("sha256").update(html).digest("base64url")}"`);
    expect(gzipped.etag).toBe(`"${createHash("sha256").update(gzipped.body).digest("base64url")}"`);
  });

  // What Remix hands entry.server, reduced to the fields the cache reads.
  function page(
    options: { method?: string; status?: number; actionData?: unknown; extra?: string; deferred?: boolean } = {},
  ) {
    const loadContext = {};
    const submissionId = perRequestId(loadContext);
    const state = JSON.stringify({
      loaderData: { "routes/_index": { checkout: { submissionId }, extra: options.extra } },
    });
    const context = {
      staticHandlerContext: {
        actionData: options.actionData ?? null,
        errors: null,
        activeDeferreds: options.deferred ? { "routes/_index": {} } : null,
      },
      serverHandoffString: JSON.stringify({ state }),
      isSpaMode: false,
    } as unknown as EntryContext;
    return {
      submissionId,
      request: {
        request: new Request("http://localhost/", { method: options.method ?? "GET" }),
        statusCode: options.status ?? 200,
        context,
        loadContext,
      },
    };
  }

  it("keys pages by their loader data with the minted ids normalized, and refuses what is per request", () => {
    expect(pageCacheKey(page().request)).toBe(pageCacheKey(page().request));
    // A random value the loaders did not mint through perRequestId() makes the page uncacheable in effect.
    expect(pageCacheKey(page({ extra: crypto.randomUUID() }).request)).not.toBe(
      pageCacheKey(page({ extra: crypto.randomUUID() }).request),
    );
    expect(pageCacheKey(page({ method: "POST" }).request)).toBeUndefined();
    expect(pageCacheKey(page({ status: 404 }).request)).toBeUndefined();
    expect(pageCacheKey(page({ actionData: { "routes/_index": { formId: "x" } } }).request)).toBeUndefined();
    expect(pageCacheKey(page({ deferred: true }).request)).toBeUndefined();
  });

  it("renders a page once and fills each response with its ids and its scripts' hashes; a failed render is not kept", async () => {
    clearPageCache();
    let renders = 0;
    const render =
      (first: { submissionId: string }, status = 200) =>
      async () => {
        renders += 1;
        return {
          html: `<p>a</p><input value="${first.submissionId}"><template id="${PAGE_SCRIPTS_MARKER_ID}"></template><script>"${first.submissionId}"</script><script type="application/ld+json">{}</script>`,
          status,
        };
      };
    const pages = [page(), page(), page()];
    const key = pageCacheKey(pages[0].request)!;
    const bodies = await Promise.all(
      pages.map((one, index) => cachedDocument(key, one.request, render(one), { gzip: index === 1 })),
    );
    expect(renders).toBe(1);
    bodies.forEach(({ body, status, encoding, csp, etag }, index) => {
      expect(status).toBe(200);
      const id = pages[index].submissionId;
      expect(encoding).toBe(index === 1 ? "gzip" : undefined);
      const text = encoding === "gzip" ? gunzipSync(body).toString() : Buffer.from(body).toString();
      expect(text).toBe(
        `<p>a</p><input value="${id}"><template id="${PAGE_SCRIPTS_MARKER_ID}"></template><script>"${id}"</script><script type="application/ld+json">{}</script>`,
      );
      expect(cspHashes(csp)).toEqual([sha256Source(`"${id}"`)]);
      // Per-request ids: never one validator for all.
      expect(etag).toBeUndefined();
    });

    clearPageCache();
    const failed = page();
    const failedKey = pageCacheKey(failed.request)!;
    expect((await cachedDocument(failedKey, failed.request, render(failed, 500), { gzip: false })).status).toBe(500);
    const next = page();
    expect((await cachedDocument(failedKey, next.request, render(next), { gzip: false })).status).toBe(200);
    expect(renders).toBe(3);
    expect(slotsOf(toTemplate("a-X-b-Y-X", ["X", "Y"]))).toEqual([0, 1, 0]);
    expect(Buffer.from(fillTemplate(toTemplate("a-X-b-Y-X", ["X", "Y"]), ["1", "22"]).body).toString()).toBe(
      "a-1-b-22-1",
    );
  });

  it("gzips a template per response: parts compressed once, values stored, valid for any zlib", () => {
    // Parts and values around 64 KB stored-block limits, repetitive and random text, empty parts.
    const random = randomBytes(70_000).toString("base64");
    const html = `#X#${"<p>groundwork</p>".repeat(5_000)}#X#${random}#Y#${"é€𝄞".repeat(2_000)}#X##Y#`;
    const template = toTemplate(html, ["#X#", "#Y#"]);
    expect(slotsOf(template)).toEqual([0, 0, 1, 0, 1]);
    const values = [`n-${randomBytes(40_000).toString("hex")}`, "second+/="];
    const { body, encoding } = fillTemplate(template, values, true);
    expect(encoding).toBe("gzip");
    const plain = Buffer.from(fillTemplate(template, values).body);
    expect(gunzipSync(body).equals(plain)).toBe(true);
    // Much smaller than the document: the fixed parts really are compressed.
    expect(body.byteLength).toBeLessThan(plain.byteLength - 70_000);
    // Empty parts (a value at the very start or end, two values side by side) and empty values.
    const edges = toTemplate("XaYXY", ["X", "Y"]);
    for (const edgeValues of [
      ["1", "2"],
      ["", "2"],
      ["", ""],
    ]) {
      expect(gunzipSync(fillTemplate(edges, edgeValues, true).body).toString()).toBe(
        Buffer.from(fillTemplate(edges, edgeValues).body).toString(),
      );
    }
  });

  it("prefers Brotli only when the client accepts it at least as much as gzip", () => {
    expect(prefersBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(prefersBrotli("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(prefersBrotli("br;q=0.5, gzip")).toBe(false);
    expect(prefersBrotli("br;q=0, gzip")).toBe(false);
    expect(prefersBrotli("gzip")).toBe(false);
    expect(prefersBrotli("*")).toBe(true);
    expect(prefersBrotli("gzip;q=0.5, *")).toBe(true);
    expect(prefersBrotli("")).toBe(false);
    expect(prefersBrotli(null)).toBe(false);
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
