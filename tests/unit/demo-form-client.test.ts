import { describe, expect, it } from "vitest";
import * as client from "~/components/demo/demo-form-client";

describe("demo form client", () => {
  it("validates with the shared schema once loaded", async () => {
    const result = await client.lazyDemoRequestValidator.validate({ firstName: "", email: "nope" });
    expect(result.error).toBeDefined();
    expect(result.error?.fieldErrors.firstName).toBe("First name is required");
    expect(result.error?.fieldErrors.email).toBe("Valid email address is required");
  });
});
