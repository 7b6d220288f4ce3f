import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

export const inputClasses =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

export const primaryButton =
  "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
export const secondaryButton =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
export const dangerButton =
  "rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-700 focus:ring-offset-2";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(" ") : undefined;
}

/** Links to each field (its id is `${idPrefix}-${field}`), since without JS the refused page opens at the top. */
export function ErrorSummary<Field extends string>({
  idPrefix,
  fields,
  errors,
}: {
  idPrefix: string;
  fields: readonly Field[];
  errors: Partial<Record<Field, string>>;
}) {
  const items = fields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: `${idPrefix}-${field}`, message }] : [];
  });
  if (items.length === 0) return null;
  const id = `${idPrefix}-problems`;
  return (
    <div role="alert" aria-labelledby={id} className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm">
      <p id={id} className="font-semibold text-red-800">
        {items.length === 1 ? "One thing to fix" : `${items.length} things to fix`}
      </p>
      <ul className="mt-1 list-disc pl-5 text-red-800">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} className="underline">
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> &
  SelectHTMLAttributes<HTMLSelectElement> & {
    id: string;
    label: ReactNode;
    error: string | undefined;
    hintId?: string;
    /** Spans both columns of a two-column grid. */
    wide?: boolean;
  };

/** A labelled input, or a select when given options as children, with its error above it. */
export function Field({ id, label, error, hintId, wide, className = inputClasses, children, ...control }: FieldProps) {
  const errorId = `${id}-error`;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(error && errorId, hintId) };
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <FieldError id={errorId} message={error} />
      {children ? (
        <select id={id} {...control} {...aria} className={className}>
          {children}
        </select>
      ) : (
        <input id={id} {...control} {...aria} className={className} />
      )}
    </div>
  );
}

/** Two date fields, the first day and the last (`fields` names them in that order), both explained by `hintId`. */
export function DayRangeFields<Name extends string>({
  idPrefix,
  fields,
  hintId,
  values,
  errors,
}: {
  idPrefix: string;
  fields: readonly [Name, Name];
  hintId: string;
  values: Partial<Record<Name, string>>;
  errors: Partial<Record<Name, string>>;
}) {
  return fields.map((field, index) => (
    <Field
      key={field}
      id={`${idPrefix}-${field}`}
      label={index === 0 ? "First day" : "Last day"}
      error={errors[field]}
      hintId={hintId}
      name={field}
      type="date"
      required
      defaultValue={values[field] ?? ""}
    />
  ));
}

/** The "Active" checkbox (posted as `active=on` when ticked), with what it means below it. */
export function ActiveCheckbox({ id, checked, hint }: { id: string; checked: boolean; hint: string }) {
  const hintId = `${id}-hint`;
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name="active"
          type="checkbox"
          value="on"
          defaultChecked={checked}
          aria-describedby={hintId}
          className="h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Active
        </label>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}
