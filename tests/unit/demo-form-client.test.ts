import { describe, expect, it } from "vitest";
import * as client from "~/components/demo/demo-form-client";
import * as schema from "~/schemas/demo-request";

// The form's first-load module mirrors the schema's constants so that zod stays out of the page's
// first-load JavaScript; these must never drift apart.
describe("demo form client constants", () => {
  it("match the shared schema module", () => {
    expect(client.dealVolumes).toEqual(schema.dealVolumes);
    expect(client.demoRequestFormId).toBe(schema.demoRequestFormId);
    expect(client.demoEnhancedField).toBe(schema.demoEnhancedField);
    expect(client.demoHoneypotField).toBe(schema.demoHoneypotField);
  });

  it("validates with the shared schema once loaded", async () => {
    const result = await client.lazyDemoRequestValidator.validate({ firstName: "", email: "nope" });
    expect(result.error).toBeDefined();
    expect(result.error?.fieldErrors.firstName).toBe("First name is required");
    expect(result.error?.fieldErrors.email).toBe("Valid email address is required");
  });
});
