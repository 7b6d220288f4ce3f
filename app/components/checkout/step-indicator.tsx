const steps = ["Your Info", "Choose Plan", "Payment"] as const;

export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-label="Checkout progress">
      {steps.map((label, index) => {
        const number = index + 1;
        const state = number < current ? "done" : number === current ? "current" : "upcoming";
        return (
          <li key={label} className="flex items-center gap-2" aria-current={state === "current" ? "step" : undefined}>
            <span
              aria-hidden="true"
              className={`inline-flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${
                state === "upcoming" ? "bg-slate-100 text-slate-600" : "bg-brand-700 text-white"
              }`}
            >
              {number}
            </span>
            <span className={state === "current" ? "font-semibold text-slate-900" : "text-slate-600"}>
              <span className="sr-only">Step {number}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
