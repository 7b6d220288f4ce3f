import { createHash } from "node:crypto";
import { getRequestId } from "~/utils/http/request.server";
import { consentVersionField, demoConsentText } from "~/content/consent";
import { isKnownConsentVersion, type LeadConsent } from "~/models/demo/request.server";
import { getPublicEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { remember } from "~/utils/singleton.server";

const VERSION = /^[0-9a-f]{16}$/;

/** The small print the form shows now, and its version: the start of the SHA-256 of its exact text. */
export function currentDemoConsent(): { version: string; text: string } {
  const { brandName } = getPublicEnv();
  return remember(
    "demo consent",
    () => {
      const text = demoConsentText(brandName);
      return { version: createHash("sha256").update(text).digest("hex").slice(0, 16), text };
    },
    { basedOn: brandName },
  );
}

/** The posted wording counts: a page cached before a change of wording shows one a lead has agreed to before. */
export async function consentOf(form: FormData, request: Request): Promise<LeadConsent> {
  const current = currentDemoConsent();
  const page = new URL(request.url).pathname;
  const posted = form.get(consentVersionField);
  if (typeof posted !== "string" || posted === current.version) return { ...current, page };
  if (VERSION.test(posted) && (await isKnownConsentVersion(posted))) return { version: posted, page };
  logger.warn("demo request posted a consent wording this site never showed; the current one is recorded", {
    requestId: getRequestId(request),
    posted: posted.slice(0, 40),
  });
  return { ...current, page };
}
