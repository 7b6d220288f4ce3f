// What reaches the production build over HTTP before any route sees it (ADR 0011): junk methods, targets, hosts
// and origins; body limits while the body streams in; headers on every response. Needs `npm run build`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE } from "~/utils/http/request.server";
import { startAppServer } from "../support/app-server.mjs";
import { rawRequest, sendEndlessChunkedBody } from "../support/raw-http.mjs";

type App = Awaited<ReturnType<typeof startAppServer>>;

const BODY_LIMIT = 16 * 1024;
const ENDLESS = 256 * 1024 * 1024;

let app: App;
let proxied: App;

beforeAll(async () => {
  [app, proxied] = await Promise.all([
    startAppServer({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT), STRIPE_WEBHOOK_SECRET: "whsec_front_door_test" } }),
    // Behind one trusted proxy: the client address and scheme come from its X-Forwarded-* headers.
    startAppServer({ env: { TRUST_PROXY: "1", RATE_LIMIT_PER_CLIENT: "1" } }),
  ]);
});

afterAll(async () => {
  await Promise.all([app?.stop(), proxied?.stop()]);
});

const request = (method: string, target: string, headers: Record<string, string> = {}, body = "") => {
  const all = {
    Host: `localhost:${app.port}`,
    Connection: "close",
    ...headers,
    ...(body ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
  };
  const head = Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return rawRequest(app.port, `${method} ${target} HTTP/1.1\r\n${head}\r\n${body}`);
};

describe("junk requests never get a 5xx", () => {
  it("methods the site does not serve get 405 with Allow", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "MKCOL"]) {
      const response = await request(method, "/");
      expect(response?.status, method).toBe(405);
      expect(response?.headers.allow).toBe("GET, HEAD, POST");
    }
  });

  it("a NUL, a malformed escape, a leading backslash or an encoded tab before slashes in a path is a 4xx, not a database or router error", async () => {
    for (const target of [
      "/checkout/test/%00",
      "/checkout/test/%00?token=x",
      "/checkout/success?order_id=%00",
      "/%00",
      "/%E0%A4%A",
      "/admin?q=%00",
      "/%5C",
      "/%5c%5cevil.example",
      // The URL parser drops tabs and line breaks, so these too read as "//…" (found by the HTTP fuzzer).
      "/%09//",
      "/%0A%0d/%09/evil.example",
      "//evil.example",
      "/\\evil.example",
      // Dot segments resolve first: these are "//\\" and "//evil.example" by the time the router sees them.
      "/../..//%5c",
      "/a/%2e%2e//evil.example",
    ]) {
      const response = await request("GET", target);
      expect(response?.status, target).toBeLessThan(500);
    }
  });

  it("a Host or X-Forwarded-Host that is not a host, or a target that is not a path, is refused without a 5xx", async () => {
    expect((await request("GET", "/", { Host: "exa mple" }))?.status).toBe(400);
    expect((await request("GET", "/", { Host: "localhost:99999" }))?.status).toBe(400);
    expect((await request("GET", "http://elsewhere.example/"))?.status).toBe(400);
    expect((await request("GET", "/", { "X-Forwarded-Host": "localhost:99999999" }))?.status).toBe(200);
    expect((await request("GET", "/", { "X-Forwarded-Host": "a b, c" }))?.status).toBe(200);
  });

  it("a page POST from a null, malformed or foreign Origin is a 403 with the reason, not Remix's 500", async () => {
    const form = "intent=demo-request&firstName=Ana";
    for (const origin of [
      "null",
      "ht!tp://",
      "http://",
      "http://evil.example",
      `http://localhost:${app.port}.evil.example`,
    ]) {
      for (const target of ["/?index", "/admin/login"]) {
        const response = await request(
          "POST",
          target,
          { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          form,
        );
        expect(response?.status, `${origin} → ${target}`).toBe(403);
        expect(response?.body).toContain(CROSS_SITE_MESSAGE.slice(0, 60));
      }
    }
    // A client cannot plant the header the front door uses to pass a refused Origin on.
    const planted = await request(
      "POST",
      "/?index",
      {
        "X-Groundwork-Refused-Origin": "null",
        Origin: `http://localhost:${app.port}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      "intent=nothing",
    );
    expect(planted?.status).toBe(400);
  });
});

describe("request bodies are capped while they stream in, and the client gets the 413", () => {
  const targets: Array<[string, Record<string, string>]> = [
    ["/api/demo-requests", { "Content-Type": "application/json" }],
    ["/?index", { "Content-Type": "application/x-www-form-urlencoded" }],
    ["/admin/login", { "Content-Type": "application/x-www-form-urlencoded" }],
    ["/api/stripe/webhook", { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" }],
  ];
  for (const [path, headers] of targets) {
    it(`chunked, endless: POST ${path} answers 413 and stops reading`, async () => {
      const { response, sentBytes } = await sendEndlessChunkedBody(app.port, path, headers, { maxBytes: ENDLESS });
      expect(response?.status).toBe(413);
      // Whatever the socket buffers held aside, the server closed the connection long before the body ended.
      expect(sentBytes).toBeLessThan(ENDLESS / 4);
    });
  }

  it("a declared Content-Length over the limit is answered 413 and the body is not read to its end", async () => {
    const { response, sentBytes } = await sendEndlessChunkedBody(
      app.port,
      "/api/demo-requests",
      {
        "Content-Type": "application/json",
        "Content-Length": String(ENDLESS),
      },
      { chunked: false },
    );
    expect(response?.status).toBe(413);
    expect(sentBytes).toBeLessThan(ENDLESS / 4);
  });

  it("a refused method's body is not read to its end", async () => {
    const { response, sentBytes } = await sendEndlessChunkedBody(
      app.port,
      "/",
      {},
      { maxBytes: ENDLESS, method: "PUT" },
    );
    expect(response?.status).toBe(405);
    expect(sentBytes).toBeLessThan(ENDLESS / 4);
  });

  it("a POST to a route that never reads bodies is answered and not read to its end either", async () => {
    const { response, sentBytes } = await sendEndlessChunkedBody(
      app.port,
      "/healthz",
      { "Content-Type": "application/json" },
      { maxBytes: ENDLESS },
    );
    expect(response?.status).toBe(405);
    expect(sentBytes).toBeLessThan(ENDLESS / 4);
  });

  it("a body just under the limit is still read and answered on a connection that stays usable", async () => {
    const body = JSON.stringify({ padding: "x".repeat(BODY_LIMIT - 100) });
    const response = await request("POST", "/api/demo-requests", { "Content-Type": "application/json" }, body);
    expect(response?.status).toBe(422);
  });
});

describe("headers", () => {
  it("static files, documents and /healthz carry nosniff", async () => {
    for (const path of ["/favicon.svg", "/og-image.png", "/healthz", "/robots.txt", "/", "/privacy"]) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      // Exactly one value, also where the route sets it itself.
      expect(response.headers.get("X-Content-Type-Options")).not.toContain(",");
    }
  });

  it("HSTS only when the visitor used https: never over plain http, and only a trusted proxy can say otherwise", async () => {
    expect((await fetch(`${app.baseUrl}/`)).headers.get("Strict-Transport-Security")).toBeNull();
    // TRUST_PROXY=0: a client's own X-Forwarded-Proto is not believed.
    expect(
      (await fetch(`${app.baseUrl}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers.get(
        "Strict-Transport-Security",
      ),
    ).toBeNull();
    expect((await fetch(`${proxied.baseUrl}/`)).headers.get("Strict-Transport-Security")).toBeNull();
    const https = await fetch(`${proxied.baseUrl}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const staticFile = await fetch(`${proxied.baseUrl}/favicon.svg`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(staticFile.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("the test checkout and receipt pages, which show the customer's e-mail, are private and never stored", async () => {
    const created = await fetch(`${app.baseUrl}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        planIds: ["scale-master"],
        amount: 397,
        isAnnual: false,
        couponCode: "",
        userInfo: {
          companyName: "Ruiz Roofing",
          fullName: "Ana Ruiz",
          email: "ana@ruizroofing.com",
          phone: "+1 555 010 2000",
        },
      }),
    });
    expect(created.status).toBe(200);
    const { url } = await created.json();
    const signedLink = url.replace(/^http:\/\/localhost:\d+/, app.baseUrl);
    const page = await fetch(signedLink);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ana@ruizroofing.com");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");

    const paid = await fetch(signedLink, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseUrl },
      body: "intent=pay",
    });
    expect(paid.status).toBe(303);
    const receipt = await fetch(`${app.baseUrl}${paid.headers.get("Location")}`);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain("ana@ruizroofing.com");
    expect(receipt.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the no-JS demo form's 429 says when to come back (Retry-After)", async () => {
    const post = () =>
      fetch(`${proxied.baseUrl}/?index`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: proxied.baseUrl,
          "X-Forwarded-For": "203.0.113.9",
        },
        body: new URLSearchParams({ intent: "demo-request", firstName: "Ana" }),
      });
    expect((await post()).status).not.toBe(429);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
