import { heroCopy } from "~/content/hero";
import { buttonClass } from "~/components/ui/button";
import { ArrowRightIcon } from "./section-icons";

const proofPoints = ["Live in under 2 hours", "No long-term contract", "24/7 live chat and email support"];

export function Hero({ attributionQuery = "" }: { attributionQuery?: string }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:items-center lg:px-8 lg:pb-24 lg:pt-20">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
            {heroCopy.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {heroCopy.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">{heroCopy.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#demo-booking" className={buttonClass("primary", "lg")}>
              Book a Demo
              <ArrowRightIcon className="h-5 w-5" />
            </a>
            <a href={`/?checkout=info${attributionQuery}`} className={buttonClass("secondary", "lg")}>
              Get Started
            </a>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {proofPoints.map((point) => (
              <li key={point} className="check-item flex items-center gap-2">
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** Text-based, so no image request and no layout shift. */
function HeroPreview() {
  const rows = [
    { who: "Sarah K. · Roof inspection", when: "Web form · 38 sec ago", status: "Texted back" },
    { who: "Mike R. · AC not cooling", when: "Missed call · 2 min ago", status: "Booked Thu 10 AM" },
    { who: "Oakridge HOA · Gutter bid", when: "Email · 14 min ago", status: "Estimate sent" },
  ];
  return (
    <div aria-hidden="true" className="hidden rounded-2xl border border-slate-200 bg-white p-5 shadow-xl lg:block">
      <div className="flex items-center justify-between border-b border-slate-100 pb-4">
        <p className="text-sm font-semibold text-slate-900">New leads today</p>
        <p className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">+12 this week</p>
      </div>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={row.who} className="grid grid-cols-[1fr_auto] items-center gap-x-4 py-4">
            <p className="text-sm font-semibold text-slate-900">{row.who}</p>
            <p className="row-span-2 whitespace-nowrap rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800">
              {row.status}
            </p>
            <p className="text-xs text-slate-600">{row.when}</p>
          </li>
        ))}
      </ul>
      <div className="mt-2 grid grid-flow-col grid-cols-3 grid-rows-2 gap-x-3 border-t border-slate-100 pt-4 text-center">
        <p className="text-xl font-bold text-slate-900">47s</p>
        <p className="text-xs text-slate-600">avg. response</p>
        <p className="text-xl font-bold text-slate-900">31</p>
        <p className="text-xs text-slate-600">jobs scheduled</p>
        <p className="text-xl font-bold text-slate-900">$84k</p>
        <p className="text-xs text-slate-600">in pipeline</p>
      </div>
    </div>
  );
}
