// Where a visit came from, as the landing page and the checkout carry it (issue #16, ADR 0020): no cookie of its
// own, so it travels as hidden form fields and as query parameters on the checkout's links, and is read back
// leniently (a hidden value the visitor cannot correct never costs a lead). The JSON APIs are strict instead.
import {
  attributionFields,
  attributionFromFields,
  attributionFromLanding,
  attributionKeys,
  attributionSchema,
  hasAttribution,
  type Attribution,
} from "~/schemas/attribution";
import { requestOrigin } from "~/utils/env.server";
import { RequestRejected } from "~/utils/request.server";
import { isAnonymousPageView } from "~/utils/shared-document.server";

/** The attribution as a page renders it: hidden inputs (`fields`) and the checkout links' extra query (`query`). */
export type AttributionView = { fields: Record<string, string>; query: string };

/** The Referer, unless it is a page of this site (which says nothing about where the visit came from). */
function outsideReferer(request: Request): string | null {
  const referer = request.headers.get("Referer");
  try {
    return referer && new URL(referer).host !== new URL(request.url).host ? referer : null;
  } catch {
    return null;
  }
}

/** The attribution a link of this site carried in its query (the checkout's links name the landing path). */
export function carriedAttribution(url: URL): Attribution {
  return attributionFromFields((name) => url.searchParams.get(name) ?? undefined);
}

/**
 * The attribution of the visit this request belongs to: what a link of this site carried, or else this request is
 * the landing itself (its UTM tags, click id, outside Referer and path). None when it names no source: a landing
 * path alone says nothing about where the visit came from (and the shared page, the same for all, has none).
 */
export function visitAttribution(request: Request): Attribution {
  const url = new URL(request.url);
  const attribution = url.searchParams.has("landing_path")
    ? carriedAttribution(url)
    : attributionFromLanding(url, outsideReferer(request), new URL(requestOrigin(request)).hostname);
  const { landingPath: _landingPath, ...source } = attribution;
  return hasAttribution(source) ? attribution : {};
}

export function attributionView(attribution: Attribution): AttributionView {
  const pairs = attributionFields(attribution);
  return { fields: Object.fromEntries(pairs), query: pairs.length ? `&${new URLSearchParams(pairs)}` : "" };
}

/**
 * The landing page's attribution, or null for the shared document: that one is the same bytes for every visitor
 * (ADR 0019), so it carries none (the Referer of whoever made the cached copy would be baked in for everyone).
 */
export function landingAttribution(request: Request): AttributionView | null {
  if (isAnonymousPageView(request)) return null;
  const attribution = visitAttribution(request);
  return hasAttribution(attribution) ? attributionView(attribution) : null;
}

/** A form's hidden attribution fields; a bad value is dropped. */
export function attributionFromForm(form: FormData): Attribution {
  return attributionFromFields((name) => form.get(name) ?? undefined);
}

/** The JSON APIs' optional `attribution` object: a bad value is refused (400) with its message. */
export function apiAttribution(body: object): Attribution {
  const value = (body as { attribution?: unknown }).attribution;
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RequestRejected(400, "attribution must be an object");
  }
  const parsed = attributionSchema.safeParse(value);
  if (!parsed.success) throw new RequestRejected(400, parsed.error.issues.map((issue) => issue.message).join("; "));
  return parsed.data;
}

/** A stored row's attribution columns (null where the visit did not say). */
type AttributionColumns = { [Key in keyof Attribution]-?: NonNullable<Attribution[Key]> | null };

/** A stored lead's or order's attribution, without the columns it left empty. */
export function storedAttribution(row: AttributionColumns): Attribution {
  const attribution: Attribution = {};
  for (const key of attributionKeys) {
    const value = row[key];
    if (value !== null) (attribution as Record<string, string>)[key] = value;
  }
  return attribution;
}
