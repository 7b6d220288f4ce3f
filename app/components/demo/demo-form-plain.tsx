// Plain POST form the browser submits itself until the enhanced form takes over; the action's answer comes as props.
import { DemoFields, type UseDemoField } from "./demo-fields";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { attributionFieldNames } from "~/schemas/attribution-fields";
import { browserAttributionSlotId } from "~/schemas/demo-form-ids";
import { consentVersionField } from "~/content/consent";

export type PlainDemoFormProps = {
  formId: string;
  action: string;
  brandName: string;
  picker: DemoPickerView;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, unknown>;
  attribution?: Record<string, string>;
  consentVersion: string;
};

/** Sent-back values win: after a refusal the Referer is this site, no longer the outside one. */
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
  consentVersion,
}: PlainDemoFormProps) {
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
    <form id={formId} method="post" action={action} className="mt-6 space-y-4">
      <input type="hidden" name="__rvfInternalFormId" value={formId} />
      <input type="hidden" name="intent" value="demo-request" />
      <input type="hidden" name={consentVersionField} value={consentVersion} />
      {/* A retry keeps its id (see demo-section.tsx). */}
      {typeof submissionId === "string" && submissionId ? (
        <input type="hidden" name="submissionId" value={submissionId} />
      ) : null}
      {hiddenAttribution(values, attribution).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Filled by the inline script before hydration; hydration must leave its contents alone. */}
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
