// Loaded only through import() when the visitor heads for the form (demo-section.tsx), so remix-validated-form stays
// out of the first load; it takes over from the server's form (demo-form-plain.tsx) and keeps what was done there.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useField, useIsSubmitting, ValidatedForm, type Validator } from "remix-validated-form";
import type { DemoRequestData } from "~/schemas/demo-request";
import { withBrowserAttribution } from "~/utils/browser-attribution";

/** What the visitor had done in the server's form, carried over so the switch loses nothing. */
type DemoFormHandover = {
  values: Record<string, string>;
  focus?: { name: string; selectionStart: number | null; selectionEnd: number | null };
  /** The server's form itself, read again once this form is in its place (see changedByVisitor). */
  form?: HTMLFormElement;
};

function valuesOf(form: HTMLFormElement) {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

function takeHandover(formId: string): DemoFormHandover {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return { values: {} };
  const values = valuesOf(form);
  const active = document.activeElement;
  const inForm =
    (active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement) &&
    form.contains(active);
  if (!inForm || !active.name) return { values, form };
  const selection = active instanceof HTMLSelectElement ? null : active.selectionStart;
  return {
    values,
    form,
    focus: {
      name: active.name,
      selectionStart: selection ?? null,
      selectionEnd: active instanceof HTMLSelectElement ? null : active.selectionEnd,
    },
  };
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

// Read once this form is in place: the library applies default values only from its second render, and a change
// made between the handover and React's swap exists only in the server's form.
function changedByVisitor(serverForm: HTMLFormElement): Control[] {
  return Array.from(serverForm.elements).filter((element): element is Control => {
    if (element instanceof HTMLSelectElement) {
      const initial = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
      return element.value !== initial?.value;
    }
    if (element instanceof HTMLInputElement && element.type === "radio")
      return element.checked && !element.defaultChecked;
    return (
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      element.type !== "hidden" &&
      element.value !== element.defaultValue
    );
  });
}

/** The fields' changed values, applied as the visitor would have (the calendar picker's time zone is its state). */
function applyValues(form: HTMLFormElement, changed: Control[]) {
  for (const original of changed) {
    const control = form.elements.namedItem(original.name);
    if (control instanceof HTMLSelectElement) {
      // The calendar picker offers its own list of zones.
      if (!Array.from(control.options).some((option) => option.value === original.value)) continue;
      control.value = original.value;
      control.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      if (control.type !== "radio") control.value = original.value;
    }
  }
}

/** The changed choices of time, clicked as the visitor did (the calendar picker's choice is its state). */
function applyChoices(form: HTMLFormElement, changed: Control[]) {
  for (const original of changed) {
    if (original.type !== "radio") continue;
    const control = form.elements.namedItem(original.name);
    const radios = control instanceof RadioNodeList ? Array.from(control) : [control];
    const choice = radios.find(
      (radio): radio is HTMLInputElement => radio instanceof HTMLInputElement && radio.value === original.value,
    );
    if (choice && !choice.checked) choice.click();
  }
}

// Not crypto.randomUUID, which needs a secure context; not base64url, whose leading "-" the admin's CSV export
// neutralizes as a formula.
function newSubmissionId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type EnhancedDemoFormProps = {
  formId: string;
  validator: Validator<DemoRequestData>;
  warmValidator: () => void;
  /** Kept across a failed submit: if the first attempt was committed after all, the retry finds that row. */
  retriedSubmissionId?: string;
  hidden: Record<string, string>;
  renderFields: (binding: {
    useField: (name: string) => ReturnType<typeof useField>;
    useSubmitting: () => boolean;
  }) => ReactNode;
};

export function EnhancedDemoForm({
  formId,
  validator,
  warmValidator,
  retriedSubmissionId,
  hidden,
  renderFields,
}: EnhancedDemoFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // Minted in the browser: the page is the same bytes for every visitor (ADR 0019). A double submit sends the same
  // id, so one row is stored.
  const [mintedSubmissionId] = useState(newSubmissionId);
  // Read in the render that replaces the server's form, so nothing typed before the swap is lost; never re-read, so
  // later renders do not move the visitor's focus.
  const [handover] = useState(() => takeHandover(formId));

  // What the visitor changed in the server's form, read once it is out of the document.
  const [changed, setChanged] = useState<Control[]>([]);
  useLayoutEffect(() => {
    const { focus, form: serverForm } = handover;
    if (serverForm && formRef.current) {
      const changedNow = changedByVisitor(serverForm);
      applyValues(formRef.current, changedNow);
      setChanged(changedNow);
    }
    if (!focus) return;
    // As the server's form holds it now (see changedByVisitor).
    const values = serverForm ? valuesOf(serverForm) : handover.values;
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
      control.value = values[focus.name] ?? control.value;
      try {
        control.setSelectionRange(focus.selectionStart, focus.selectionEnd);
      } catch {
        // type="email" and friends have no selection API; focus alone is what matters there.
      }
    };
    restore();
  }, [handover]);

  // A choice in the calendar picker re-checks the field through the library, whose store is made in the layout
  // effects of the commit that swapped the forms: clicked once the fields have rendered with it.
  useEffect(() => {
    if (formRef.current) applyChoices(formRef.current, changed);
  }, [changed]);

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
      <input type="hidden" name="submissionId" value={retriedSubmissionId ?? mintedSubmissionId} />
      {Object.entries(withBrowserAttribution(hidden)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {renderFields({
        useField: (name) => useField(name, { formId }),
        useSubmitting: () => useIsSubmitting(formId),
      })}
    </ValidatedForm>
  );
}
