// ADR 0020: no cookie, so it travels in hidden fields and link queries, read back leniently (a hidden value the
// visitor cannot correct must never cost a lead). The JSON APIs are strict instead.
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
import { RequestRejected } from "~/utils/http/request.server";
import { isAnonymousPageView } from "~/utils/http/shared-document.server";

/** The attribution as a page renders it: hidden inputs (`fields`) and the checkout links' extra query (`query`). */
type AttributionView = { fields: Record<string, string>; query: string };

/** The Referer, unless it is a page of this site (which says nothing about where the visit came from). */
function outsideReferer(request: Request): string | null {
  const referer = request.headers.get("Referer");
  return referer && URL.canParse(referer) && new URL(referer).host !== new URL(request.url).host ? referer : null;
}

/** The attribution a link of this site carried in its query (the checkout's links name the landing path). */
export function carriedAttribution(url: URL): Attribution {
  return attributionFromFields((name) => url.searchParams.get(name) ?? undefined);
}

/** What a link of this site carried, else this request is the landing. None when no source is named. */
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

/** Null for the shared document (ADR 0019): one visitor's Referer must not be baked into everyone's copy. */
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
  const parsed = attributionSchema.safeParse(value);
  if (!parsed.success) throw new RequestRejected(400, parsed.error.issues.map((issue) => issue.message).join("; "));
  return parsed.data;
}

type AttributionColumns = { [Key in keyof Attribution]-?: NonNullable<Attribution[Key]> | null };

export function storedAttribution(row: AttributionColumns): Attribution {
  const attribution: Attribution = {};
  for (const key of attributionKeys) {
    const value = row[key];
    if (value !== null) (attribution as Record<string, string>)[key] = value;
  }
  return attribution;
}
