// The demo form's names and choices, free of zod: the landing page's first-load code imports these, and
// the schema (demo-request.ts) imports the same values, so there is one copy and zod loads only on first use.

export const dealVolumes = ["1-10", "11-25", "26-50", "51-100", "100+"] as const;
export type DealVolume = (typeof dealVolumes)[number];

/** The form's hidden trap field: people never see or fill it, form-filling bots usually do. */
export const demoHoneypotField = "website";

// --- "Pick a time" (issue #14) ---------------------------------------------------------------------

/** The chosen slot: its start as ISO 8601 UTC, or "" for "None of these times work — contact me". */
export const demoSlotField = "slotStart";
export const noSlotLabel = "None of these times work — contact me";

/**
 * Without JavaScript the picker is part of the same POST form: a day tab is a submit button named `demoDay`, and
 * "Show times" (after choosing a time zone) a submit button named `demoShowTimes`. The action stores nothing for
 * them and renders the form again, values kept, with that day's times; `demoShownDay` carries the day on screen.
 */
export const demoDayField = "demoDay";
export const demoShowTimesField = "demoShowTimes";
export const demoShownDayField = "demoShownDay";
export const demoTimeZoneField = "timeZone";

/** What the picker shows, rendered by the server (labels included, so the browser hydrates the same text). */
export type DemoPickerView = {
  /** The zone the times are shown in, its everyday name ("Central Time") and the business's zone. */
  timeZone: string;
  timeZoneName: string;
  businessTimeZone: string;
  timeZones: { value: string; label: string }[];
  /** Bookable days in that zone (at least one free time each). */
  days: { date: string; weekday: string; label: string; longLabel: string }[];
  /** The day on screen and its free times. */
  day?: string;
  times: { start: string; label: string }[];
  /** The free times could not be read (the database did not answer): only "None of these times work" is offered. */
  unavailable?: true;
};

export const slotTakenMessage = "That time was just booked — please pick another";

/** A booked demo as the thank-you panel names it. */
export type BookedDemoView = {
  /** The time in the visitor's zone, and in the business's zone when that is another one. */
  when: string;
  businessWhen?: string;
  /** Who runs the demo (issue #24). */
  hostName?: string;
  /** "Add to calendar": the .ics download and a Google Calendar link. */
  icsUrl: string;
  googleUrl: string;
};
