// Apart from ./attribution's zod schemas, so a form needing only the names does not bring zod into the page's scripts.

export const utmParameters = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmParameter = (typeof utmParameters)[number];

/** The form fields, JSON keys and carried query parameters, one name each. */
export const attributionFieldNames = [...utmParameters, "click_id", "referrer_host", "landing_path"] as const;
export type AttributionFieldName = (typeof attributionFieldNames)[number];
