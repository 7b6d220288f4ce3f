import { describe, expect, it } from "vitest";
import { INSERT_AFTER_FIRST_PAINT } from "~/deferred/insert-after-first-paint";
import { LANDING_VIEW_SCRIPT } from "~/deferred/landing-view-script";
import { compactScript } from "~/utils/compact-script";

describe("compactScript", () => {
  it("drops indentation, comment lines and blank lines, and keeps the line breaks", () => {
    expect(compactScript("(function () {\n  // why\n\n  var a = 1\n  return a;\n})();")).toBe(
      "(function () {\nvar a = 1\nreturn a;\n})();",
    );
  });

  it("leaves the inline scripts valid programs with no comment left", () => {
    for (const script of [INSERT_AFTER_FIRST_PAINT, LANDING_VIEW_SCRIPT]) {
      expect(() => new Function(script)).not.toThrow();
      expect(script).not.toMatch(/^\s|\n\s|\/\/ /);
    }
  });
});
