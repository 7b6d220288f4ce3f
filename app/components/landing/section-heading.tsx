import type { ReactNode } from "react";

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl text-slate-900">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{lead}</p>
    </div>
  );
}
