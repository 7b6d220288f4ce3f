import { Form, useActionData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useState, type ComponentProps } from "react";
import { useLoadedWhenNear } from "~/components/lazy-hydration";
import { ServerNotice } from "~/components/ui/server-notice";
import { useHydrated } from "~/utils/use-hydrated";
import { DemoFields, type UseDemoField } from "./demo-fields";
import type { DemoFormHandover } from "./demo-form-enhanced";
import {
  demoEnhancedField,
  demoRequestFormId,
  lazyDemoRequestValidator,
  preloadDemoValidator,
} from "./demo-form-client";

export type DemoSectionState = { showThanks: boolean; submissionId: string };

type DemoActionData = {
  notice?: { type: "error"; message: string; description: string };
  formId?: string;
  fieldErrors?: Record<string, string | undefined>;
  repopulateFields?: Record<string, unknown>;
};

const learnItems = [
  {
    title: "Complete Platform Walkthrough",
    text: "See how a lead becomes a booked job, an invoice and a five-star review without leaving one system.",
  },
  {
    title: "Custom Workflow Demo",
    text: "We build one of your real workflows live: estimate follow-ups, crew dispatch or maintenance reminders.",
  },
  {
    title: "ROI Calculator Session",
    text: "Plug in your job volume and average ticket to see what faster follow-up and fewer no-shows are worth.",
  },
  {
    title: "Implementation Roadmap",
    text: "Leave with a step-by-step plan for moving your contacts, pipelines and templates over in days.",
  },
];

function ThankYou() {
  return (
    <div className="py-6 text-center" role="status">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="48"
        height="48"
        className="mx-auto text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </svg>
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

type EnhancedDemoForm = typeof import("./demo-form-enhanced").EnhancedDemoForm;

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
  const EnhancedForm = useLoadedWhenNear("#demo", () =>
    import("./demo-form-enhanced").then((module) => module.EnhancedDemoForm),
  );
  const actionData = useActionData<DemoActionData>();
  const root = useRouteLoaderData<{ site?: { brandName?: string } }>("root");
  const brandName = root?.site?.brandName ?? "Groundwork";
  const ownActionData = actionData?.formId === demoRequestFormId ? actionData : undefined;
  const notice = !hydrated ? ownActionData?.notice : undefined;
  // After a refused or failed submit the retry keeps the same submission id: if the first attempt was
  // committed after all (e.g. a timeout), the retry finds that row instead of storing a second one.
  const retriedId = ownActionData?.repopulateFields?.submissionId;
  const submissionId = typeof retriedId === "string" && retriedId ? retriedId : state.submissionId;

  return (
    <section id="demo" aria-labelledby="demo-heading" className="bg-slate-50 py-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-6 lg:grid-cols-2">
        <div>
          <h2 id="demo-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            See {brandName} in Action
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Book a personalized demo and see how contractors and property service teams run their whole business from
            one place.
          </p>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">What you&apos;ll learn</h3>
          <ul className="mt-4 space-y-4">
            {learnItems.map((item) => (
              <li key={item.title} className="flex gap-3">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  width="20"
                  height="20"
                  className="mt-0.5 shrink-0 text-brand-600"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M4 10.5l4 4 8-9" />
                </svg>
                <div>
                  <p className="font-semibold text-slate-900">{item.title}</p>
                  <p className="text-sm text-slate-700">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-8 rounded-md border border-brand-100 bg-white px-4 py-3 text-sm font-medium text-brand-900">
            15-minute demo, no sales pressure, instant access to trial
          </p>
        </div>

        <div id="demo-booking" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {state.showThanks ? (
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
                  hidden={{ intent: "demo-request", submissionId, [demoEnhancedField]: "1" }}
                  renderFields={(binding) => <DemoFields {...binding} brandName={brandName} />}
                />
              ) : (
                // Remix posts it without a reload once the page has hydrated; without JS it is a plain POST, and the
                // browser's own checks (required, type=email) help.
                <Form id={demoRequestFormId} method="post" preventScrollReset className="mt-6 space-y-4">
                  <input type="hidden" name="__rvfInternalFormId" value={demoRequestFormId} />
                  <input type="hidden" name="intent" value="demo-request" />
                  <input type="hidden" name="submissionId" value={submissionId} />
                  {/* Hydrated, Remix submits it and shows a failure as a cookie toast (ADR 0004). */}
                  {hydrated ? <input type="hidden" name={demoEnhancedField} value="1" /> : null}
                  <DemoFields useField={usePlainField} useSubmitting={usePlainSubmitting} brandName={brandName} />
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
