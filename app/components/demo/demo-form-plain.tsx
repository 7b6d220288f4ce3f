// The demo form as the server renders it: a plain POST form. Until the enhanced form takes it over
// (demo-section.tsx), and without JavaScript, the browser posts it itself; what the action answered comes in as props.
import { DemoFields, type UseDemoField } from "./demo-fields";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { attributionFieldNames } from "~/schemas/attribution-fields";
import { browserAttributionSlotId } from "~/schemas/demo-form-ids";

export type PlainDemoFormProps = {
  /** The form's id. */
  formId: string;
  /** The page action's URL (query kept). */
  action: string;
  brandName: string;
  picker: DemoPickerView;
  /** The action's answer to this form: its messages and the values sent (the retry's submission id among them). */
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, unknown>;
  /** The visit's attribution, sent along as hidden fields. */
  attribution?: Record<string, string>;
};

/** What the form sent back wins: after a refusal the page's own Referer is this site, no longer the outside one. */
function hiddenAttribution(values: Record<string, unknown> | undefined, attribution: Record<string, string> = {}) {
  return attributionFieldNames.flatMap((name) => {
    const value = values ? values[name] : attribution[name];
    return typeof value === "string" && value ? [[name, value] as const] : [];
  });
}

const notSubmitting = () => false;

export function PlainDemoForm({
  formId,
  action,
  brandName,
  picker,
  fieldErrors,
  values,
  attribution,
}: PlainDemoFormProps) {
  // Bound to what the server answered, as remix-validated-form shows it.
  const useField: UseDemoField = (name) => {
    const value = values?.[name];
    return {
      error: fieldErrors?.[name],
      defaultValue: value,
      getInputProps: (props) => ({ ...props, name, defaultValue: typeof value === "string" ? value : undefined }),
    };
  };
  const submissionId = values?.submissionId;
  return (
    // The browser's own checks (required, type=email) help.
    <form id={formId} method="post" action={action} className="mt-6 space-y-4">
      <input type="hidden" name="__rvfInternalFormId" value={formId} />
      <input type="hidden" name="intent" value="demo-request" />
      {/* A retry keeps its id (see demo-section.tsx); a first POST without JavaScript has none. */}
      {typeof submissionId === "string" && submissionId ? (
        <input type="hidden" name="submissionId" value={submissionId} />
      ) : null}
      {hiddenAttribution(values, attribution).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Filled by the page's inline script before hydration, which must leave what it put there alone. */}
      <div id={browserAttributionSlotId} hidden suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      <DemoFields
        useField={useField}
        useSubmitting={notSubmitting}
        brandName={brandName}
        picker={{ view: picker, action }}
      />
    </form>
  );
}
