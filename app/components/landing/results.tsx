import { resultsHeading, resultStats } from "~/content/results";

export function Results() {
  return (
    <section aria-labelledby="results-title" className="scroll-mt-20 bg-brand-900 py-16 text-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="results-title" className="text-center text-2xl font-bold sm:text-3xl">
          {resultsHeading}
        </h2>
        <dl className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {resultStats.map((stat) => (
            <div key={stat.value} className="flex flex-col-reverse text-center">
              <dt className="mt-2 text-sm leading-snug text-brand-50">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
