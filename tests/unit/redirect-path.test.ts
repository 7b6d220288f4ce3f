import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/http/redirect-path.server";

const runs = Number(process.env.FUZZ_RUNS ?? 2000);
const BASE = "http://groundwork.test";

/** Where a browser goes when it follows `Location: value` from our origin. */
const destination = (value: string) => new URL(value, BASE);

const hostileFragments = [
  "/",
  "//",
  "\\",
  "/\\",
  "\\/",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "\u007f",
  "\u0085",
  " ",
  "%2f",
  "%5c",
  "%09",
  "%0d%0a",
  "evil.example",
  "@evil.example",
  "javascript:alert(1)",
  "http:",
  "https://evil.example",
  "data:text/html,x",
  "..",
  "./",
  "?",
  "#",
  ":",
  "\u3002",
  "\uff0f",
  "é",
  "\ud800",
];
const hostile = fc.oneof(
  fc.array(fc.constantFrom(...hostileFragments), { maxLength: 8 }).map((parts) => parts.join("")),
  fc
    .tuple(fc.constantFrom("/", "//", "/\\", "/\t/", "/ /"), fc.string({ unit: "binary", maxLength: 30 }))
    .map(([a, b]) => a + b),
  fc.string({ unit: "binary", maxLength: 40 }),
);

describe("safeRedirectPath", () => {
  it("keeps every answer on this origin, as a path a Location header can carry, for any hostile string", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const path = safeRedirectPath(value);
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//") || path.startsWith("/\\")).toBe(false);
        // Nothing a header refuses (control characters, non-Latin-1) and nothing a browser would strip or rewrite.
        expect(path).toMatch(/^[\x21-\x7e]+$/);
        expect(destination(path).origin).toBe(BASE);
        // What the browser resolves is what we meant: the value is already normalised.
        const resolved = destination(path);
        expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(path);
      }),
      { numRuns: runs },
    );
  });

  it("refuses the reported escapes and keeps ordinary paths", () => {
    for (const escape of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/%2e//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "admin",
      "",
      "/\u0000",
    ]) {
      expect(safeRedirectPath(escape), JSON.stringify(escape)).toBe("/admin");
    }
    expect(safeRedirectPath("/admin?q=ana&page=2")).toBe("/admin?q=ana&page=2");
    expect(safeRedirectPath("/admin/demo-requests.csv")).toBe("/admin/demo-requests.csv");
    expect(safeRedirectPath("/admin?q=Zoë")).toBe("/admin?q=Zo%C3%AB");
    expect(safeRedirectPath(undefined, "/elsewhere")).toBe("/elsewhere");
  });
});
