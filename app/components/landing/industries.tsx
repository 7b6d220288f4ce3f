import { industries } from "~/content/industries";
import { SectionHeading } from "./section-heading";

export function Industries() {
  return (
    <section aria-labelledby="industries-title" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="industries-title"
          eyebrow="Industries"
          title="Built for the trades that keep homes and properties running"
          lead="Snapshot templates for twelve industries give you pipelines, messages and checklists that already speak your language."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {industries.map((industry) => (
            <li key={industry.name} className="rounded-xl border-l-4 border-brand-700 bg-slate-50 p-4">
              <h3 className="font-semibold text-slate-900">{industry.name}</h3>
              <p className="mt-1 text-sm text-slate-600">{industry.example}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
