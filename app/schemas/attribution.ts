import { z } from "zod";
import { attributionFieldNames, type AttributionFieldName } from "./attribution-fields";

// Where a lead or order came from, carried without a cookie. Read leniently from forms (a hidden field the visitor
// cannot correct must never cost a lead) and strictly from the JSON API. Click ids: the kind, never the value.

export const clickIdKinds = ["gclid", "fbclid", "msclkid"] as const;
export type ClickIdKind = (typeof clickIdKinds)[number];

export const ATTRIBUTION_LIMITS = { utm: 100, referrerHost: 253, landingPath: 200 } as const;

export type { AttributionFieldName } from "./attribution-fields";

export type Attribution = {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  clickId?: ClickIdKind;
  referrerHost?: string;
  landingPath?: string;
};

const keyOfField: Record<AttributionFieldName, keyof Attribution> = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
  click_id: "clickId",
  referrer_host: "referrerHost",
  landing_path: "landingPath",
};

/** The attribution's keys, in field order: also the names of the stored columns in the drizzle schema. */
export const attributionKeys = attributionFieldNames.map((field) => keyOfField[field]);

// Letters, digits, marks and the punctuation campaign tools put in tags; no control, markup or quote characters.
const utmPattern = /^[\p{L}\p{N}\p{M} ._~+\-:/|()@!,&#=%]+$/u;
const hostPattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const pathPattern = /^\/[A-Za-z0-9/._~%-]*$/;

/** Why `value` cannot be stored under `field`, or undefined. `value` is already trimmed and not empty. */
function fieldProblem(field: AttributionFieldName, value: string): string | undefined {
  switch (field) {
    case "click_id":
      return (clickIdKinds as readonly string[]).includes(value)
        ? undefined
        : "click_id must be gclid, fbclid or msclkid";
    case "referrer_host":
      return hostPattern.test(value) ? undefined : "referrer_host must be a host name";
    case "landing_path":
      return value.length <= ATTRIBUTION_LIMITS.landingPath && pathPattern.test(value)
        ? undefined
        : `landing_path must be a path of at most ${ATTRIBUTION_LIMITS.landingPath} characters`;
    default:
      if (value.length > ATTRIBUTION_LIMITS.utm) return `${field} must be at most ${ATTRIBUTION_LIMITS.utm} characters`;
      return utmPattern.test(value) ? undefined : `${field} contains characters that are not allowed`;
  }
}

/** utm_source and utm_medium are compared case-insensitively everywhere (Google = google), so they are stored lower. */
function normalise(field: AttributionFieldName, value: string): string {
  const trimmed = value.trim();
  return field === "utm_source" || field === "utm_medium" || field === "referrer_host"
    ? trimmed.toLowerCase()
    : trimmed;
}

/** From hidden form fields or carried query parameters: values that break a rule are dropped, never refused. */
export function attributionFromFields(read: (name: AttributionFieldName) => unknown): Attribution {
  const attribution: Attribution = {};
  for (const field of attributionFieldNames) {
    const raw = read(field);
    if (typeof raw !== "string") continue;
    const value = normalise(field, raw);
    if (value && !fieldProblem(field, value)) (attribution as Record<string, string>)[keyOfField[field]] = value;
  }
  return attribution;
}

/** A referrer on `ownHost` is a page of this site, not a source, and is left out. */
export function attributionFromLanding(url: URL, referrer: string | null | undefined, ownHost: string): Attribution {
  const params = url.searchParams;
  const clickId = clickIdKinds.find((kind) => params.get(kind));
  const host = referrer && URL.canParse(referrer) ? new URL(referrer).hostname : undefined;
  const referrerHost = host !== ownHost ? host : undefined;
  const read = (name: AttributionFieldName) => {
    if (name === "click_id") return clickId;
    if (name === "referrer_host") return referrerHost;
    if (name === "landing_path") return url.pathname;
    return params.get(name);
  };
  return attributionFromFields(read);
}

export function hasAttribution(attribution: Attribution): boolean {
  return Object.values(attribution).some((value) => value !== undefined);
}

export function attributionFields(attribution: Attribution): [AttributionFieldName, string][] {
  const pairs: [AttributionFieldName, string][] = [];
  for (const field of attributionFieldNames) {
    const value = attribution[keyOfField[field]];
    if (value !== undefined) pairs.push([field, value]);
  }
  return pairs;
}

/** The JSON APIs' `attribution` object: optional, unknown keys dropped, a bad value refused with a message. */
export const attributionSchema = z
  .object(
    Object.fromEntries(
      attributionFieldNames.map((field) => [
        field,
        z
          .string({ invalid_type_error: `${field} must be text` })
          .transform((value) => normalise(field, value))
          .superRefine((value, ctx) => {
            const problem = value ? fieldProblem(field, value) : undefined;
            if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
          })
          .optional(),
      ]),
    ) as Record<AttributionFieldName, z.ZodOptional<z.ZodEffects<z.ZodEffects<z.ZodString, string>, string>>>,
    { invalid_type_error: "attribution must be an object" },
  )
  .strip()
  .transform((fields) => attributionFromFields((name) => fields[name]));
