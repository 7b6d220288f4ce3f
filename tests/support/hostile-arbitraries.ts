// The hostile input the fuzz targets share: text that has broken (or could break) a parser, a query, a template,
// a header or a log line, and values of the wrong type. Each fuzz file mixes these with its own valid values.
import * as fc from "fast-check";

/** `npm run fuzz` sets FUZZ_RUNS=10000; the normal test run makes 1,000 cases per target. */
export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 1000);

/** Text that has a meaning somewhere: SQL, HTML, templates, paths, encodings, headers, prototypes, numbers. */
export const hostileFragments = [
  "'; drop table demo_requests; --",
  "'; drop table orders; --",
  '" or 1=1 --',
  "' or 1=1 --",
  "admin'--",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "${process.exit(1)}",
  "{{7*7}}",
  "../../etc/passwd",
  "\u0000",
  "\ud800",
  "\udfff",
  "\u202e",
  // Invisible or line-breaking characters the shared text rules refuse (issue 12).
  "\u200b",
  "\u2028",
  "\u0085",
  "\ufeff",
  "\u2066",
  "call me maybe now",
  "\r\n",
  "\r\nSet-Cookie: x=1",
  "%00",
  "null",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "💥🏠🔧",
  "Ĳsselmeer Ærø",
];

/** Any string: random code units (lone surrogates included), graphemes, the fragments, far too long. */
export const hostileString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(...hostileFragments),
  fc.tuple(fc.constantFrom(...hostileFragments), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
  fc.integer({ min: 0, max: 3000 }).map((n) => "é".repeat(n)),
  // Over the body limits: refused before the body is read.
  fc.constant("x".repeat(20_000)),
);

/** Any JSON value where a string is expected: a hostile string, a number, a boolean, null, an array, an object. */
export const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
);

/** A valid-looking value with a hostile fragment inside: the shape that slips past length checks into SQL. */
export function tainted(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.constantFrom(...hostileFragments), fc.boolean())
    .map(([value, fragment, before]) => (before ? fragment + value : value.slice(0, 3) + fragment + value.slice(3)));
}

export type FormEncoding = "urlencoded" | "multipart" | "raw";

/**
 * Form fields the ways a client may send them: urlencoded; multipart, with a file beside the fields when
 * `withFile`; or, for "raw", the bytes of `raw` in place of the fields under `rawContentType`.
 */
export function formBody(
  entries: Array<[string, string]>,
  encoding: FormEncoding,
  raw: string,
  { withFile = false, rawContentType = "application/x-www-form-urlencoded" } = {},
): { body: BodyInit; contentType?: string } {
  if (encoding === "urlencoded") return { body: new URLSearchParams(entries) };
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    if (withFile) form.append("upload", new Blob(["not a field"]), "evil.txt");
    return { body: form };
  }
  return { body: raw, contentType: rawContentType };
}
