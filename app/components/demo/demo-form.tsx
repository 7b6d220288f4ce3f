// One form, rendered by the server and hydrated in place with the page: what the visitor typed before the scripts
// ran stays where it is. Until then (and without JavaScript) the browser checks the required fields and posts it.
import { useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { useHydrated } from "~/utils/use-hydrated";
import { preloadToasts } from "~/components/ui/toaster";
import { DemoFields } from "./demo-fields";
import { lazyDemoRequestValidator, preloadDemoValidator } from "./demo-form-client";
import { demoEnhancedField, demoRequestFormId } from "~/schemas/demo-form-ids";
import { withBrowserAttribution } from "~/utils/browser-attribution";
import { consentVersionField } from "~/content/consent";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { attributionFieldNames } from "~/schemas/attribution-fields";

// Not crypto.randomUUID, which needs a secure context; not base64url, whose leading "-" the admin's CSV export
// neutralizes as a formula.
function newSubmissionId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Sent-back values win: after a refusal the Referer is this site, no longer the outside one. */
function hiddenAttribution(sentBack: Record<string, unknown> | undefined, attribution: Record<string, string> = {}) {
  return Object.fromEntries(
    attributionFieldNames.flatMap((name) => {
      const value = sentBack ? sentBack[name] : attribution[name];
      return typeof value === "string" && value ? [[name, value] as const] : [];
    }),
  );
}

/** What a submit needs: the schema, and the toaster's Radix half for the answer's toast. */
function warmSubmit() {
  void preloadDemoValidator();
  preloadToasts();
}

type DemoFormProps = {
  brandName: string;
  picker: DemoPickerView;
  /** What the action sent back after a refused or failed submit. */
  sentBack?: Record<string, unknown>;
  attribution?: Record<string, string>;
  consentVersion: string;
};

/** Failures and sent-back values come as remix-validated-form's answer (`validationError`), for this form's id. */
export function DemoForm({ brandName, picker, sentBack, attribution, consentVersion }: DemoFormProps) {
  const hydrated = useHydrated();
  // A retry keeps its id: if the first attempt was committed after all, the retry finds that row.
  const retried =
    typeof sentBack?.submissionId === "string" && sentBack.submissionId ? sentBack.submissionId : undefined;
  // Minted in the browser: the page is the same bytes for every visitor (ADR 0019). A double submit sends the same
  // id, so one row is stored.
  const [mintedSubmissionId] = useState(() => (typeof document === "undefined" ? undefined : newSubmissionId()));
  const submissionId = retried ?? (hydrated ? mintedSubmissionId : undefined);
  const hidden = hiddenAttribution(sentBack, attribution);
  const carried = hydrated ? withBrowserAttribution(hidden) : hidden;
  // The self-serve offer's checkout keeps the visit's attribution, as the page's other checkout links do.
  const carriedQuery = Object.keys(carried).length ? `&${new URLSearchParams(carried)}` : "";
  return (
    <ValidatedForm
      id={demoRequestFormId}
      validator={lazyDemoRequestValidator}
      method="post"
      preventScrollReset
      // Once hydrated, the schema's messages under each field replace the browser's bubbles.
      noValidate={hydrated}
      onFocus={warmSubmit}
      onPointerEnter={warmSubmit}
      className="mt-6 space-y-4"
    >
      <input type="hidden" name="intent" value="demo-request" />
      <input type="hidden" name={consentVersionField} value={consentVersion} />
      {/* A hydrated submit gets its failure as a toast; the browser's own post gets it in the page. */}
      {hydrated ? <input type="hidden" name={demoEnhancedField} value="1" /> : null}
      {submissionId ? <input type="hidden" name="submissionId" value={submissionId} /> : null}
      {/* The referring site is known to the browser only: the server's page is the same for every visitor. */}
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <DemoFields brandName={brandName} picker={picker} attributionQuery={carriedQuery} />
    </ValidatedForm>
  );
}
