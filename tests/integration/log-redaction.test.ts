// Nothing leaked (issue #38): the calendar feed's `?key=` and the test checkout's `?token=` never reach a log line,
// neither remix-serve's access line nor the app's own JSON lines. The production server, as `npm start` runs it.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/utils/logger.server";
import { redactSecrets } from "~/utils/redact";
import { forget } from "~/utils/singleton.server";
import { startAppServer } from "../support/app-server.mjs";

const feedKey = "feed-key-0123456789abcdef";
const checkoutToken = "checkout-token-0123456789abcdef";

describe("secrets in query strings", () => {
  it("are replaced in any URL of a text, other parameters kept", () => {
    expect(redactSecrets(`GET /calendar/demos.ics?key=${feedKey} 401`)).toBe(
      "GET /calendar/demos.ics?key=[redacted] 401",
    );
    expect(redactSecrets(`http://x/checkout/success?order=o1&TOKEN=${checkoutToken}&utm_source=ads#top`)).toBe(
      "http://x/checkout/success?order=o1&TOKEN=[redacted]&utm_source=ads#top",
    );
    expect(redactSecrets("/?keyword=roofing&monkey=1")).toBe("/?keyword=roofing&monkey=1");
  });

  describe("in the app's own lines", () => {
    const saved = process.env.LOG_LEVEL;
    afterEach(() => {
      vi.restoreAllMocks();
      process.env.LOG_LEVEL = saved;
      forget("env");
    });

    it("are redacted in every field, an error's message and stack included", () => {
      process.env.LOG_LEVEL = "debug";
      forget("env");
      const lines: string[] = [];
      vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
      vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
      const error = new Error(`fetch failed for /calendar/demos.ics?key=${feedKey}`);
      logger.error("unhandled error", { error, url: `http://localhost/checkout/test/o1?token=${checkoutToken}` });
      logger.info("seen", { nested: { link: `/checkout/success?order=o1&token=${checkoutToken}` } });
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(() => JSON.parse(line)).not.toThrow();
        expect(line).not.toContain(feedKey);
        expect(line).not.toContain(checkoutToken);
      }
      expect(lines.join("\n")).toContain("?key=[redacted]");
      expect(lines.join("\n")).toContain("?token=[redacted]");
    });
  });

  describe("in the production server's output", () => {
    let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
    afterAll(async () => server?.stop());

    it("remix-serve's access line shows the path and the redacted query", async () => {
      server = await startAppServer({ env: { LOG_LEVEL: "info" } });
      for (const path of [
        `/calendar/demos.ics?key=${feedKey}`,
        `/checkout/test/some-order?token=${checkoutToken}`,
        `/checkout/success?order=some-order&token=${checkoutToken}`,
      ]) {
        const response = await fetch(`${server.baseUrl}${path}`);
        await response.arrayBuffer();
      }
      await vi.waitFor(() =>
        expect(server!.output()).toContain("GET /checkout/success?order=some-order&token=[redacted]"),
      );
      const output = server.output();
      expect(output).toContain("GET /calendar/demos.ics?key=[redacted]");
      expect(output).toContain("GET /checkout/test/some-order?token=[redacted]");
      expect(output).not.toContain(feedKey);
      expect(output).not.toContain(checkoutToken);
    });
  });
});
