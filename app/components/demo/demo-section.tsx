import { Form, useActionData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import {
  dealVolumes,
  demoEnhancedField,
  demoHoneypotField,
  demoRequestFormId,
  lazyDemoRequestValidator,
  preloadDemoValidator,
} from "./demo-form-client";
import { useHydrated } from "~/utils/use-hydrated";

export type DemoSectionState = { showThanks: boolean; submissionId: string };

type DemoActionData = {
  notice?: { type: "error"; message: string; description: string };
  formId?: string;
  repopulateFields?: { submissionId?: unknown };
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

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

function FieldShell({ name, label, required, error, children }: { name: string; label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`demo-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`demo-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useDemoField(name: string) {
  const { error, getInputProps } = useField(name, { formId: demoRequestFormId });
  const a11y = {
    id: `demo-${name}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `demo-${name}-error` : undefined,
  };
  return { error, getInputProps, a11y };
}

function TextField({ name, label, type = "text", autoComplete, required = true }: { name: string; label: string; type?: string; autoComplete: string; required?: boolean }) {
  const { error, getInputProps, a11y } = useDemoField(name);
  return (
    <FieldShell name={name} label={label} required={required} error={error}>
      <input {...getInputProps({ ...a11y, type, autoComplete, required, className: inputClass })} />
    </FieldShell>
  );
}

function DealVolumeField() {
  const { error, getInputProps, a11y } = useDemoField("dealVolume");
  return (
    <FieldShell name="dealVolume" label="Monthly deal volume" error={error}>
      <select {...getInputProps({ ...a11y, className: inputClass })}>
        <option value="">Select deal volume</option>
        {dealVolumes.map((volume) => (
          <option key={volume} value={volume}>
            {volume} deals
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function ChallengesField() {
  const { error, getInputProps, a11y } = useDemoField("challenges");
  return (
    <FieldShell name="challenges" label="What are your biggest challenges?" error={error}>
      <textarea
        {...getInputProps({
          ...a11y,
          rows: 3,
          className: inputClass,
          placeholder: "Missed follow-ups, scheduling crews, chasing invoices…",
        })}
      />
    </FieldShell>
  );
}

function SubmitButton() {
  const submitting = useIsSubmitting(demoRequestFormId);
  return (
    <button
      type="submit"
      disabled={submitting}
      aria-disabled={submitting || undefined}
      className="w-full rounded-md bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {submitting ? "Scheduling..." : "Schedule My Demo"}
    </button>
  );
}

function ThankYou() {
  return (
    <div className="py-6 text-center" role="status">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="48" height="48" className="mx-auto text-brand-600" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </svg>
      <h3 className="mt-4 text-xl font-bold text-slate-900">Thank You for Your Demo Request!</h3>
      <p className="mt-2 text-slate-700">Our team will contact you within 24 hours to schedule your personalized demo.</p>
      <p className="mt-4 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">Expected response time: 2-4 hours during business days</p>
      <Form method="post" className="mt-6" preventScrollReset>
        <input type="hidden" name="intent" value="demo-request-reset" />
        <button type="submit" className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Request another demo
        </button>
      </Form>
    </div>
  );
}

function warmValidator() {
  void preloadDemoValidator();
}

/** The destructive notice of a failed submit when the page was rendered without JavaScript. */
function ServerNotice({ notice }: { notice: NonNullable<DemoActionData["notice"]> }) {
  return (
    <div role="alert" className="fixed bottom-4 right-4 z-[100] w-[min(24rem,calc(100vw-2rem))]">
      <div data-toast-type="error" className="rounded-lg border border-red-700 bg-red-700 p-4 text-white shadow-lg">
        <p className="text-sm font-semibold">{notice.message}</p>
        <p className="mt-1 text-sm opacity-90">{notice.description}</p>
      </div>
    </div>
  );
}

/**
 * The demo section (`#demo`): what the visitor gets on the left, the booking form (`#demo-booking`) on the
 * right. The form is a plain POST to the page action, validated by the shared schema on both sides.
 */
export function DemoSection({ state }: { state: DemoSectionState }) {
  const hydrated = useHydrated();
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
            Book a personalized demo and see how contractors and property service teams run their whole business from one place.
          </p>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">What you&apos;ll learn</h3>
          <ul className="mt-4 space-y-4">
            {learnItems.map((item) => (
              <li key={item.title} className="flex gap-3">
                <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="mt-0.5 shrink-0 text-brand-600" fill="none" stroke="currentColor" strokeWidth="2">
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
              <ValidatedForm
                id={demoRequestFormId}
                validator={lazyDemoRequestValidator}
                // Fetch the schema as soon as the visitor heads for the form, before the first check needs it.
                onFocus={warmValidator}
                onPointerEnter={warmValidator}
                method="post"
                preventScrollReset
                // Without JS the browser's own checks (required, type=email) help; with JS the schema's
                // messages under each field replace the browser bubbles.
                noValidate={hydrated}
                className="mt-6 space-y-4"
              >
                <input type="hidden" name="intent" value="demo-request" />
                <input type="hidden" name="submissionId" value={submissionId} />
                {hydrated ? <input type="hidden" name={demoEnhancedField} value="1" /> : null}
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField name="firstName" label="First Name" autoComplete="given-name" />
                  <TextField name="lastName" label="Last Name" autoComplete="family-name" />
                </div>
                <TextField name="email" label="Business Email" type="email" autoComplete="email" />
                <TextField name="phone" label="Phone Number" type="tel" autoComplete="tel" />
                <TextField name="company" label="Company Name" autoComplete="organization" />
                <DealVolumeField />
                <ChallengesField />
                <div className="honeypot" aria-hidden="true">
                  <label htmlFor="demo-website">Leave this field empty</label>
                  <input id="demo-website" type="text" name={demoHoneypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
                </div>
                <SubmitButton />
                <p className="text-xs text-slate-500">
                  By submitting this form, you agree to receive communications from {brandName} about your demo and our
                  products. You can opt out at any time. See our <span className="font-medium text-slate-700">Privacy Policy</span>{" "}
                  in the page footer.
                </p>
              </ValidatedForm>
            </>
          )}
        </div>
      </div>
      {notice ? <ServerNotice notice={notice} /> : null}
    </section>
  );
}
