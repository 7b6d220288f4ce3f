import { steps } from "~/content/steps";
import { SectionHeading } from "./section-heading";
import { CheckIcon } from "./icons";

export function Steps() {
  return (
    <section aria-labelledby="steps-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="steps-title"
          eyebrow="How it works"
          title="From first call to five-star review in four steps"
          lead="Every stage of the job is connected, so nothing falls through the cracks between the office and the field."
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.description}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {step.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
