// The cache of rendered pages (ADR 0005), through the production build: every response still carries its own
// nonce and submission id, a cached page is byte-for-byte a fresh render apart from those, and a visitor whose
// loaders see something else (a cookie, a query string) never gets another visitor's page. Needs `npm run build`.
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip } from "~/utils/gzip-template.server";
import {
  cachedDocument,
  clearPageCache,
  fillTemplate,
  pageCacheKey,
  perRequestId,
  toTemplate,
} from "~/utils/page-cache.server";
import { startAppServer } from "../support/app-server.mjs";

type App = Awaited<ReturnType<typeof startAppServer>>;
let cached: App;
let uncached: App;
// Both servers claim the same public origin, so their pages (canonical URL, JSON-LD) can be compared byte for byte.
const APP_URL = "http://localhost:3999";

type Page = { status: number; html: string; csp: string; setCookie: string[] };

async function get(app: App, path = "/", headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    csp: response.headers.get("Content-Security-Policy") ?? "",
    setCookie: response.headers.getSetCookie(),
  };
}

const noncesOf = (html: string) => [...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]);
const cspNonce = (csp: string) => /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
const formSubmissionId = (html: string) => /name="submissionId" value="([^"]+)"/.exec(html)?.[1];
const stateSubmissionId = (html: string) => /"submissionId":"([^"]+)"/.exec(html)?.[1];

/** The page with its per-response values replaced by placeholders. */
function normalized(page: Page) {
  const nonce = cspNonce(page.csp)!;
  const submissionId = stateSubmissionId(page.html)!;
  return page.html.replaceAll(nonce, "NONCE").replaceAll(submissionId, "SUBMISSION-ID");
}

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

  it("gives every anonymous response its own nonce and submission id, the nonce matching its CSP header", async () => {
    const pages = [await get(cached), await get(cached), await get(cached)];
    for (const page of pages) {
      expect(page.status).toBe(200);
      const nonce = cspNonce(page.csp);
      expect(nonce).toBeTruthy();
      expect(page.csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      const nonces = noncesOf(page.html);
      expect(nonces.length).toBeGreaterThan(2);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      // The form and the router state the browser hydrates from carry the same id.
      expect(formSubmissionId(page.html)).toMatch(/^[0-9a-f-]{36}$/);
      expect(stateSubmissionId(page.html)).toBe(formSubmissionId(page.html));
    }
    expect(new Set(pages.map((page) => cspNonce(page.csp))).size).toBe(3);
    expect(new Set(pages.map((page) => formSubmissionId(page.html))).size).toBe(3);
  });

  it("serves the same bytes as a fresh render, apart from the nonce and the submission id", async () => {
    const fresh = await get(uncached);
    await get(cached);
    const hit = await get(cached);
    expect(hit.html.length).toBe(fresh.html.length);
    expect(normalized(hit)).toBe(normalized(fresh));
    expect(normalized(hit)).toContain('nonce="NONCE"');
    expect(normalized(hit)).toContain('value="SUBMISSION-ID"');
  });

  it("sends a cached page gzip-encoded to clients that accept gzip, the same document once decoded", async () => {
    const raw = async (encoding: string) => {
      const response = await fetch(`${cached.baseUrl}/`, { headers: { "Accept-Encoding": encoding } });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { response, bytes };
    };
    // undici's fetch decodes gzip itself; the declared length is that of the encoded body.
    const gzipped = await raw("gzip, deflate, br");
    expect(gzipped.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.response.headers.get("Vary")).toMatch(/Accept-Encoding/i);
    expect(Number(gzipped.response.headers.get("Content-Length"))).toBeLessThan(gzipped.bytes.length / 4);
    const plain = await raw("identity");
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(Number(plain.response.headers.get("Content-Length"))).toBe(plain.bytes.length);
    const page = (bytes: Buffer, response: Response) =>
      normalized({
        status: 200,
        html: bytes.toString(),
        csp: response.headers.get("Content-Security-Policy")!,
        setCookie: [],
      });
    expect(page(gzipped.bytes, gzipped.response)).toBe(page(plain.bytes, plain.response));
  });

  it("does not serve the anonymous page when a query string changes what the loaders return", async () => {
    const anonymous = await get(cached);
    const annual = await get(cached, "/?billing=annual");
    expect(normalized(annual)).toBe(normalized(await get(uncached, "/?billing=annual")));
    expect(normalized(annual)).not.toBe(normalized(anonymous));
    // A query string the loaders ignore renders the anonymous page's content (the URL is still part of the key).
    const tagged = await get(cached, "/?utm_source=newsletter");
    expect(normalized(tagged)).toBe(normalized(await get(uncached, "/?utm_source=newsletter")));
  });

  it("does not serve the anonymous page to a visitor with a demo-thanks or a toast cookie", async () => {
    await get(cached);
    const { thanks, toast } = await submitDemoForm(cached);

    const thanked = await get(cached, "/", { Cookie: thanks });
    expect(thanked.html).toContain("Thank You for Your Demo Request!");
    expect(normalized(thanked)).toBe(normalized(await get(uncached, "/", { Cookie: thanks })));
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

describe("page cache key and templates", () => {
  // What Remix hands entry.server, reduced to the fields the cache reads.
  function page(
    options: { method?: string; status?: number; actionData?: unknown; extra?: string; deferred?: boolean } = {},
  ) {
    const loadContext = {};
    const submissionId = perRequestId(loadContext);
    const state = JSON.stringify({ loaderData: { "routes/_index": { demo: { submissionId }, extra: options.extra } } });
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
        streaming: true,
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

  it("renders a page once and fills each response with its own nonce and ids; a failed render is not kept", async () => {
    clearPageCache();
    let renders = 0;
    const render =
      (first: { submissionId: string }, nonce: string, status = 200) =>
      async () => {
        renders += 1;
        return {
          html: `<p nonce="${nonce}">a</p><input value="${first.submissionId}"><script nonce="${nonce}">"${first.submissionId}"</script>`,
          status,
        };
      };
    const pages = [page(), page(), page()];
    const key = pageCacheKey(pages[0].request)!;
    const bodies = await Promise.all(
      pages.map((one, index) =>
        cachedDocument(key, one.request, `nonce${index}+/=`, render(one, `nonce${index}+/=`), { gzip: index === 1 }),
      ),
    );
    expect(renders).toBe(1);
    bodies.forEach(({ body, status, encoding }, index) => {
      expect(status).toBe(200);
      const id = pages[index].submissionId;
      expect(encoding).toBe(index === 1 ? "gzip" : undefined);
      const text = encoding === "gzip" ? gunzipSync(body).toString() : Buffer.from(body).toString();
      expect(text).toBe(
        `<p nonce="nonce${index}+/=">a</p><input value="${id}"><script nonce="nonce${index}+/=">"${id}"</script>`,
      );
    });

    clearPageCache();
    const failed = page();
    const failedKey = pageCacheKey(failed.request)!;
    expect(
      (await cachedDocument(failedKey, failed.request, "n1", render(failed, "n1", 500), { gzip: false })).status,
    ).toBe(500);
    const next = page();
    expect((await cachedDocument(failedKey, next.request, "n2", render(next, "n2"), { gzip: false })).status).toBe(200);
    expect(renders).toBe(3);
    expect(toTemplate("a-X-b-Y-X", ["X", "Y"]).slots).toEqual([0, 1, 0]);
    expect(Buffer.from(fillTemplate(toTemplate("a-X-b-Y-X", ["X", "Y"]), ["1", "22"]).body).toString()).toBe(
      "a-1-b-22-1",
    );
  });

  it("gzips a template per response: parts compressed once, values stored, valid for any zlib", () => {
    // Parts and values around 64 KB stored-block limits, repetitive and random text, empty parts.
    const random = randomBytes(70_000).toString("base64");
    const html = `#X#${"<p>groundwork</p>".repeat(5_000)}#X#${random}#Y#${"é€𝄞".repeat(2_000)}#X##Y#`;
    const template = toTemplate(html, ["#X#", "#Y#"]);
    expect(template.slots).toEqual([0, 0, 1, 0, 1]);
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
