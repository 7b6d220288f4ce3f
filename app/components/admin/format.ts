/**
 * "2026-11-22 08:01 UTC": the same text on the server and in the browser (a locale or time-zone
 * dependent format would differ between the two and break hydration).
 */
export function formatTimestamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
