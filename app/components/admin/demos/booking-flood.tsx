import { Form } from "@remix-run/react";
import type { BookingFloodNotice } from "~/schemas/demo-views";

/** ADR 0056: days booking up too fast, and one plain form post that releases what was booked on them. */
export function BookingFlood({ flood }: { flood: BookingFloodNotice }) {
  const requests = flood.heldBack === 1 ? "1 request" : `${flood.heldBack} requests`;
  const bookings = flood.releasable === 1 ? "1 booking" : `${flood.releasable} bookings`;
  return (
    <section
      id="booking-flood"
      aria-labelledby="booking-flood-heading"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <h2 id="booking-flood-heading" className="font-semibold">
        Bookings are arriving unusually fast
      </h2>
      <p className="mt-1">
        In the last 24 hours {requests} for a time could not be booked online because their day was booking up too fast:{" "}
        {flood.days.map((day) => `${day.label} (${day.heldBack})`).join(", ")}. Those leads are kept, without a time,
        for you to contact.
      </p>
      <p className="mt-1">
        {flood.releasable === 0
          ? "No live booking on those days was made in the last 24 hours."
          : `${bookings} on those days ${flood.releasable === 1 ? "was" : "were"} made in the last 24 hours. If they are a flood rather than real visitors, release them: each is cancelled and its address sent a cancellation for its calendar.`}
      </p>
      {flood.releasable > 0 ? (
        <Form method="post" action="/admin/hosts" className="mt-2">
          <input type="hidden" name="intent" value="release-flood" />
          <input type="hidden" name="asOf" value={flood.asOf} />
          <button type="submit" className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800">
            {`Release ${bookings}`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
