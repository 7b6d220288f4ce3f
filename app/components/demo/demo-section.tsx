import { useActionData, useFormAction, useRouteLoaderData } from "@remix-run/react";
import { lazyPart, useLazyPart } from "~/deferred/lazy-part";
import { useToastAtHydration } from "~/components/ui/toaster";
import { useHydrated } from "~/utils/use-hydrated";
import { ServerNotice } from "~/components/ui/server-notice";
import { BookedThankYou } from "./demo-booked-thanks";
import { RequestThankYou } from "./demo-request-thanks";
import { DemoIntro } from "./demo-intro";
import { PlainDemoForm } from "./demo-form-plain";
import { demoEnhancedField, demoRequestFormId } from "~/schemas/demo-form-ids";
import { consentVersionField } from "~/content/consent";
import type { BookedDemoView, DemoPickerView } from "~/schemas/demo-request-fields";
import { lazyDemoRequestValidator, preloadDemoValidator } from "./demo-form-client";

export type DemoSectionState = {
  showThanks: boolean;
  /** "Pick a time" as first shown: the first bookable day, in the business's time zone. */
  picker: DemoPickerView;
  /** Set when the thank-you is for a booked demo (not a request to be called). */
  booked?: BookedDemoView;
  /** The visit's attribution as hidden fields (none on the shared page; see services/insight/attribution.server). */
  attribution?: Record<string, string>;
  /** Which wording of the small print this page shows: recorded with the lead as its consent. */
  consentVersion: string;
};

type DemoActionData = {
  notice?: { type: "error"; message: string; description: string };
  formId?: string;
  fieldErrors?: Record<string, string | undefined>;
  repopulateFields?: Record<string, unknown>;
  /** The picker after a day or time zone was chosen without JavaScript, or fresh after a slot was taken. */
  picker?: DemoPickerView;
};

// remix-validated-form, the fields and the calendar picker (times in the visitor's own zone), loaded when the
// visitor heads for the form; until then the server's form, a plain <form>, does the job without live field checks.
const enhancedForm = lazyPart(() =>
  Promise.all([
    import("./demo-form-enhanced.lazy"),
    import("./demo-fields"),
    import("./demo-slot-picker.lazy").then((module) => module.loadCalendarPicker()),
  ]).then(([form, fields, Picker]) => ({ Form: form.EnhancedDemoForm, Fields: fields.DemoFields, Picker })),
);

function warmValidator() {
  void preloadDemoValidator();
}

/** The form is a plain POST to the page action, validated by the shared schema on both sides. */
export function DemoSection({ state }: { state: DemoSectionState }) {
  const hydrated = useHydrated();
  const enhanced = useLazyPart(enhancedForm, "#demo");
  const actionData = useActionData<DemoActionData>();
  const root = useRouteLoaderData<{ site?: { brandName?: string } }>("root");
  const brandName = root?.site?.brandName ?? "Groundwork";
  const ownActionData = actionData?.formId === demoRequestFormId ? actionData : undefined;
  const notice = !hydrated ? ownActionData?.notice : undefined;
  // A failure answered to the server's form (posted by the browser itself, before the enhanced form arrived).
  useToastAtHydration(notice);
  const retriedId = ownActionData?.repopulateFields?.submissionId;
  // The thank-you panels and the server's form are plain <form>s that work before and without JavaScript, so they
  // name the action themselves.
  const action = useFormAction();
  const pickerView = ownActionData?.picker ?? state.picker;

  return (
    <section id="demo" aria-labelledby="demo-heading" className="bg-slate-50 py-20">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-6 lg:grid-cols-2">
        <DemoIntro brandName={brandName} />

        <div id="demo-booking" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {state.showThanks && state.booked ? (
            <BookedThankYou booked={state.booked} resetAction={action} />
          ) : state.showThanks ? (
            <RequestThankYou resetAction={action} />
          ) : (
            <>
              <h3 className="text-xl font-bold text-slate-900">Schedule Your Demo</h3>
              <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
              {enhanced ? (
                <enhanced.Form
                  formId={demoRequestFormId}
                  validator={lazyDemoRequestValidator}
                  warmValidator={warmValidator}
                  retriedSubmissionId={typeof retriedId === "string" && retriedId ? retriedId : undefined}
                  // Remix submits it and shows a failure as a cookie toast (ADR 0004).
                  hidden={{
                    intent: "demo-request",
                    [demoEnhancedField]: "1",
                    [consentVersionField]: state.consentVersion,
                    ...state.attribution,
                  }}
                  renderFields={(binding) => (
                    <enhanced.Fields
                      {...binding}
                      brandName={brandName}
                      picker={{ view: pickerView, action, Picker: enhanced.Picker }}
                    />
                  )}
                />
              ) : (
                <PlainDemoForm
                  formId={demoRequestFormId}
                  action={action}
                  brandName={brandName}
                  picker={pickerView}
                  fieldErrors={ownActionData?.fieldErrors}
                  values={ownActionData?.repopulateFields}
                  attribution={state.attribution}
                  consentVersion={state.consentVersion}
                />
              )}
            </>
          )}
        </div>
      </div>
      {notice ? <ServerNotice notice={notice} /> : null}
    </section>
  );
}
