import { steps } from "~/content/steps";
import { SectionHeading } from "./section-heading";

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
        {/* Each step's number is its item's ::before (.step-number): a counter, no element of its own. */}
        <ol className="mt-12 grid gap-6 [counter-reset:step] md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="step-number flex flex-col rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="mt-4 text-lg font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.description}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {step.points.map((point) => (
                  <li key={point} className="check-item flex gap-2">
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
