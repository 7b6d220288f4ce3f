// Fields shared by the server's form and the enhanced one, so both render the same markup; each passes its own
// field/submitting hooks (called unconditionally below, as hooks must be).
import type { ComponentType, ReactNode } from "react";
import { ExternalLink } from "~/components/landing/external-link";
import { legalLinks } from "~/content/legal-links";
import { demoConsentLead } from "~/content/consent";
import { dealVolumes, demoHoneypotField, demoSlotField, type DemoPickerView } from "~/schemas/demo-request-fields";
import { SlotPicker, slotPickerParts, type SlotPickerProps } from "./demo-slot-picker";

type InputProps = Record<string, unknown>;

/** `defaultValue` and `validate` serve the time picker, which renders its own radios. */
export type UseDemoField = (name: string) => {
  error?: string;
  getInputProps: (props: InputProps) => InputProps;
  defaultValue?: unknown;
  validate?: () => unknown;
};

/** `Picker` is the calendar picker once its code is loaded; until then the server's one. */
export type DemoPickerSlot = { view: DemoPickerView; action: string; Picker?: ComponentType<SlotPickerProps> };

// Component class (app/tailwind.css).
const inputClass = "field-input";

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

function useBoundField(useField: UseDemoField, name: string) {
  const { error, getInputProps } = useField(name);
  const a11y = {
    id: `demo-${name}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `demo-${name}-error` : undefined,
  };
  return { error, getInputProps, a11y };
}

type FieldProps = { useField: UseDemoField };

function TextField({
  useField,
  name,
  label,
  type = "text",
  autoComplete,
}: FieldProps & { name: string; label: string; type?: string; autoComplete: string }) {
  const { error, getInputProps, a11y } = useBoundField(useField, name);
  return (
    <FieldShell name={name} label={label} required error={error}>
      <input {...getInputProps({ ...a11y, type, autoComplete, required: true, className: inputClass })} />
    </FieldShell>
  );
}

function DealVolumeField({ useField }: FieldProps) {
  const { error, getInputProps, a11y } = useBoundField(useField, "dealVolume");
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

function ChallengesField({ useField }: FieldProps) {
  const { error, getInputProps, a11y } = useBoundField(useField, "challenges");
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

function SubmitButton({ submitting }: { submitting: boolean }) {
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

function TimeField({ useField, picker }: FieldProps & { picker: DemoPickerSlot }) {
  const { error, defaultValue, validate } = useField(demoSlotField);
  const Picker = picker.Picker ?? SlotPicker;
  return (
    <Picker
      parts={slotPickerParts}
      view={picker.view}
      action={picker.action}
      selected={typeof defaultValue === "string" ? defaultValue : undefined}
      error={error}
      onChoice={validate ? () => void validate() : undefined}
    />
  );
}

export function DemoFields({
  useField,
  useSubmitting,
  brandName,
  picker,
}: FieldProps & { useSubmitting: () => boolean; brandName: string; picker: DemoPickerSlot }) {
  const submitting = useSubmitting();
  return (
    <>
      {/* The form's default button (what Enter in a field presses) must be the submit, not the first day tab. */}
      <button type="submit" hidden tabIndex={-1} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField useField={useField} name="firstName" label="First Name" autoComplete="given-name" />
        <TextField useField={useField} name="lastName" label="Last Name" autoComplete="family-name" />
      </div>
      <TextField useField={useField} name="email" label="Business Email" type="email" autoComplete="email" />
      <TextField useField={useField} name="phone" label="Phone Number" type="tel" autoComplete="tel" />
      <TextField useField={useField} name="company" label="Company Name" autoComplete="organization" />
      <DealVolumeField useField={useField} />
      <ChallengesField useField={useField} />
      <TimeField useField={useField} picker={picker} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="demo-website">Leave this field empty</label>
        <input
          id="demo-website"
          type="text"
          name={demoHoneypotField}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <SubmitButton submitting={submitting} />
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
