// The demo form's fields, bound to remix-validated-form: on the server and until hydration they render the values
// and errors of the action's answer; once hydrated they check themselves against the shared schema.
import type { ReactNode } from "react";
import { useField, useIsSubmitting } from "remix-validated-form";
import { ExternalLink } from "~/components/landing/external-link";
import { legalLinks } from "~/content/legal-links";
import { demoConsentLead } from "~/content/consent";
import { useLoadedWhenNear } from "~/utils/use-loaded-when-near";
import { demoRequestFormId } from "~/schemas/demo-form-ids";
import { dealVolumes, demoHoneypotField, demoSlotField, type DemoPickerView } from "~/schemas/demo-request-fields";
import { trades } from "~/schemas/demo-routing";
import { SlotPicker, slotPickerParts } from "./demo-slot-picker";

// The calendar picker (times in the visitor's own zone), loaded when the visitor heads for the form; until then, or
// if its code cannot be fetched, the server's picker does the job.
const loadCalendarPicker = () =>
  import("./demo-slot-picker.lazy").then((module) =>
    module.loadCalendarPicker(slotPickerParts.routingFields, demoRequestFormId),
  );

function FieldShell({
  name,
  label,
  required,
  error,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
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

function useBoundField(name: string) {
  const { error, getInputProps } = useField(name, { formId: demoRequestFormId });
  const a11y = {
    id: `demo-${name}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `demo-${name}-error` : undefined,
  };
  return { error, getInputProps, a11y };
}

function TextField({
  name,
  label,
  type = "text",
  autoComplete,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
}) {
  const { error, getInputProps, a11y } = useBoundField(name);
  return (
    <FieldShell name={name} label={label} required error={error}>
      <input {...getInputProps({ ...a11y, type, autoComplete, required: true, className: "field-input" })} />
    </FieldShell>
  );
}

function DealVolumeField() {
  const { error, getInputProps, a11y } = useBoundField("dealVolume");
  return (
    <FieldShell name="dealVolume" label="Monthly deal volume" error={error}>
      <select {...getInputProps({ ...a11y, className: "field-input" })}>
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

// Optional, never required (ADR 0057): the times on offer may follow it, nothing else does.
function TradeField() {
  const { error, getInputProps, a11y } = useBoundField("trade");
  return (
    <FieldShell name="trade" label="Trade" error={error}>
      <select {...getInputProps({ ...a11y, className: "field-input" })}>
        <option value="">Choose your trade (optional)</option>
        {trades.map((trade) => (
          <option key={trade} value={trade}>
            {trade}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function ChallengesField() {
  const { error, getInputProps, a11y } = useBoundField("challenges");
  return (
    <FieldShell name="challenges" label="What are your biggest challenges?" error={error}>
      <textarea
        {...getInputProps({
          ...a11y,
          rows: 3,
          className: "field-input",
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

function TimeField({ picker, attributionQuery }: { picker: DemoPickerView; attributionQuery: string }) {
  const { error, defaultValue, validate } = useField(demoSlotField, { formId: demoRequestFormId });
  const Calendar = useLoadedWhenNear("#demo", loadCalendarPicker);
  const selected = typeof defaultValue === "string" ? defaultValue : undefined;
  return Calendar ? (
    <Calendar
      parts={slotPickerParts}
      view={picker}
      selected={selected}
      error={error}
      onChoice={() => void validate()}
      attributionQuery={attributionQuery}
    />
  ) : (
    <SlotPicker view={picker} selected={selected} error={error} attributionQuery={attributionQuery} />
  );
}

type DemoFieldsProps = {
  brandName: string;
  picker: DemoPickerView;
  /** The visit's attribution as a query to append to a checkout link ("" for none). */
  attributionQuery: string;
};

export function DemoFields({ brandName, picker, attributionQuery }: DemoFieldsProps) {
  return (
    <>
      {/* The form's default button (what Enter in a field presses) must be the submit, not the first day tab. */}
      <button type="submit" hidden tabIndex={-1} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First Name" autoComplete="given-name" />
        <TextField name="lastName" label="Last Name" autoComplete="family-name" />
      </div>
      <TextField name="email" label="Business Email" type="email" autoComplete="email" />
      <TextField name="phone" label="Phone Number" type="tel" autoComplete="tel" />
      <TextField name="company" label="Company Name" autoComplete="organization" />
      <DealVolumeField />
      <TradeField />
      <ChallengesField />
      <TimeField picker={picker} attributionQuery={attributionQuery} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="demo-gw-trap">Leave this field empty</label>
        <input
          id="demo-gw-trap"
          type="text"
          name={demoHoneypotField}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <SubmitButton />
      <p className="text-xs text-slate-500">
        {demoConsentLead(brandName)} See our{" "}
        {/* A new tab, so reading the policy never loses what the visitor typed. */}
        <ExternalLink
          href={legalLinks.privacy.href}
          className="font-medium text-slate-700 underline hover:text-slate-900"
        >
          {legalLinks.privacy.label}
        </ExternalLink>
        .
      </p>
    </>
  );
}
