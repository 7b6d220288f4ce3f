// Calendar picker in the visitor's time zone, loaded when the visitor heads for the form; until then the server's
// picker (demo-slot-picker.tsx) does the job.
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { demoTimeZones } from "~/content/demo-time-zones";
import {
  formatDayParts,
  formatLongDay,
  formatTime,
  groupByLocalDate,
  timeZoneOptionLabel,
  visitorTimeZone,
} from "~/utils/time/zoned-time";
import { timeZoneLabel } from "~/utils/time/time-zone-format";
// Types only: shared parts come in `parts`, so this chunk does not bundle them again.
import type { CalendarPickerProps } from "./demo-slot-picker";

function startsOf(body: unknown): string[] {
  const days = (body as { days?: unknown } | null)?.days;
  if (!Array.isArray(days)) return [];
  return days.flatMap((day: { slots?: unknown }) =>
    Array.isArray(day?.slots)
      ? day.slots
          .map((slot: unknown) => (typeof slot === "string" ? slot : (slot as { start?: unknown })?.start))
          .filter((start): start is string => typeof start === "string")
      : [],
  );
}

/** A time chosen in the server's picker, still in the document while the calendar's first render replaces it. */
function chosenInServerPicker(slotField: string) {
  const chosen = document.querySelector(`#demo-slot input[name="${slotField}"]:checked`);
  return chosen instanceof HTMLInputElement ? chosen.value : undefined;
}

/** `fresh` bypasses the HTTP cache, e.g. after a slot was taken. */
async function fetchFreeSlots(fresh = false): Promise<string[] | undefined> {
  try {
    const zone = visitorTimeZone() ?? "UTC";
    const response = await fetch(`/api/demo-slots?timeZone=${encodeURIComponent(zone)}`, {
      headers: { Accept: "application/json" },
      cache: fresh ? "no-store" : "default",
    });
    return response.ok ? startsOf(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}

let fetchedSlots: string[] | undefined;

/** Resolves once the free times are known, so the picker shows complete at once. */
export async function loadCalendarPicker() {
  fetchedSlots = await fetchFreeSlots();
  return CalendarPicker;
}

function CalendarPicker({ parts, view, selected, error, onChoice }: CalendarPickerProps) {
  const { chipClass, dayTabClass, timesGridClass, NoSlotChoice, PickerError, PickerLegend, pickerErrorId } = parts;
  const [starts, setStarts] = useState(fetchedSlots);
  const [zone, setZone] = useState(() => visitorTimeZone() ?? view.businessTimeZone);
  const [choice, setChoice] = useState(() => selected ?? chosenInServerPicker(parts.slotField));
  useEffect(() => {
    if (error !== parts.slotTakenMessage) return;
    setChoice(undefined);
    let active = true;
    void fetchFreeSlots(true).then((fresh) => active && fresh && setStarts(fresh));
    return () => {
      active = false;
    };
  }, [error, parts]);
  // Without the list (offline, an error): the times the server rendered, still pickable.
  const days = useMemo(
    () => groupByLocalDate(starts ?? view.times.map((time) => time.start), zone),
    [starts, view, zone],
  );
  const [activeDay, setActiveDay] = useState<string>();
  const chosenDay = choice ? days.find((day) => day.starts.includes(choice))?.date : undefined;
  const active = days.find((day) => day.date === activeDay)?.date ?? chosenDay ?? days[0]?.date;
  const zones = useMemo(() => {
    const labels = new Map(view.timeZones.map((option) => [option.value, option.label]));
    return [...new Set([zone, view.businessTimeZone, ...demoTimeZones])].map((value) => ({
      value,
      label: labels.get(value) ?? timeZoneOptionLabel(value),
    }));
  }, [view, zone]);

  const choose = (value: string) => {
    setChoice(value);
    onChoice?.();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = days.findIndex((day) => day.date === active);
    const next =
      event.key === "ArrowRight"
        ? Math.min(index + 1, days.length - 1)
        : event.key === "ArrowLeft"
          ? Math.max(index - 1, 0)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? days.length - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const date = days[next].date;
    setActiveDay(date);
    document.getElementById(`demo-day-${date}`)?.focus();
  };

  return (
    <fieldset id="demo-slot" aria-describedby={error ? pickerErrorId : undefined} className="min-w-0">
      <PickerLegend zoneName={timeZoneLabel(zone, new Date())} />
      {days.length > 0 ? (
        <>
          <div role="tablist" aria-label="Days" className="mt-3 flex gap-2 overflow-x-auto pb-1">
            {days.map((day) => {
              const [weekday, label] = formatDayParts(day.date);
              return (
                <button
                  key={day.date}
                  id={`demo-day-${day.date}`}
                  type="button"
                  role="tab"
                  aria-selected={day.date === active}
                  aria-controls={`demo-times-${day.date}`}
                  tabIndex={day.date === active ? 0 : -1}
                  onClick={() => setActiveDay(day.date)}
                  onKeyDown={onTabKey}
                  className={`${dayTabClass} aria-selected:border-brand-600 aria-selected:bg-brand-600 aria-selected:text-white`}
                >
                  {`${weekday}\n${label}`}
                </button>
              );
            })}
          </div>
          {days.map((day) => (
            <div
              key={day.date}
              id={`demo-times-${day.date}`}
              role="tabpanel"
              aria-labelledby={`demo-day-${day.date}`}
              title={`Times on ${formatLongDay(day.date)}`}
              hidden={day.date !== active}
              // A hidden panel gets no display class, or `grid` overrides `hidden`.
              className={day.date === active ? timesGridClass : "hidden"}
            >
              {day.starts.map((start) => (
                <label key={start} className={chipClass}>
                  <input
                    type="radio"
                    name={parts.slotField}
                    value={start}
                    checked={choice === start}
                    onChange={() => choose(start)}
                  />
                  {formatTime(new Date(start), zone)}
                </label>
              ))}
            </div>
          ))}
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700">No times are free in the next days.</p>
      )}
      <NoSlotChoice checked={choice === ""} onChoice={() => choose("")} />
      <div className="mt-3">
        <label htmlFor="demo-timeZone" className="block text-xs font-medium text-slate-700">
          Time zone
        </label>
        <select
          id="demo-timeZone"
          name={parts.timeZoneField}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
        >
          {zones.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <PickerError error={error} />
    </fieldset>
  );
}
