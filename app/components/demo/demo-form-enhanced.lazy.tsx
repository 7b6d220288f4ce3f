// The demo form with remix-validated-form: the shared schema's messages under each field as the visitor goes,
// a pending state, and no full page reload. Loaded (only through import(), as every `.lazy` module) when the visitor
// heads for the form (see demo-section.tsx), so the library is not part of the landing page's first load. It
// imports only the library: the fields, ids and validator come from the section, so nothing the first load already
// has is bundled twice.
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useField, useIsSubmitting, ValidatedForm, type Validator } from "remix-validated-form";
import type { DemoRequestData } from "~/schemas/demo-request";

/** What the visitor had done in the form the page hydrated with, carried over so the switch loses nothing. */
export type DemoFormHandover = {
  values: Record<string, string>;
  focus?: { name: string; selectionStart: number | null; selectionEnd: number | null };
};

export type EnhancedDemoFormProps = {
  formId: string;
  validator: Validator<DemoRequestData>;
  /** Starts fetching the schema as soon as the visitor heads for the form, before the first check needs it. */
  warmValidator: () => void;
  /** Hidden fields, posted as they are. */
  hidden: Record<string, string>;
  handover: DemoFormHandover;
  /** The visible fields, given this form's field binding and pending state. */
  renderFields: (binding: {
    useField: (name: string) => ReturnType<typeof useField>;
    useSubmitting: () => boolean;
  }) => ReactNode;
};

export function EnhancedDemoForm({
  formId,
  validator,
  warmValidator,
  hidden,
  handover,
  renderFields,
}: EnhancedDemoFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // The handover as it was at the switch: later renders must not move the visitor's focus.
  const [handoverAtSwitch] = useState(handover);

  useLayoutEffect(() => {
    const { focus } = handoverAtSwitch;
    if (!focus) return;
    const restore = () => {
      const control = formRef.current?.elements.namedItem(focus.name);
      if (!(
        control instanceof HTMLInputElement ||
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement
      ))
        return;
      control.focus();
      if (control instanceof HTMLSelectElement || focus.selectionStart === null) return;
      // Setting the value marks the field as edited (as the visitor's typing had), so that when the library sets
      // its default value again the browser leaves the value, and the caret, alone.
      control.value = handoverAtSwitch.values[focus.name] ?? control.value;
      try {
        control.setSelectionRange(focus.selectionStart, focus.selectionEnd);
      } catch {
        // type="email" and friends have no selection API; focus alone is what matters there.
      }
    };
    restore();
  }, [handoverAtSwitch]);

  return (
    <ValidatedForm
      formRef={formRef}
      id={formId}
      validator={validator}
      defaultValues={handover.values}
      onFocus={warmValidator}
      onPointerEnter={warmValidator}
      method="post"
      preventScrollReset
      // The schema's messages under each field replace the browser's bubbles.
      noValidate
      className="mt-6 space-y-4"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {renderFields({
        useField: (name) => useField(name, { formId }),
        useSubmitting: () => useIsSubmitting(formId),
      })}
    </ValidatedForm>
  );
}
