// Logs an operator can ship (issue #39) and that leak nothing (issue #38): JSON lines from pino, one per request named
// by its route pattern, every line about a request carrying its id, and secrets and personal data redacted.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/utils/logger.server";
import { readdirSync } from "node:fs";
import path from "node:path";
import { PLAIN_PATH_ROUTES, redactSecrets, SECRET_PATH_ROUTES } from "~/utils/redact";
import { forget } from "~/utils/singleton.server";
import { startAppServer } from "../support/app-server.mjs";
import { capturedLogLines, jsonLogLines, type LogLine } from "../support/log-lines";

const feedKey = "feed-key-0123456789abcdef";
const checkoutToken = "checkout-token-0123456789abcdef";
const manageToken = "manage-token-0123456789abcdef";

describe("secrets in query strings", () => {
  it("are replaced in any URL of a text, other parameters kept", () => {
    expect(redactSecrets(`GET /calendar/demos.ics?key=${feedKey} 401`)).toBe(
      "GET /calendar/demos.ics?key=[redacted] 401",
    );
    expect(redactSecrets(`http://x/checkout/success?order=o1&TOKEN=${checkoutToken}&utm_source=ads#top`)).toBe(
      "http://x/checkout/success?order=o1&TOKEN=[redacted]&utm_source=ads#top",
    );
    expect(redactSecrets("/?keyword=roofing&monkey=1")).toBe("/?keyword=roofing&monkey=1");
    expect(redactSecrets("/checkout/success?session_id=cs_test_1&order_id=o1")).toBe(
      "/checkout/success?session_id=[redacted]&order_id=o1",
    );
    expect(redactSecrets("/admin/privacy?email=dana%40whitfieldpest.com")).toBe("/admin/privacy?email=[redacted]");
  });
});

describe("secrets in paths", () => {
  it("are replaced for every route whose segment is one, written plainly or inside another URL's query", () => {
    expect(redactSecrets(`GET http://x/demo/manage/${manageToken}?confirm=cancel`)).toBe(
      "GET http://x/demo/manage/[redacted]?confirm=cancel",
    );
    expect(redactSecrets(`/demo/booking/${manageToken}.ics`)).toBe("/demo/booking/[redacted]");
    expect(redactSecrets(`/checkout/test/o1?token=${checkoutToken}`)).toBe(
      "/checkout/test/[redacted]?token=[redacted]",
    );
    expect(redactSecrets(`/admin/login?redirectTo=%2Fdemo%2Fmanage%2F${manageToken}`)).toBe(
      "/admin/login?redirectTo=%2Fdemo%2Fmanage%2F[redacted]",
    );
    expect(redactSecrets("/admin/webhooks/endpoint-1 /demo/manage")).toBe("/admin/webhooks/endpoint-1 /demo/manage");
  });

  it("are classified for every route with a dynamic segment: a new one must be named secret or plain", () => {
    const dynamic = readdirSync(path.resolve(__dirname, "../../app/routes"))
      .filter((file) => file.includes("$"))
      .map(
        (file) =>
          "/" +
          file
            .replace(/\.tsx?$/, "")
            .split(/\.(?![^[]*\])/)
            .filter((segment) => !segment.startsWith("_"))
            .map((segment) => segment.replace(/_$/, "").replace(/^\$$/, "*").replace(/^\$/, ":"))
            .join("/"),
      );
    expect(dynamic.length).toBeGreaterThan(3);
    expect([...SECRET_PATH_ROUTES, ...PLAIN_PATH_ROUTES]).toEqual(expect.arrayContaining(dynamic));
  });
});

describe("the app's own lines", () => {
  const saved = process.env.LOG_LEVEL;
  beforeAll(() => {
    process.env.LOG_LEVEL = "debug";
    forget("env");
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => {
    process.env.LOG_LEVEL = saved;
    forget("env");
  });

  it("are JSON with a level, a time and a message", async () => {
    const [line] = await capturedLogLines(() => logger.info("seen", { count: 3 }));
    expect(JSON.parse(line)).toMatchObject({ level: "info", message: "seen", count: 3, time: expect.any(String) });
  });

  it("redact every listed kind of secret and personal data, as a field or one level down", async () => {
    const secrets = {
      password: "hunter2-correct-horse",
      token: "tok_0123456789abcdef",
      key: "fake-key-for-this-test-0001",
      secret: "fake-secret-for-this-test-0001",
      authorization: "Bearer 0123456789abcdef",
      cookie: "__session=0123456789abcdef",
      email: "dana@whitfieldpest.com",
      phone: "+1 (512) 555-0147",
    };
    const mail = { to: "ops@example.org", subject: "New demo request", text: "Call +1 512 555 0147 today" };
    const lines = await capturedLogLines(() => {
      logger.info("top level", secrets);
      logger.info("nested", { lead: secrets, mail });
    });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const entry = JSON.parse(line) as LogLine;
      for (const value of [...Object.values(secrets), mail.to, mail.text]) expect(line).not.toContain(value);
      const fields = (entry.lead ?? entry) as Record<string, unknown>;
      for (const name of Object.keys(secrets)) expect(fields[name]).toBe("[redacted]");
    }
    expect(JSON.parse(lines[1]).mail).toEqual({ to: "[redacted]", subject: "New demo request", text: "[redacted]" });
  });

  it("redact addresses and URL secrets inside any text, an error's message and stack included", async () => {
    const error = new Error(`duplicate key (email)=(dana@whitfieldpest.com) for /calendar/demos.ics?key=${feedKey}`);
    const lines = await capturedLogLines(() => {
      logger.error("unhandled error", { error, url: `http://localhost/checkout/test/o1?token=${checkoutToken}` });
      logger.warn("mail to dana@whitfieldpest.com bounced");
    });
    expect(lines).toHaveLength(2);
    const text = lines.join("\n");
    for (const value of [feedKey, checkoutToken, "dana@whitfieldpest.com"]) expect(text).not.toContain(value);
    expect(text).toContain("?key=[redacted]");
    expect(text).toContain("?token=[redacted]");
    expect(JSON.parse(lines[1]).message).toBe("mail to [redacted] bounced");
    expect(JSON.parse(lines[0]).error).toMatchObject({ type: "Error", stack: expect.stringContaining("Error:") });
  });
});

describe("the production server's output", () => {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  beforeAll(async () => {
    server = await startAppServer({ env: { LOG_LEVEL: "info" } });
  });
  afterAll(async () => server?.stop());

  const requestLines = () => jsonLogLines(server!.output()).filter((line) => line.message === "request");

  it("is JSON lines and remix-serve's own text, and every line about a request carries its id", async () => {
    const home = await fetch(`${server!.baseUrl}/`, { headers: { "X-Request-Id": "proxy-id-0001" } });
    await home.arrayBuffer();
    expect(home.headers.get("X-Request-Id")).toBe("proxy-id-0001");
    const lead = await fetch(`${server!.baseUrl}/api/demo-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "proxy-id-0002" },
      body: JSON.stringify({
        firstName: "Dana",
        lastName: "Whitfield",
        email: "dana.logs@whitfieldpest.com",
        phone: "(512) 555-0147",
        company: "Whitfield Pest Control",
      }),
    });
    expect(lead.status).toBe(201);
    expect(lead.headers.get("X-Request-Id")).toBe("proxy-id-0002");
    await vi.waitFor(() => expect(requestLines().some((line) => line.requestId === "proxy-id-0002")).toBe(true));
    const output = server!.output();
    for (const line of output.split("\n").filter(Boolean)) {
      // remix-serve prints a banner and morgan's line, which it offers no way to turn off (ADR 48).
      if (line.startsWith("[remix-serve]") || /^(GET|HEAD|POST) \//.test(line)) continue;
      expect(() => JSON.parse(line), line).not.toThrow();
    }
    const ofRequest = (id: string) => jsonLogLines(output).filter((line) => line.requestId === id);
    expect(ofRequest("proxy-id-0001").map((line) => line.message)).toEqual(["request"]);
    expect(ofRequest("proxy-id-0001")[0]).toMatchObject({ method: "GET", route: "/", status: 200 });
    expect(ofRequest("proxy-id-0001")[0].durationMs).toBeGreaterThan(0);
    expect(ofRequest("proxy-id-0001")[0].bytes).toBeGreaterThan(1000);
    // The demo request's own line, then its access line; its address never.
    expect(ofRequest("proxy-id-0002").map((line) => line.message)).toEqual(["demo request stored", "request"]);
    expect(ofRequest("proxy-id-0002")[1]).toMatchObject({ method: "POST", route: "/api/demo-requests", status: 201 });
    expect(output).not.toContain("dana.logs@whitfieldpest.com");
  });

  it("makes an id when the proxy sends none or one that is not a plain token", async () => {
    const ids: string[] = [];
    const sent: Record<string, string>[] = [
      {},
      { "X-Request-Id": "two words\u00e9" },
      { "X-Request-Id": "x".repeat(65) },
    ];
    for (const headers of sent) {
      const response = await fetch(`${server!.baseUrl}/healthz`, { headers });
      await response.arrayBuffer();
      ids.push(response.headers.get("X-Request-Id")!);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    await vi.waitFor(() =>
      expect(requestLines().filter((line) => ids.includes(String(line.requestId)))).toHaveLength(3),
    );
  });

  it("names a request by its route pattern, never its path's ids or its query", async () => {
    for (const path of [
      `/calendar/demos.ics?key=${feedKey}`,
      `/checkout/test/some-order?token=${checkoutToken}`,
      `/demo/manage/${manageToken}`,
      "/no/such/page?email=dana@whitfieldpest.com",
    ]) {
      const response = await fetch(`${server!.baseUrl}${path}`);
      await response.arrayBuffer();
    }
    const routes = ["/calendar/demos.ics", "/checkout/test/:orderId", "/demo/manage/:token", "/*"];
    await vi.waitFor(() => expect(requestLines().map((line) => line.route)).toEqual(expect.arrayContaining(routes)));
    const output = server!.output();
    for (const value of [feedKey, checkoutToken, manageToken, "some-order", "dana@whitfieldpest.com"]) {
      expect(output).not.toContain(value);
    }
    // morgan prints the same pattern in place of the URL.
    expect(output).toContain("GET /demo/manage/:token 404");
    expect(output).toContain("GET /calendar/demos.ics ");
  });
});

describe("the production server's output for a route id that does not exist", () => {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  beforeAll(async () => {
    server = await startAppServer({ env: { LOG_LEVEL: "debug" } });
  });
  afterAll(async () => server?.stop());

  it("is a line below error level, with every secret of the path and query redacted", async () => {
    const orderId = "secret-order-0123456789abcdef";
    const sessionId = "cs_test_secret0123456789abcdef";
    const paths = [
      `/demo/manage/${manageToken}`,
      `/demo/booking/${manageToken}.ics`,
      `/checkout/test/${orderId}?token=${checkoutToken}`,
      `/checkout/success?session_id=${sessionId}`,
      `/calendar/demos.ics?key=${feedKey}`,
    ];
    // The old data format (`?_data=`), which Remix reports as an error under single fetch: refused at the door.
    for (const path of paths) {
      const response = await fetch(`${server!.baseUrl}${path}${path.includes("?") ? "&" : "?"}_data=routes%2Fnope`);
      expect(response.status).toBe(400);
      await response.arrayBuffer();
    }
    // A method a route does not take: the router's own refusal.
    const loaderOnly = paths.filter((path) => !/\/demo\/manage\/|\/checkout\/test\//.test(path));
    for (const path of loaderOnly) {
      const response = await fetch(`${server!.baseUrl}${path}`, {
        method: "POST",
        headers: { Origin: server!.baseUrl },
      });
      expect(response.status).toBe(405);
      await response.arrayBuffer();
    }
    const refused = () =>
      jsonLogLines(server!.output()).filter((line) => line.message === "request refused by the router");
    await vi.waitFor(() => expect(refused()).toHaveLength(loaderOnly.length));
    for (const line of refused()) expect(line).toMatchObject({ level: "info", status: 405, method: "POST" });
    expect(refused().map((line) => line.url)).toEqual([
      expect.stringMatching(/\/demo\/booking\/\[redacted\]$/),
      expect.stringMatching(/\/checkout\/success\?session_id=\[redacted\]$/),
      expect.stringMatching(/\/calendar\/demos\.ics\?key=\[redacted\]$/),
    ]);
    const output = server!.output();
    expect(jsonLogLines(output).filter((line) => line.level === "error")).toEqual([]);
    for (const value of [manageToken, orderId, checkoutToken, sessionId, feedKey]) expect(output).not.toContain(value);
  });
});

describe("LOG_FORMAT=pretty", () => {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  afterAll(async () => server?.stop());

  it("writes readable lines for a terminal", async () => {
    server = await startAppServer({ env: { LOG_LEVEL: "info", LOG_FORMAT: "pretty" } });
    const response = await fetch(`${server.baseUrl}/healthz`, { headers: { "X-Request-Id": "pretty-0001" } });
    await response.arrayBuffer();
    await vi.waitFor(() => expect(server!.output()).toContain("pretty-0001"));
    expect(server.output()).toMatch(/INFO.*: request/);
    expect(jsonLogLines(server.output())).toEqual([]);
  });
});
