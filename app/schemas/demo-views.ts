// What the demo loaders hand to their components (types only): the manage page and the admin's agenda. Kept
// apart from both sides so the components, which must not import server code, and the services that build the
// data name one shape.

export type BookingView = {
  start: string;
  end: string;
  firstName: string;
  businessZone: string;
  whenText: string;
  /** Who runs the demo (issue #24). */
  hostName?: string;
};

export type PickerView = {
  /** Free slot starts (ISO UTC) within the horizon, the booking's own slot left out. */
  slots: string[];
  businessZone: string;
  /** The zone the times are shown in: ?tz, else the business's. */
  zone: string;
  /** Whether the visitor chose the zone (then JavaScript does not switch to the browser's own). */
  zoneChosen: boolean;
  /** The chosen day (YYYY-MM-DD in `zone`), if any. */
  day: string | null;
  /** The zones to choose from, labelled on the server (browsers' tz names can differ by ICU version). */
  zones: { value: string; label: string }[];
};

export type ManagePage =
  | { kind: "unknown" }
  | { kind: "cancelled"; booking: BookingView }
  | { kind: "passed"; booking: BookingView }
  | { kind: "booked"; token: string; booking: BookingView; picker: PickerView; confirmCancel: boolean };

export type AgendaDemo = {
  bookingId: string;
  start: string;
  time: string;
  endTime: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  dealVolume: string | null;
  challenges: string | null;
  /** Who runs it (issue #24); null for a booking made before hosts that no seeded host took. */
  hostId: string | null;
  hostName: string | null;
};
export type AgendaDay = { date: string; label: string; demos: AgendaDemo[] };
export type Agenda = {
  timeZone: string;
  timeZoneLabel: string;
  days: AgendaDay[];
  /** The active hosts, to reassign a demo to. */
  hosts: { id: string; name: string }[];
};

/** An upcoming demo whose host can no longer run it and no other host could take (issue #24). */
export type StrandedDemo = { bookingId: string; when: string; name: string; company: string };
