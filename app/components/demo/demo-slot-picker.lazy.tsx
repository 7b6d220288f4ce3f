// Calendar picker in the visitor's time zone, loaded when the visitor heads for the form; until then the server's
// picker (demo-slot-picker.tsx) does the job.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
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

/** What the answers are offered: the routed team's free times, or none and a call back, perhaps a plan too. */
type Offer = { query: string; starts: string[]; requestOnly: boolean; selfServePlan?: string };

/**
 * The query for the form's non-personal answers (ADR 0057) and the zone the times are shown in, which the form
 * posts as its zone answer. Never the e-mail: a URL ends up in logs and caches.
 */
function offerQuery(form: HTMLFormElement | null | undefined, fields: readonly string[], zone: string): string {
  const params = new URLSearchParams({ timeZone: zone });
  for (const name of fields) {
    const field = form?.elements.namedItem(name);
    const value = field instanceof HTMLSelectElement ? field.value : "";
    if (value) params.set(name, value);
  }
  return params.toString();
}

/** `fresh` bypasses the HTTP cache, e.g. after a slot was taken. */
async function fetchOffer(query: string, fresh = false): Promise<Offer | undefined> {
  try {
    const response = await fetch(`/api/demo-slots?${query}`, {
      headers: { Accept: "application/json" },
      cache: fresh ? "no-store" : "default",
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { requestOnly?: unknown; selfServePlan?: unknown } | null;
    return {
      query,
      starts: startsOf(body),
      requestOnly: body?.requestOnly === true,
      ...(typeof body?.selfServePlan === "string" ? { selfServePlan: body.selfServePlan } : {}),
    };
  } catch {
    return undefined;
  }
}

let fetchedOffer: Offer | undefined;

/** Resolves once the free times are known, so the picker shows complete at once. */
export async function loadCalendarPicker(fields: readonly string[], formId: string) {
  const form = document.getElementById(formId);
  const zone = visitorTimeZone() ?? "UTC";
  fetchedOffer = await fetchOffer(offerQuery(form instanceof HTMLFormElement ? form : undefined, fields, zone));
  return CalendarPicker;
}

function CalendarPicker({ parts, view, selected, error, onChoice, attributionQuery }: CalendarPickerProps) {
  const { chipClass, dayTabClass, timesGridClass, NoSlotChoice, PickerError, PickerLegend, pickerErrorId } = parts;
  const { RequestOnlyNote, SelfServeOffer } = parts;
  const [offer, setOffer] = useState(fetchedOffer);
  const [zone, setZone] = useState(() => visitorTimeZone() ?? view.businessTimeZone);
  const [choice, setChoice] = useState(() => selected ?? chosenInServerPicker(parts.slotField));
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // The answers the times follow, read from the form itself as the visitor changes them.
  const [query, setQuery] = useState(() => fetchedOffer?.query);
  useEffect(() => {
    const form = fieldset.current?.form;
    const read = () => setQuery(offerQuery(form, parts.routingFields, zone));
    read();
    form?.addEventListener("change", read);
    return () => form?.removeEventListener("change", read);
  }, [parts, zone]);
  const refresh = error === parts.slotTakenMessage;
  useEffect(() => {
    if (query === undefined || (!refresh && query === offer?.query)) return;
    if (refresh) setChoice(undefined);
    let active = true;
    void fetchOffer(query, refresh).then((fresh) => {
      if (!active || !fresh) return;
      setOffer(fresh);
      // A pick the new answers are not offered would be refused: it is cleared, not sent.
      setChoice((current) => (current && !fresh.starts.includes(current) ? undefined : current));
    });
    return () => {
      active = false;
    };
    // `offer` is read, not followed: a fetched offer must not fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, refresh]);
  const requestOnly = offer ? offer.requestOnly : Boolean(view.requestOnly);
  const selfServePlan = offer ? offer.selfServePlan : view.selfServePlan;
  const starts = offer?.starts;
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
    <fieldset ref={fieldset} id="demo-slot" aria-describedby={error ? pickerErrorId : undefined} className="min-w-0">
      <PickerLegend zoneName={timeZoneLabel(zone, new Date())} />
      <SelfServeOffer planId={selfServePlan} attributionQuery={attributionQuery} />
      {requestOnly ? (
        <RequestOnlyNote />
      ) : days.length > 0 ? (
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
      {requestOnly ? null : <NoSlotChoice checked={choice === ""} onChoice={() => choose("")} />}
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
