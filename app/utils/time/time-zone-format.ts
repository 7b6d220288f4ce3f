// Names and formats instants in a time zone with Intl only: the zone rules (and daylight saving) come from the
// ICU data shipped with Node and the browser, never from offsets written here.

const LOCALE = "en-US";

// ICU puts a narrow no-break space before AM/PM and thin spaces around range dashes; plain spaces keep e-mail
// subjects, plain-text bodies and searches simple.
export const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, " ");

// Zones found known: a finite set (IANA's names), so it stays small whatever visitors send; names refused are not kept.
const knownTimeZones = new Set<string>();

/** Whether Intl knows the IANA zone (a visitor-supplied name may not be one). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (knownTimeZones.has(timeZone)) return true;
  // A zone's name (IANA's, starting with a letter): the ICU of newer Node.js also takes a bare UTC offset ("+02:00"),
  // which follows no daylight saving and names no place.
  if (!/^[A-Za-z]/.test(timeZone)) return false;
  try {
    // Building a formatter is the costly part, and every page render checks the zone it shows.
    new Intl.DateTimeFormat(LOCALE, { timeZone });
    knownTimeZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
}

// Building an Intl.DateTimeFormat is costly, and the picker names every zone of its list on each render.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = JSON.stringify([timeZone, options]);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formatters.set(key, format);
  }
  return format;
}

/** "Central Time" for America/Chicago: the long generic name, which stays the same across daylight saving. */
export function timeZoneLabel(timeZone: string, at: Date): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "UTC";
  // formatToParts is slow in ICU and the generic name holds all day, so each zone is named once a day.
  const day = at.toISOString().slice(0, 10);
  const known = zoneLabels.get(timeZone);
  if (known?.day === day) return known.label;
  const part = formatter(timeZone, { timeZoneName: "longGeneric" })
    .formatToParts(at)
    .find((piece) => piece.type === "timeZoneName");
  const label = part?.value ?? timeZone;
  zoneLabels.set(timeZone, { day, label });
  return label;
}

const zoneLabels = new Map<string, { day: string; label: string }>();

const longDate: Intl.DateTimeFormatOptions = {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

const shortDate: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

export function formatZonedRange(start: Date, end: Date, timeZone: string): string {
  const range = new Intl.DateTimeFormat(LOCALE, { ...longDate, timeZone }).formatRange(start, end);
  return plainSpaces(`${range} ${timeZoneLabel(timeZone, start)}`);
}

export function formatZonedShort(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat(LOCALE, { ...shortDate, timeZone }).format(at);
  return plainSpaces(`${text} ${timeZoneLabel(timeZone, at)}`);
}
