import { countPaceBookings, recentHeldBackStarts, releasePaceBookings } from "~/models/demo/booking.server";
import type { AdminUser } from "~/models/admin/user.server";
import type { BookingFloodNotice } from "~/schemas/demo-views";
import { dayBounds, localParts } from "~/services/demo/slots.server";
import { getBookingSettings } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { RequestRejected } from "~/utils/http/request.server";
import { redirectWithSuccess } from "~/utils/http/toast.server";

// ADR 0056. A day whose pace held a lead back within the window is booking up too fast: the admin is told, and may
// release the bookings made on those days within the window in one action.

const dayLabel = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});

async function floodDays() {
  const { timeZone } = getBookingSettings();
  const days = new Map<string, number>();
  for (const start of await recentHeldBackStarts()) {
    const date = localParts(start, timeZone).date;
    days.set(date, (days.get(date) ?? 0) + 1);
  }
  return days;
}

export async function bookingFloodNotice(): Promise<BookingFloodNotice | null> {
  const days = await floodDays();
  if (days.size === 0) return null;
  // Wall-clock time, not the app's clock: it is compared with the database's created_at.
  const asOf = new Date();
  const bounds = [...days.keys()].map((date) => dayBounds(date));
  return {
    heldBack: [...days.values()].reduce((sum, count) => sum + count, 0),
    days: [...days].map(([date, heldBack]) => ({
      date,
      label: dayLabel.format(new Date(`${date}T12:00:00Z`)),
      heldBack,
    })),
    releasable: await countPaceBookings(bounds, asOf),
    asOf: asOf.toISOString(),
  };
}

/** The admin's "Release these bookings": a plain form post; who and when are kept on each booking. */
export async function releaseBookingFlood(form: FormData, admin: AdminUser, requestId: string, back: string) {
  const asOfText = form.get("asOf");
  const asOf = typeof asOfText === "string" ? new Date(asOfText) : undefined;
  if (!asOf || Number.isNaN(asOf.getTime())) {
    throw new RequestRejected(
      400,
      "The release form is missing the time it was shown at. Reload the page and try again.",
    );
  }
  const bounds = [...(await floodDays()).keys()].map((date) => dayBounds(date));
  const released = await releasePaceBookings(bounds, asOf, admin.username);
  logger.warn("demo booking flood released", { requestId, admin: admin.username, released });
  return redirectWithSuccess(back, {
    message: released === 1 ? "1 booking released" : `${released} bookings released`,
    description:
      released === 0
        ? "Nothing was booked on those days in the last 24 hours."
        : "Their times are free again, and each address was sent a cancellation for its calendar.",
  });
}
