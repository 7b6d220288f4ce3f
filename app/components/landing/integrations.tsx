import { integrations, integrationStats } from "~/content/results";
import { SectionHeading } from "./section-heading";

export function Integrations() {
  return (
    <section id="integrations" aria-labelledby="integrations-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="integrations-title"
          eyebrow="Integrations"
          title="Works with the tools your business already runs on"
          lead="Sync invoices to your accounting, pull in leads from every marketplace and keep crews' calendars current — with 500+ ways to connect and 5,000+ apps through Zapier."
        />
        <dl className="mx-auto mt-10 grid max-w-2xl grid-cols-2 gap-6">
          {integrationStats.map((stat) => (
            <div key={stat.value} className="flex flex-col-reverse rounded-2xl bg-white p-6 text-center shadow-sm">
              <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-700 sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-10 flex flex-wrap justify-center gap-3" aria-label="Popular integrations">
          {integrations.map((name) => (
            <li
              key={name}
              className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-800"
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
