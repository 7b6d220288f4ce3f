// Junk paths, methods and headers against the production build over raw HTTP (nothing checked on the client's
// side, so the server sees exactly what a hostile client sends). Anonymous junk must never get a 5xx, and must
// never make the server drop a connection without an answer. Needs `npm run build`.
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";
import { rawRequest } from "../support/raw-http.mjs";
import { fuzzRuns } from "../support/hostile-arbitraries";

let app: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  // Limits are lifted so the fuzzer reaches the routes instead of a 429 (rate-limit tests prove the defaults).
  app = await startAppServer({
    env: {
      RATE_LIMIT_GLOBAL: "100000000",
      RATE_LIMIT_PER_CLIENT: "100000000",
      RATE_LIMIT_PER_EMAIL: "100000000",
      LOGIN_RATE_LIMIT: "100000000",
      OUTBOX_WORKER: "off",
    },
  });
});

afterAll(async () => {
  await app?.stop();
});

const routes = [
  "/",
  "/?index",
  "/?checkout=info",
  "/?checkout=plan",
  "/?checkout=close",
  "/?billing=",
  "/checkout/test/",
  "/checkout/success?order_id=",
  "/checkout/success?session_id=",
  "/admin",
  "/admin?q=",
  "/admin?page=",
  "/admin/login",
  "/admin/login?redirectTo=",
  "/admin/logout",
  "/admin/demo-requests.csv",
  "/api/demo-requests",
  "/api/demo-requests?q=",
  "/api/create-checkout-session",
  "/api/stripe/webhook",
  "/api/events",
  "/api/events?event=",
  "/api/",
  "/healthz",
  "/robots.txt",
  "/sitemap.xml",
  "/assets/",
  "/_root.data?_routes=",
  "/admin.data?_routes=",
  "/__manifest?p=",
  "/favicon.svg",
  "/images/",
  "/nope/",
];

const hostileText = [
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80",
  "%C0%AF",
  "%2e%2e%2f",
  "..",
  "../..",
  "//",
  "\\",
  "%5c",
  "%0d%0a",
  "%09",
  "?",
  "#",
  ";",
  "__proto__",
  "constructor",
  "<script>",
  "'",
  '"',
  "${7*7}",
  "{{7*7}}",
  "💥",
  "é",
  "null",
  "undefined",
  "-1",
  "1e309",
  "0x10",
  "00000000-0000-0000-0000-000000000000",
  "test_x",
  "cs_test_x",
  "_routes=root",
  "_routes=routes/_index",
  "index",
  "&",
  "=",
];

/** Text that fits in a request line or a header value without breaking HTTP's framing (CR, LF). */
const lineSafe = fc
  .oneof(
    fc.constantFrom(...hostileText),
    fc.string({ unit: "binary-ascii", maxLength: 24 }),
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.integer({ min: 0, max: 5000 }).map((n) => "a".repeat(n)),
  )
  .map((text) => text.replace(/[\r\n]/g, ""));

/** Raw bytes of a request target: some characters as they are, others percent-encoded the way a client might. */
const targetPart = fc
  .array(
    fc.oneof(
      fc.constantFrom(...hostileText),
      fc.tuple(lineSafe, fc.boolean()).map(([text, encode]) => (encode ? encodeURI(text) : text)),
    ),
    {
      maxLength: 4,
    },
  )
  .map((parts) => parts.join(""));

const target = fc.tuple(fc.constantFrom(...routes), targetPart).map(([route, part]) => route + part);

const methods = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "SEARCH",
  "PURGE",
  "REPORT",
  "MERGE",
  "M-SEARCH",
  "NOTIFY",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "LINK",
  "UNLINK",
  "QUERY",
  "SOURCE",
  "BIND",
  "ACL",
  "FOO",
  "get",
  "G ET",
  "",
];

const contentTypes = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "application/json; charset=utf-16",
  "",
  "*/*",
  "application/x-www-form-urlencoded; charset=bogus",
];

const bodies = fc.oneof(
  fc.constant(""),
  fc.constantFrom(
    "intent=demo-request",
    "intent=checkout-pay&attemptId=abcdefgh1",
    "intent=checkout-coupon&couponCode=LAUNCH20",
    "intent=pay",
    "intent=cancel",
    "{}",
    "[]",
    "null",
    '{"a":',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
    "username=a&password=b",
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
);

const headerNames = [
  "Origin",
  "Referer",
  "Cookie",
  "Content-Type",
  "Accept",
  "Accept-Encoding",
  "Accept-Language",
  "User-Agent",
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "Forwarded",
  "Sec-Fetch-Site",
  "Sec-Fetch-Mode",
  "X-Request-Id",
  "If-None-Match",
  "If-Modified-Since",
  "Range",
  "Authorization",
  "Stripe-Signature",
  "X-Remix-Response",
  "Expect",
  "Upgrade",
  "DNT",
  "Sec-GPC",
  "X-Groundwork-Refused-Origin",
  "Host",
  "Content-Encoding",
  "Transfer-Encoding",
  "Connection",
  "Max-Forwards",
];

const headerValue = fc.oneof(
  lineSafe,
  fc.constantFrom(
    "null",
    "http://evil.example",
    "ht!tp://",
    "http://",
    "file:///",
    "https://localhost",
    "gw_admin=x; gw_checkout=y; gw_toast=z; gw_demo=%00",
    "gw_checkout=eyJ9.x",
    "gzip;q=abc, br",
    "bytes=0-0,-1",
    "100-continue",
    "websocket",
    "chunked",
    "gzip",
    "close",
    "1.2.3.4, 5.6.7.8",
    'for="[::1]";proto=https',
    "a".repeat(8000),
    "t=1,v1=00",
    "Basic %00",
  ),
);

const headerSet = fc.array(fc.tuple(fc.constantFrom(...headerNames), headerValue), { maxLength: 6 });

type Case = { method: string; target: string; headers: Array<[string, string]>; body: string };

function render({ method, target, headers, body }: Case, port: number): string {
  const lines = [`${method} ${target} HTTP/1.1`];
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  if (!names.has("host")) lines.push(`Host: localhost:${port}`);
  for (const [name, value] of headers) {
    // A declared length the body does not fill would only make the server wait; framing is not what is fuzzed here.
    if (name === "Transfer-Encoding" || name === "Connection") continue;
    lines.push(`${name}: ${value}`);
  }
  lines.push("Connection: close");
  const bytes = Buffer.from(body, "latin1");
  if (bytes.length > 0 || method === "POST") lines.push(`Content-Length: ${bytes.length}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

async function answerOf(input: Case) {
  const text = render(input, app.port);
  const response = await rawRequest(app.port, text, { timeoutMs: 30_000 });
  return { text, response };
}

function fuzz(name: string, cases: fc.Arbitrary<Case>) {
  it(`${fuzzRuns} junk requests (${name}): never a 5xx, never dropped without an answer`, async () => {
    const statuses = new Map<number | "none", number>();
    await fc.assert(
      fc.asyncProperty(cases, async (input) => {
        const { text, response } = await answerOf(input);
        const status = response?.status ?? "none";
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(response, `no answer to ${JSON.stringify(text.slice(0, 300))}`).not.toBeNull();
        expect(response!.status, JSON.stringify(text.slice(0, 300))).toBeLessThan(500);
      }),
      { numRuns: fuzzRuns },
    );
    console.info(`http fuzz (${name}): ${fuzzRuns} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
  }, 900_000);
}

describe("HTTP fuzz against the production build", () => {
  fuzz(
    "paths",
    target.map((path) => ({ method: "GET", target: path, headers: [], body: "" })),
  );
  fuzz(
    "methods",
    fc.record({
      method: fc.oneof(fc.constantFrom(...methods), fc.stringMatching(/^[A-Z-]{1,12}$/)),
      target,
      headers: fc.constant([]),
      body: bodies,
    }),
  );
  fuzz(
    "headers",
    fc.record({
      method: fc.constantFrom("GET", "HEAD", "POST"),
      target: fc.constantFrom(...routes),
      headers: fc
        .tuple(headerSet, fc.option(fc.constantFrom(...contentTypes), { nil: undefined }))
        .map(([set, type]) =>
          type === undefined ? set : ([...set, ["Content-Type", type]] as Array<[string, string]>),
        ),
      body: bodies,
    }),
  );
});
