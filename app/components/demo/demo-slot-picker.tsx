// Server-rendered picker: without JS, day tabs and "Show times" submit the demo form itself (the action re-renders
// it with typed values kept), so nothing the visitor typed ends up in a URL.
import type { MouseEvent } from "react";
import { Link, useFormAction, useSubmit } from "@remix-run/react";
import { getPlan } from "~/content/plans";
import { useHydrated } from "~/utils/use-hydrated";
import {
  demoDayField,
  demoRoutingFields,
  demoShownDayField,
  demoShowTimesField,
  demoSlotField,
  demoTimeZoneField,
  noSlotLabel,
  requestOnlyNote,
  slotTakenMessage,
  type DemoPickerView,
} from "~/schemas/demo-request-fields";

type SlotPickerProps = {
  view: DemoPickerView;
  /** The choice to show as made: a slot start, "" for "none", undefined for no choice yet. */
  selected?: string;
  error?: string;
  onChoice?: () => void;
  /** Appended to the self-serve offer's checkout link: the visit's attribution, or "". */
  attributionQuery?: string;
};

const pickerErrorId = "demo-slotStart-error";

// Component classes (app/tailwind.css), kept short because the server repeats them on every chip.
const chipClass = "slot-chip";

const dayTabClass = "day-tab";

// Fixed height so both pickers take the same room and nothing below moves when times arrive.
const timesGridClass = "mt-3 grid h-60 grid-cols-2 content-start gap-2 overflow-y-auto p-px sm:grid-cols-3";

/** The explicit request-only choice (controlled when `checked` is given); no choice at all means the same. ADR 23. */
function NoSlotChoice({
  selected,
  checked,
  onChoice,
}: Pick<SlotPickerProps, "selected" | "onChoice"> & { checked?: boolean }) {
  return (
    <label className={`${chipClass} mt-3`}>
      <input
        type="radio"
        name={demoSlotField}
        value=""
        {...(checked === undefined ? { defaultChecked: selected === "" } : { checked })}
        onChange={onChoice}
      />
      {noSlotLabel}
    </label>
  );
}

/** A fieldset's legend must be its first child. */
function PickerLegend({ zoneName, legend = "Pick a time (optional)" }: { zoneName: string; legend?: string }) {
  return (
    <>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="mt-1 text-sm text-slate-600">{`Times are shown in ${zoneName}.`}</p>
    </>
  );
}

function PickerError({ error }: { error?: string }) {
  return error ? (
    <p id={pickerErrorId} className="mt-2 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** ADR 0057: no times for these answers; the visitor learns what happens next, not why. */
function RequestOnlyNote() {
  return (
    <p id="demo-request-only" className="mt-3 text-sm text-slate-700">
      {requestOnlyNote}
    </p>
  );
}

/**
 * ADR 0057: the self-serve path, beside the times and never instead of them. The checkout dialog lives in the URL,
 * as the pricing section opens it: through the router with JavaScript, a plain link without.
 */
function SelfServeOffer({ planId, attributionQuery = "" }: { planId?: string; attributionQuery?: string }) {
  const plan = planId ? getPlan(planId) : undefined;
  if (!plan) return null;
  return (
    <p id="demo-self-serve" className="mt-3 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-700">
      Rather get started on your own today?{" "}
      <Link
        to={`/?checkout=info&plan=${plan.id}${attributionQuery}`}
        preventScrollReset
        className="font-semibold text-brand-700 underline hover:text-brand-800"
      >
        {`Start with ${plan.name}`}
      </Link>
      , or pick a time below and we will show you around first.
    </p>
  );
}

export const slotPickerParts = {
  chipClass,
  dayTabClass,
  timesGridClass,
  NoSlotChoice,
  PickerError,
  PickerLegend,
  RequestOnlyNote,
  SelfServeOffer,
  pickerErrorId,
  slotField: demoSlotField,
  routingFields: demoRoutingFields,
  timeZoneField: demoTimeZoneField,
  slotTakenMessage,
};

/** `parts` are passed in so the calendar picker's chunk does not bundle them again. */
export type CalendarPickerProps = SlotPickerProps & { parts: typeof slotPickerParts };

export function SlotPicker({
  view,
  selected,
  error,
  withNoSlotChoice = true,
  legend,
  attributionQuery,
}: SlotPickerProps & { withNoSlotChoice?: boolean; legend?: string }) {
  const pageAction = useFormAction();
  const action = `${pageAction}#demo-booking`;
  const submit = useSubmit();
  // Hydrated before the calendar arrives, the form would check every field before showing a day: the button posts
  // the form itself, through Remix, as the browser would.
  const postItself = useHydrated()
    ? (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        submit(event.currentTarget, { action: pageAction, preventScrollReset: true });
      }
    : undefined;
  const shownDay = view.days.find((day) => day.date === view.day);
  return (
    <fieldset id="demo-slot" aria-describedby={error ? pickerErrorId : undefined} className="min-w-0">
      <PickerLegend zoneName={view.timeZoneName} legend={legend} />
      <input type="hidden" name={demoShownDayField} value={view.day ?? ""} />
      <SelfServeOffer planId={view.selfServePlan} attributionQuery={attributionQuery} />
      {view.requestOnly ? (
        <RequestOnlyNote />
      ) : view.days.length > 0 ? (
        <>
          <div role="group" aria-label="Days" className="mt-3 flex gap-2 overflow-x-auto pb-1">
            {view.days.map((day) => (
              <button
                key={day.date}
                type="submit"
                name={demoDayField}
                value={day.date}
                formNoValidate
                formAction={action}
                onClick={postItself}
                aria-pressed={day.date === view.day}
                className={dayTabClass}
              >
                {/* One text node: the weekday is the tab's first line (.day-tab), no element of its own. */}
                {`${day.weekday}\n${day.label}`}
              </button>
            ))}
          </div>
          <div
            role="group"
            aria-label={shownDay ? `Times on ${shownDay.longLabel}` : "Times"}
            className={timesGridClass}
          >
            {view.times.map((time) => (
              <label key={time.start} className={chipClass}>
                <input type="radio" name={demoSlotField} value={time.start} defaultChecked={selected === time.start} />
                {time.label}
              </label>
            ))}
          </div>
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          {view.unavailable
            ? "The free times cannot be shown right now; choose the option below and we will contact you."
            : "No times are free in the next days."}
        </p>
      )}
      {view.requestOnly || !withNoSlotChoice ? null : <NoSlotChoice selected={selected} />}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="demo-timeZone" className="block text-xs font-medium text-slate-700">
            Time zone
          </label>
          <select
            id="demo-timeZone"
            name={demoTimeZoneField}
            defaultValue={view.timeZone}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
          >
            {view.timeZones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name={demoShowTimesField}
          value="1"
          formNoValidate
          formAction={action}
          onClick={postItself}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Show times
        </button>
      </div>
      <PickerError error={error} />
    </fieldset>
  );
}
