import { findBooking } from "~/models/demo/booking.server";
import { bookingIdFromToken, manageUrl } from "~/services/demo/booking-token.server";
import { bookingInvite } from "~/services/demo/invite.server";

const notFound = () =>
  new Response("This calendar file does not exist. The link in your confirmation e-mail has the current one.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The e-mailed invite's UID and SEQUENCE, so a calendar with both keeps one event; the manage token guards it. */
export async function demoCalendarFile(file: string | undefined): Promise<Response> {
  if (!file?.endsWith(".ics")) return notFound();
  const bookingId = bookingIdFromToken(file.slice(0, -".ics".length));
  const found = bookingId ? await findBooking(bookingId) : undefined;
  if (!found) return notFound();
  const { booking, lead } = found;
  const cancelled = booking.status !== "booked";
  const body = bookingInvite({
    booking,
    lead,
    method: cancelled ? "CANCEL" : "REQUEST",
    manageUrl: manageUrl(booking.id),
  });
  return new Response(body, {
    headers: {
      "Content-Type": `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
      "Content-Disposition": 'attachment; filename="demo.ics"',
      // Personal data behind a secret link: never stored by a shared cache, never indexed.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
