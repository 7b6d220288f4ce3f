import { describe, expect, it } from "vitest";
import { INSERT_AFTER_FIRST_PAINT } from "~/deferred/insert-after-first-paint";
import { compactScript } from "~/utils/compact-script";

describe("compactScript", () => {
  it("drops indentation, comment lines and blank lines, and keeps the line breaks", () => {
    expect(compactScript("(function () {\n  // why\n\n  var a = 1\n  return a;\n})();")).toBe(
      "(function () {\nvar a = 1\nreturn a;\n})();",
    );
  });

  it("leaves the inline script a valid program with no comment left", () => {
    expect(() => new Function(INSERT_AFTER_FIRST_PAINT)).not.toThrow();
    expect(INSERT_AFTER_FIRST_PAINT).not.toMatch(/^\s|\n\s|\/\/ /);
  });
});
