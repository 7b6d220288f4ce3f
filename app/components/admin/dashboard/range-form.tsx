import { dashboardPresets, defaultDashboardPreset } from "~/schemas/dashboard-range";
import type { DashboardRange, DashboardRangeForm } from "~/schemas/dashboard-views";
import { dashboardRangeParams, hrefKeeping, KeptParams } from "~/components/admin/kept-params";

function DateField({ name, label, value, invalid }: { name: string; label: string; value: string; invalid: boolean }) {
  const id = `dashboard-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        required
        defaultValue={value}
        key={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? "dashboard-range-error" : undefined}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
      />
    </div>
  );
}

/** Links and a plain GET form, so it works without JS; both keep the rest of the page's query (`search`). */
export function RangeForm({
  range,
  form,
  search,
}: {
  range: DashboardRange;
  form: DashboardRangeForm;
  search: string;
}) {
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
                  href={`/admin${hrefKeeping(search, dashboardRangeParams, { range: String(days) }, "#dashboard")}`}
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
        <KeptParams search={search} dropped={dashboardRangeParams} />
        <DateField name="from" label="From" value={form.from} invalid={invalid} />
        <DateField name="to" label="To" value={form.to} invalid={invalid} />
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
          <p className="font-semibold">
            That range could not be shown; the last {defaultDashboardPreset} days are shown instead.
          </p>
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
