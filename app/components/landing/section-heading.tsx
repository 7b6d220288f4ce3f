import type { ReactNode } from "react";

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  inverse?: boolean;
};

export function SectionHeading({ id, eyebrow, title, lead, inverse = false }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {eyebrow ? (
        <p className={`text-sm font-semibold uppercase tracking-wide ${inverse ? "text-brand-100" : "text-brand-700"}`}>
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${inverse ? "text-white" : "text-slate-900"}`}
      >
        {title}
      </h2>
      {lead ? (
        <p className={`mt-4 text-lg leading-relaxed ${inverse ? "text-slate-200" : "text-slate-700"}`}>{lead}</p>
      ) : null}
    </div>
  );
}
