import { Form, useActionData, useFormAction, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type ComponentProps } from "react";
import { useLoadedWhenNear } from "~/deferred/lazy-hydration";
import { ServerNotice } from "~/components/ui/server-notice";
import { CheckCircleIcon } from "~/components/landing/icons";
import { useHydrated } from "~/utils/use-hydrated";
import { StaticBookedThankYou, StaticDemoIntro } from "~/deferred/landing-sections";
import { DemoFields, type DemoPickerSlot, type UseDemoField } from "./demo-fields";
import type { DemoFormHandover } from "./demo-form-enhanced.lazy";
import {
  demoEnhancedField,
  demoRequestFormId,
  lazyDemoRequestValidator,
  preloadDemoValidator,
  type BookedDemoView,
  type DemoPickerView,
} from "./demo-form-client";

export type DemoSectionState = {
  showThanks: boolean;
  /** "Pick a time" as first shown: the first bookable day, in the business's time zone. */
  picker: DemoPickerView;
  /** Set when the thank-you is for a booked demo (not a request to be called). */
  booked?: BookedDemoView;
};

type DemoActionData = {
  notice?: { type: "error"; message: string; description: string };
  formId?: string;
  fieldErrors?: Record<string, string | undefined>;
  repopulateFields?: Record<string, unknown>;
  /** The picker after a day or time zone was chosen without JavaScript, or fresh after a slot was taken. */
  picker?: DemoPickerView;
};

function ThankYou() {
  return (
    <div className="py-6 text-center" role="status">
      <CheckCircleIcon className="mx-auto text-brand-600" />
      <h3 className="mt-4 text-xl font-bold text-slate-900">Thank You for Your Demo Request!</h3>
      <p className="mt-2 text-slate-700">
        Our team will contact you within 24 hours to schedule your personalized demo.
      </p>
      <p className="mt-4 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">
        Expected response time: 2-4 hours during business days
      </p>
      <Form method="post" className="mt-6" preventScrollReset>
        <input type="hidden" name="intent" value="demo-request-reset" />
        <button type="submit" className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Request another demo
        </button>
      </Form>
    </div>
  );
}

/** Fields bound to what the server answered (its messages and the values sent), as remix-validated-form shows them. */
const usePlainField: UseDemoField = (name) => {
  const actionData = useActionData<DemoActionData>();
  const own = actionData?.formId === demoRequestFormId ? actionData : undefined;
  const value = own?.repopulateFields?.[name];
  return {
    error: own?.fieldErrors?.[name],
    defaultValue: value,
    getInputProps: (props) => ({ ...props, name, defaultValue: typeof value === "string" ? value : undefined }),
  };
};

function usePlainSubmitting() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === "demo-request";
}

function warmValidator() {
  void preloadDemoValidator();
}

/** Reads what the visitor typed and where their focus is, just before the enhanced form takes over. */
function takeHandover(): DemoFormHandover {
  const form = document.getElementById(demoRequestFormId);
  const values: Record<string, string> = {};
  if (!(form instanceof HTMLFormElement)) return { values };
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  const active = document.activeElement;
  const inForm =
    (active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement) &&
    form.contains(active);
  if (!inForm || !active.name) return { values };
  const selection = active instanceof HTMLSelectElement ? null : active.selectionStart;
  return {
    values,
    focus: {
      name: active.name,
      selectionStart: selection ?? null,
      selectionEnd: active instanceof HTMLSelectElement ? null : active.selectionEnd,
    },
  };
}

/**
 * 128 random bits as 32 hex digits: the form's submission id. Not crypto.randomUUID, which needs a secure context;
 * not base64url, whose ids may start with "-", which the admin's CSV export neutralizes as a formula ("'-…").
 */
function newSubmissionId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The form's submission id, minted in the browser once the page has hydrated: the page is the same bytes for
 * every visitor (ADR 0019), so it cannot carry one. A double submit sends the same id and stores one row; a new
 * form (after "Request another demo") gets a new id. Without JavaScript there is none, and the server stores
 * the request once per lead by its details.
 */
function useBrowserSubmissionId(showingForm: boolean) {
  const [id, setId] = useState<string>();
  useEffect(() => {
    if (showingForm) setId(newSubmissionId());
  }, [showingForm]);
  return id;
}

type EnhancedDemoForm = typeof import("./demo-form-enhanced.lazy").EnhancedDemoForm;

/**
 * Reads the plain form in the render that replaces it, while it is still in the document: reading it when the
 * code arrived lost whatever the visitor typed between that moment and the swap.
 */
function TakeOverDemoForm({
  Form: EnhancedForm,
  ...props
}: { Form: EnhancedDemoForm } & Omit<ComponentProps<EnhancedDemoForm>, "handover">) {
  const [handover] = useState(takeHandover);
  return <EnhancedForm {...props} handover={handover} />;
}

/**
 * The demo section (`#demo`): what the visitor gets on the left, the booking form (`#demo-booking`) on the
 * right. The form is a plain POST to the page action, validated by the shared schema on both sides.
 */
export function DemoSection({ state }: { state: DemoSectionState }) {
  const hydrated = useHydrated();
  // remix-validated-form and the form built on it, loaded when the visitor heads for the form; until then the
  // page's own form (a Remix <Form> posting the same fields) does the job, without the live field checks.
  // The calendar picker (times in the visitor's own zone) comes with it, never in the first load.
  const enhanced = useLoadedWhenNear("#demo", () =>
    Promise.all([
      import("./demo-form-enhanced.lazy"),
      import("./demo-slot-picker.lazy").then((module) => module.loadCalendarPicker()),
    ]).then(([form, Picker]) => ({ Form: form.EnhancedDemoForm, Picker })),
  );
  const EnhancedForm = enhanced?.Form;
  const actionData = useActionData<DemoActionData>();
  const root = useRouteLoaderData<{ site?: { brandName?: string } }>("root");
  const brandName = root?.site?.brandName ?? "Groundwork";
  const ownActionData = actionData?.formId === demoRequestFormId ? actionData : undefined;
  const notice = !hydrated ? ownActionData?.notice : undefined;
  const browserId = useBrowserSubmissionId(!state.showThanks);
  // After a refused or failed submit the retry keeps the same submission id: if the first attempt was
  // committed after all (e.g. a timeout), the retry finds that row instead of storing a second one.
  const retriedId = ownActionData?.repopulateFields?.submissionId;
  const submissionId = typeof retriedId === "string" && retriedId ? retriedId : browserId;
  // The booked panel is static HTML (its code is not in the first load), so its reset form names the action itself.
  const resetAction = useFormAction();
  const picker: DemoPickerSlot = { view: ownActionData?.picker ?? state.picker, Picker: enhanced?.Picker };

  return (
    <section id="demo" aria-labelledby="demo-heading" className="bg-slate-50 py-20">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-6 lg:grid-cols-2">
        <StaticDemoIntro brandName={brandName} />

        <div id="demo-booking" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {state.showThanks && state.booked ? (
            <StaticBookedThankYou booked={state.booked} resetAction={resetAction} />
          ) : state.showThanks ? (
            <ThankYou />
          ) : (
            <>
              <h3 className="text-xl font-bold text-slate-900">Schedule Your Demo</h3>
              <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
              {EnhancedForm ? (
                <TakeOverDemoForm
                  Form={EnhancedForm}
                  formId={demoRequestFormId}
                  validator={lazyDemoRequestValidator}
                  warmValidator={warmValidator}
                  hidden={{ intent: "demo-request", submissionId: submissionId ?? "", [demoEnhancedField]: "1" }}
                  renderFields={(binding) => <DemoFields {...binding} brandName={brandName} picker={picker} />}
                />
              ) : (
                // Remix posts it without a reload once the page has hydrated; without JS it is a plain POST, and the
                // browser's own checks (required, type=email) help.
                <Form id={demoRequestFormId} method="post" preventScrollReset className="mt-6 space-y-4">
                  <input type="hidden" name="__rvfInternalFormId" value={demoRequestFormId} />
                  <input type="hidden" name="intent" value="demo-request" />
                  {submissionId ? <input type="hidden" name="submissionId" value={submissionId} /> : null}
                  {/* Hydrated, Remix submits it and shows a failure as a cookie toast (ADR 0004). */}
                  {hydrated ? <input type="hidden" name={demoEnhancedField} value="1" /> : null}
                  <DemoFields
                    useField={usePlainField}
                    useSubmitting={usePlainSubmitting}
                    brandName={brandName}
                    picker={picker}
                  />
                </Form>
              )}
            </>
          )}
        </div>
      </div>
      {notice ? <ServerNotice notice={notice} /> : null}
    </section>
  );
}
