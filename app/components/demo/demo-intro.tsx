const learnItems = [
  {
    title: "Complete Platform Walkthrough",
    text: "See how a lead becomes a booked job, an invoice and a five-star review without leaving one system.",
  },
  {
    title: "Custom Workflow Demo",
    text: "We build one of your real workflows live: estimate follow-ups, crew dispatch or maintenance reminders.",
  },
  {
    title: "ROI Calculator Session",
    text: "Plug in your job volume and average ticket to see what faster follow-up and fewer no-shows are worth.",
  },
  {
    title: "Implementation Roadmap",
    text: "Leave with a step-by-step plan for moving your contacts, pipelines and templates over in days.",
  },
];

export function DemoIntro({ brandName }: { brandName: string }) {
  return (
    <div>
      <h2 id="demo-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        See {brandName} in Action
      </h2>
      <p className="mt-4 text-lg text-slate-700">
        Book a personalized demo and see how contractors and property service teams run their whole business from one
        place.
      </p>
      <h3 className="mt-8 text-lg font-semibold text-slate-900">What you&apos;ll learn</h3>
      <ul className="mt-4 space-y-4">
        {learnItems.map((item) => (
          <li key={item.title} className="check-item grid grid-cols-[auto_1fr] gap-x-3 before:row-span-2">
            <p className="font-semibold text-slate-900">{item.title}</p>
            <p className="text-sm text-slate-700">{item.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 rounded-md border border-brand-100 bg-white px-4 py-3 text-sm font-medium text-brand-900">
        15-minute demo, no sales pressure, instant access to trial
      </p>
    </div>
  );
}
