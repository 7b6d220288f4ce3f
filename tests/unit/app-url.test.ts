import { describe, expect, it } from "vitest";
import { defaultAppUrl } from "~/utils/env.server";

describe("defaultAppUrl (APP_URL when it is not set)", () => {
  it("follows PORT, with localhost for no HOST or a HOST that means every interface", () => {
    expect(defaultAppUrl(undefined, undefined)).toBe("http://localhost:3000");
    expect(defaultAppUrl(3801, undefined)).toBe("http://localhost:3801");
    expect(defaultAppUrl(3801, "0.0.0.0")).toBe("http://localhost:3801");
    expect(defaultAppUrl(3801, "::")).toBe("http://localhost:3801");
  });

  it("uses a HOST that names one address or host, bracketing IPv6 addresses", () => {
    expect(defaultAppUrl(8080, "127.0.0.1")).toBe("http://127.0.0.1:8080");
    expect(defaultAppUrl(8080, "::1")).toBe("http://[::1]:8080");
    expect(defaultAppUrl(8080, "shop.internal")).toBe("http://shop.internal:8080");
  });
});
