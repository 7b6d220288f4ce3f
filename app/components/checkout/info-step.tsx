import { useLocation } from "@remix-run/react";
import { ValidatedForm, useField, useIsSubmitting } from "remix-validated-form";
import { checkoutInfoValidator, type CheckoutInfo, type CheckoutView } from "~/schemas/checkout";
import { withBrowserAttribution } from "~/utils/browser-attribution";

function Field({
  name,
  label,
  type = "text",
  autoComplete,
}: {
  name: keyof CheckoutInfo;
  label: string;
  type?: string;
  autoComplete: string;
}) {
  const { error, getInputProps } = useField(name);
  const id = `checkout-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        {...getInputProps({ id, type, autoComplete })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid]:border-red-600"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SubmitButton() {
  const submitting = useIsSubmitting("checkout-info-form");
  return (
    <button
      type="submit"
      disabled={submitting}
      className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
    >
      {submitting ? "Saving..." : "Continue to plans"}
    </button>
  );
}

export function InfoStep({
  info,
  planIds,
  billing,
  edit,
  attribution,
}: Pick<CheckoutView, "info" | "planIds" | "billing" | "edit" | "attribution">) {
  // Posting to the same URL (plan, billing, edit) means an invalid submit re-renders this very step.
  const params = new URLSearchParams(useLocation().search);
  params.delete("index");
  return (
    <ValidatedForm
      id="checkout-info-form"
      validator={checkoutInfoValidator}
      method="post"
      action={`/?index&${params.toString()}`}
      defaultValues={info}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value="checkout-info" />
      {planIds.map((id) => (
        <input key={id} type="hidden" name="planIds" value={id} />
      ))}
      <input type="hidden" name="billing" value={billing} />
      {edit ? <input type="hidden" name="edit" value="1" /> : null}
      {Object.entries(withBrowserAttribution(attribution)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field name="companyName" label="Company name" autoComplete="organization" />
      <Field name="fullName" label="Full name" autoComplete="name" />
      <Field name="email" label="Email" type="email" autoComplete="email" />
      <Field name="phone" label="Phone" type="tel" autoComplete="tel" />
      <div className="sm:col-span-2 flex justify-end">
        <SubmitButton />
      </div>
    </ValidatedForm>
  );
}
