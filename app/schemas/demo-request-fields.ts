// Free of zod: the landing page's first-load code imports these, so zod loads only on first use.

export const dealVolumes = ["1-10", "11-25", "26-50", "51-100", "100+"] as const;
export type DealVolume = (typeof dealVolumes)[number];

export function isDealVolume(value: unknown): value is DealVolume {
  return (dealVolumes as readonly unknown[]).includes(value);
}

/**
 * The form's hidden trap field: people never see or fill it, form-filling bots usually do. Its name means nothing
 * to a browser's or password manager's autofill (as `website` did), so a real visitor's browser leaves it empty.
 */
export const demoHoneypotField = "gw_trap";

/** ISO 8601 UTC, or "" for none. */
export const demoSlotField = "slotStart";
export const noSlotLabel = "None of these times work — contact me";

/** Without JavaScript the picker's buttons submit the form; the action stores nothing and renders it again. */
export const demoDayField = "demoDay";
export const demoShowTimesField = "demoShowTimes";
export const demoShownDayField = "demoShownDay";
export const demoTimeZoneField = "timeZone";

/** Labels come from the server so the browser hydrates the same text. */
export type DemoPickerView = {
  timeZone: string;
  timeZoneName: string;
  businessTimeZone: string;
  timeZones: { value: string; label: string }[];
  days: { date: string; weekday: string; label: string; longLabel: string }[];
  day?: string;
  times: { start: string; label: string }[];
  /** The database did not answer: only "None of these times work" is offered. */
  unavailable?: true;
  /** The answers lead to no times (ADR 0057): the team calls to find one; the form is a plain request. */
  requestOnly?: true;
  /** The answers are offered this plan's checkout beside the times (ADR 0057). */
  selfServePlan?: string;
};

/** The form's non-personal answers the free times follow (ADR 0057); the e-mail never goes in a URL. */
export const demoRoutingFields = ["dealVolume", "trade"] as const;

export const requestOnlyNote = "Send the form and our team will call you to find a time that suits you.";

export const slotTakenMessage = "That time was just booked — please pick another";

/** ADR 0056, on the manage page: the booking keeps its time. */
export const dayMovesPausedMessage =
  "That day is booking up unusually fast, so we are not moving demos into it online for now. Your demo keeps its time: please pick a time on another day, or reply to your invite and we will find one.";

/** ADR 0056: the day was booking up faster than its pace allows; the lead is kept, request-only. */
export const dayBookingUpMessage =
  "That day is booking up unusually fast, so we are not booking more of its times online for now. Your request is saved: we will contact you within 24 hours to find a time, or you can pick a time on another day.";

export type BookedDemoView = {
  when: string;
  businessWhen?: string;
  hostName?: string;
  icsUrl: string;
  googleUrl: string;
};
