import { json, redirect } from "@remix-run/node";
import { cancelBooking, findBooking, rescheduleBooking, type BookingWithLead } from "~/models/demo/booking.server";
import { bookingIdFromToken } from "~/services/demo/booking-token.server";
import { availableSlots, checkSlotStart, dayPace } from "~/services/demo/slots.server";
import { currentHosts, hostChoiceAt } from "~/services/demo/hosts.server";
import { now } from "~/utils/time/clock.server";
import { getBookingSettings } from "~/utils/env.server";
import type { BookingView, ManagePage, PickerView } from "~/schemas/demo-views";
import { consumeLimits, limitRules } from "~/services/rate-limit.server";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/http/request.server";
import { redirectWithSuccess } from "~/utils/http/toast.server";
import { formatZonedRange } from "~/utils/time/time-zone-format";
import { isTimeZone } from "~/utils/time/zoned-time";
import { zoneOptions } from "~/services/demo/picker.server";
import { dayMovesPausedMessage, slotTakenMessage } from "~/schemas/demo-request-fields";

// The signed token in the link is the visitor's only credential, so the page is never cached, indexed or sent as
// a Referer. Not "no-referrer": browsers would then post `Origin: null`, which assertSameOrigin refuses.
export const managePageHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const CANCELLED_CANNOT_MOVE =
  "This demo was cancelled, so it cannot be moved. You can book a new demo on our home page.";
const PASSED_CANNOT_CHANGE = "This demo has already taken place, so it can no longer be changed.";
const UNKNOWN_LINK =
  "This link does not match any demo booking. Check that you copied the whole link from your e-mail.";

type ManageActionData = { error: string; fieldError?: string };

function managePagePath(token: string, search?: URLSearchParams): string {
  const query = search?.toString();
  return `/demo/manage/${encodeURIComponent(token)}${query ? `?${query}` : ""}`;
}

async function bookingForToken(token: string | undefined): Promise<BookingWithLead | undefined> {
  const id = bookingIdFromToken(token);
  return id ? await findBooking(id) : undefined;
}

function viewOf(found: BookingWithLead): BookingView {
  const { timeZone } = getBookingSettings();
  const start = found.booking.slotStart.toISOString();
  const end = found.booking.slotEnd.toISOString();
  return {
    start,
    end,
    firstName: found.lead.firstName,
    businessZone: timeZone,
    whenText: formatZonedRange(found.booking.slotStart, found.booking.slotEnd, timeZone),
    ...(found.host ? { hostName: found.host.name } : {}),
  };
}

const hasPassed = (found: BookingWithLead) => found.booking.slotEnd.getTime() <= now().getTime();

async function pickerFor(url: URL, found: BookingWithLead): Promise<PickerView> {
  const settings = getBookingSettings();
  const asked = url.searchParams.get("tz") ?? "";
  const zoneChosen = isTimeZone(asked);
  const zone = zoneChosen ? asked : settings.timeZone;
  const day = url.searchParams.get("day");
  const own = found.booking.slotStart.toISOString();
  // Free times to the horizon, as the landing picker lists them; the visitor's own time is not a place to move to.
  const free = await availableSlots({
    days: settings.horizonDays + 1,
    now: now(),
    settings,
    hosts: await currentHosts(),
  });
  const slots = free.flatMap((item) => item.slots.map((slot) => slot.start)).filter((start) => start !== own);
  return {
    slots,
    businessZone: settings.timeZone,
    zone,
    zoneChosen,
    day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    // The landing picker's list, offered without JavaScript.
    zones: zoneOptions(settings.timeZone, zone, now()),
  };
}

/** A forged token reads like an unknown one (404); a cancelled booking is 200, as the visitor lands there after. */
export async function loadManagePage(request: Request, token: string | undefined) {
  const found = await bookingForToken(token);
  if (!found || !token) return json<ManagePage>({ kind: "unknown" }, { status: 404, headers: managePageHeaders });
  if (found.booking.status === "cancelled")
    return json<ManagePage>({ kind: "cancelled", booking: viewOf(found) }, { headers: managePageHeaders });
  if (hasPassed(found))
    return json<ManagePage>({ kind: "passed", booking: viewOf(found) }, { status: 410, headers: managePageHeaders });
  const url = new URL(request.url);
  return json<ManagePage>(
    {
      kind: "booked",
      token,
      booking: viewOf(found),
      picker: await pickerFor(url, found),
      confirmCancel: url.searchParams.get("confirm") === "cancel",
    },
    { headers: managePageHeaders },
  );
}

function refusal(status: number, error: string, fieldError?: string, headers: Record<string, string> = {}) {
  return json<ManageActionData>(fieldError ? { error, fieldError } : { error }, {
    status,
    headers: { ...managePageHeaders, ...headers },
  });
}

/** The page's view settings carried through a POST (day tab, zone) back into the URL. */
function viewParams(form: FormData, day?: string): URLSearchParams {
  const params = new URLSearchParams();
  const zone = String(form.get("tz") ?? "");
  if (isTimeZone(zone)) params.set("tz", zone);
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day)) params.set("day", day);
  return params;
}

/** Limited per booking too, since each change e-mails the visitor a new invite (ADR 0012). */
async function limitChange(request: Request, bookingId: string) {
  // The booking stands where a checkout has its session: the narrowest key of the ladder.
  await consumeLimits(
    { session: limitRules.demoManageBooking, client: limitRules.demoManageClient, global: limitRules.demoManageGlobal },
    { request, session: bookingId },
  );
}

async function reschedule(request: Request, token: string, found: BookingWithLead, form: FormData) {
  const raw = String(form.get("slotStart") ?? "");
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(raw) ? new Date(raw) : undefined;
  if (!start || Number.isNaN(start.getTime()))
    return refusal(400, "Please pick a new time for your demo.", "Please pick a time.");
  if (start.getTime() === found.booking.slotStart.getTime())
    return refusal(400, "That is already the time of your demo.", "Please pick a different time.");
  const settings = getBookingSettings();
  const hosts = await currentHosts();
  const check = checkSlotStart(start, now(), settings, hosts);
  if (!check.ok) return refusal(422, check.message, check.message);

  await limitChange(request, found.booking.id);
  const result = await rescheduleBooking(
    found.booking.id,
    hostChoiceAt(start, hosts, settings),
    dayPace(start, now(), settings, hosts),
  );
  if (result.status === "slot-taken") return refusal(409, slotTakenMessage, slotTakenMessage);
  if (result.status === "day-booking-up") return refusal(409, dayMovesPausedMessage, dayMovesPausedMessage);
  if (result.status === "cancelled") return refusal(409, CANCELLED_CANNOT_MOVE);
  if (result.status === "not-found") return refusal(404, UNKNOWN_LINK);
  return redirectWithSuccess(managePagePath(token, viewParams(form)), {
    message: "Your demo has been moved",
    description: `New time: ${formatZonedRange(result.booking.slotStart, result.booking.slotEnd, settings.timeZone)}. An updated calendar invite is on its way.`,
  });
}

async function cancel(request: Request, token: string, found: BookingWithLead) {
  await limitChange(request, found.booking.id);
  const result = await cancelBooking(found.booking.id);
  if (result.status === "not-found") return refusal(404, UNKNOWN_LINK);
  return redirectWithSuccess(managePagePath(token), {
    message: "Your demo is cancelled",
    description: "We have let our team know and sent a cancellation for your calendar.",
  });
}

export async function handleManageAction(request: Request, token: string | undefined) {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const found = await bookingForToken(token);
    if (!found || !token) return refusal(404, UNKNOWN_LINK);

    const intent = form.get("intent");
    const shownDay = form.get("showDay");
    if (typeof shownDay === "string" || intent === "show-zone")
      return redirect(
        `${managePagePath(token, viewParams(form, typeof shownDay === "string" ? shownDay : undefined))}#reschedule`,
        {
          headers: managePageHeaders,
        },
      );

    if (intent === "cancel") {
      if (found.booking.status === "cancelled") return redirect(managePagePath(token), { headers: managePageHeaders });
      if (hasPassed(found)) return refusal(410, PASSED_CANNOT_CHANGE);
      return await cancel(request, token, found);
    }
    if (intent === "reschedule") {
      if (found.booking.status === "cancelled") return refusal(409, CANCELLED_CANNOT_MOVE);
      if (hasPassed(found)) return refusal(410, PASSED_CANNOT_CHANGE);
      return await reschedule(request, token, found, form);
    }
    return refusal(400, "Unknown form intent.");
  } catch (error) {
    if (!(error instanceof RequestRejected)) throw error;
    return refusal(error.status, error.message, undefined, error.headers);
  }
}
