// Single fetch hands a loader's Date to the component as a Date; a JSON answer's is an ISO string.
const isoOf = (at: string | Date) => (typeof at === "string" ? at : at.toISOString());

/** Locale- and zone-independent, so server and browser print the same and hydration holds. */
export function formatTimestamp(at: string | Date): string {
  const iso = isoOf(at);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function formatTimestampSeconds(at: string | Date): string {
  const iso = isoOf(at);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
