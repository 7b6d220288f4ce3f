// Apart from ./attribution's zod schemas, so a form needing only the names does not bring zod into the page's scripts.

/** The form fields, JSON keys and carried query parameters, one name each. */
export const attributionFieldNames = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "click_id",
  "referrer_host",
  "landing_path",
] as const;
export type AttributionFieldName = (typeof attributionFieldNames)[number];
