// Types only, so components (which must not import server code) and the services share one shape.

export type BookingView = {
  start: string;
  end: string;
  firstName: string;
  businessZone: string;
  whenText: string;
  hostName?: string;
};

export type PickerView = {
  /** Free slot starts (ISO UTC) within the horizon, the booking's own slot left out. */
  slots: string[];
  businessZone: string;
  zone: string;
  /** Whether the visitor chose the zone (then JavaScript does not switch to the browser's own). */
  zoneChosen: boolean;
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
  /** Null for a booking no seeded host took. */
  hostId: string | null;
  hostName: string | null;
};
export type AgendaDay = { date: string; label: string; demos: AgendaDemo[] };
export type Agenda = {
  timeZone: string;
  timeZoneLabel: string;
  days: AgendaDay[];
  hosts: { id: string; name: string }[];
};

/** Its host can no longer run it and no other host could take it. */
export type StrandedDemo = { bookingId: string; when: string; name: string; company: string };

/** ADR 0056: the admin's notice of days booking up too fast. */
export type BookingFloodNotice = {
  /** Leads held back within the window, all days together. */
  heldBack: number;
  days: { date: string; label: string; heldBack: number }[];
  /** Live bookings on those days made or moved within the window: what "Release" cancels. */
  releasable: number;
  /** The page's moment: a release cancels no booking made after the admin saw the count. */
  asOf: string;
};
