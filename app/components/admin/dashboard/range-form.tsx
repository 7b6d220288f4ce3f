import { dashboardPresets } from "~/schemas/dashboard-range";
import type { DashboardRange, DashboardRangeForm } from "~/schemas/dashboard-views";

const input =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/** Preset links and a plain GET form for a custom range: both work without JavaScript. */
export function RangeForm({ range, form }: { range: DashboardRange; form: DashboardRangeForm }) {
  const invalid = form.errors.length > 0;
  return (
    <div className="mt-4 flex flex-wrap items-end gap-6">
      <nav aria-label="Date range presets">
        <ul className="flex gap-2">
          {dashboardPresets.map((days) => {
            const current = !invalid && range.preset === days;
            return (
              <li key={days}>
                <a
                  href={`/admin?range=${days}#dashboard`}
                  aria-current={current ? "page" : undefined}
                  className={
                    current
                      ? "block rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white"
                      : "block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
                  }
                >
                  Last {days} days
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <form
        method="get"
        action="/admin#dashboard"
        className="flex flex-wrap items-end gap-2"
        aria-label="Custom date range"
      >
        <div>
          <label htmlFor="dashboard-from" className="block text-xs font-medium text-slate-700">
            From
          </label>
          <input
            id="dashboard-from"
            name="from"
            type="date"
            required
            defaultValue={form.from}
            key={`from-${form.from}`}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "dashboard-range-error" : undefined}
            className={input}
          />
        </div>
        <div>
          <label htmlFor="dashboard-to" className="block text-xs font-medium text-slate-700">
            To
          </label>
          <input
            id="dashboard-to"
            name="to"
            type="date"
            required
            defaultValue={form.to}
            key={`to-${form.to}`}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "dashboard-range-error" : undefined}
            className={input}
          />
        </div>
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          Show range
        </button>
      </form>
      {invalid ? (
        <div
          id="dashboard-range-error"
          role="alert"
          className="w-full rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">That range could not be shown; the last 30 days are shown instead.</p>
          <ul className="mt-1 list-disc pl-5">
            {form.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
