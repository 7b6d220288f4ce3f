// The demo form with remix-validated-form: the shared schema's messages under each field as the visitor goes,
// a pending state, and no full page reload. Loaded (only through import(), as every `.lazy` module) when the visitor
// heads for the form (see demo-section.tsx), so the library is not part of the landing page's first load. It takes
// over from the server's form (demo-form-plain.tsx) and keeps what the visitor did there. The fields,
// the validator and the hidden values come from the section (the validator's loader shares the first load's code).
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

/** Reads what the visitor typed and where their focus is, just before this form takes over. */
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

/**
 * The controls of the server's form that the visitor changed: they still hold the state the server rendered as
 * their defaults. Read once this form is in its place, because the handover's values are not enough: the library
 * gives its fields their default values only from its second render on (an uncontrolled select and the calendar
 * picker's choice keep what they mounted with), and a change made after the handover was read (in the render that
 * replaces the server's form) and before React swapped the forms is only in the server's form, now out of the
 * document.
 */
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

/**
 * 128 random bits as 32 hex digits: the form's submission id. Not crypto.randomUUID, which needs a secure context;
 * not base64url, whose ids may start with "-", which the admin's CSV export neutralizes as a formula ("'-…").
 */
function newSubmissionId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type EnhancedDemoFormProps = {
  formId: string;
  validator: Validator<DemoRequestData>;
  /** Starts fetching the schema as soon as the visitor heads for the form, before the first check needs it. */
  warmValidator: () => void;
  /**
   * After a refused or failed submit the retry keeps the same submission id: if the first attempt was committed
   * after all (e.g. a timeout), the retry finds that row instead of storing a second one.
   */
  retriedSubmissionId?: string;
  /** Hidden fields, posted as they are. */
  hidden: Record<string, string>;
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
  retriedSubmissionId,
  hidden,
  renderFields,
}: EnhancedDemoFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // The form's submission id, minted in the browser: the page is the same bytes for every visitor (ADR 0019), so it
  // cannot carry one. A double submit sends the same id and stores one row; a new form (after "Request another
  // demo") is a new mount with a new id. The server's form has none, and the server stores what it posts once per
  // lead by its details.
  const [mintedSubmissionId] = useState(newSubmissionId);
  // Read in the render that replaces the server's form, while it is still in the document: reading it when the
  // code arrived lost whatever the visitor typed between that moment and the swap. Kept as it was at the switch:
  // later renders must not move the visitor's focus.
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
