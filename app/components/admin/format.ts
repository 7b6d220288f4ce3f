/**
 * "2026-11-22 08:01 UTC": the same text on the server and in the browser (a locale or time-zone
 * dependent format would differ between the two and break hydration).
 */
export function formatTimestamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "2026-11-22 08:01:07 UTC": for events a few seconds apart (a webhook's attempts). */
export function formatTimestampSeconds(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
