// The attribution fields (issue #16) as the fuzz targets send them, and the check that whatever was stored is
// bounded and one the rules accept as it is.
import * as fc from "fast-check";
import { expect } from "vitest";
import {
  ATTRIBUTION_LIMITS,
  attributionFields,
  attributionFromFields,
  type AttributionFieldName,
} from "~/schemas/attribution";
import { storedAttribution } from "~/services/insight/attribution.server";

const valid: Record<AttributionFieldName, fc.Arbitrary<string>> = {
  utm_source: fc.constantFrom("google", " Google ", "newsletter", "x".repeat(100)),
  utm_medium: fc.constantFrom("cpc", "EMAIL"),
  utm_campaign: fc.constantFrom("spring-roofing", "=1+1", "10% off | spring"),
  utm_term: fc.constantFrom("roof repair", "李 屋顶"),
  utm_content: fc.constantFrom("ad-2", "(variant b)"),
  click_id: fc.constantFrom("gclid", "fbclid", "msclkid"),
  referrer_host: fc.constantFrom("www.google.com", "WWW.Bing.com"),
  landing_path: fc.constantFrom("/", "/pricing", "//evil.example"),
};

// Values that break a rule: too long, control or markup characters, an unknown click id, not a host, not a path.
const nearMiss: Record<AttributionFieldName, fc.Arbitrary<string>> = {
  utm_source: fc.constantFrom("x".repeat(101), " "),
  utm_medium: fc.constantFrom("e\u0000mail", "<b>"),
  utm_campaign: fc.constantFrom("<script>alert(1)</script>", "a\nb"),
  utm_term: fc.constantFrom("'; drop table orders; --", '"quoted"'),
  utm_content: fc.constantFrom("\u202Ereversed", "x".repeat(500)),
  click_id: fc.constantFrom("dclid", "GCLID", "gclid=abc"),
  referrer_host: fc.constantFrom("not a host", `${"a".repeat(250)}.com`, "-x.com", "https://x.com"),
  landing_path: fc.constantFrom("javascript:alert(1)", `/${"a".repeat(200)}`, "/a b", "relative"),
};

function fieldsOf(field: (name: AttributionFieldName) => fc.Arbitrary<unknown>) {
  return fc
    .record(
      Object.fromEntries(
        (Object.keys(valid) as AttributionFieldName[]).map((name) => [
          name,
          fc.oneof({ weight: 2, arbitrary: field(name) }, { weight: 1, arbitrary: fc.constant(undefined) }),
        ]),
      ),
    )
    .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
}

/** Attribution fields the rules all accept (some missing): what reaches the database through the strict APIs. */
export const validAttributionFields = fieldsOf((name) => valid[name]);

/** Attribution fields, each mostly valid, sometimes breaking a rule or hostile, sometimes missing. */
export function attributionFieldsArbitrary(hostile: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fieldsOf((name) =>
    fc.oneof(
      { weight: 4, arbitrary: valid[name] as fc.Arbitrary<unknown> },
      { weight: 2, arbitrary: nearMiss[name] as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: hostile },
    ),
  );
}

/** A stored lead's or order's attribution: within its columns' bounds and unchanged by the rules that admit it. */
export function expectStoredAttributionValid(row: Parameters<typeof storedAttribution>[0], label: string) {
  const attribution = storedAttribution(row);
  for (const value of [row.utmSource, row.utmMedium, row.utmCampaign, row.utmTerm, row.utmContent])
    expect((value ?? "").length, label).toBeLessThanOrEqual(ATTRIBUTION_LIMITS.utm);
  expect((row.referrerHost ?? "").length, label).toBeLessThanOrEqual(ATTRIBUTION_LIMITS.referrerHost);
  expect((row.landingPath ?? "").length, label).toBeLessThanOrEqual(ATTRIBUTION_LIMITS.landingPath);
  const fields = new Map(attributionFields(attribution));
  expect(
    attributionFromFields((name) => fields.get(name)),
    label,
  ).toEqual(attribution);
}

/** How many of `rows` carry some attribution: the generator must get some stored, or the check says nothing. */
export function attributedCount(rows: Parameters<typeof storedAttribution>[0][]) {
  return rows.filter((row) => Object.keys(storedAttribution(row)).length > 0).length;
}
