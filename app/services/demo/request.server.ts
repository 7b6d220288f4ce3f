import { json } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { demoFailureNotice } from "~/content/failure-notices";
import type { DemoRequestRow } from "~/db/schema.server";
import { findBooking, type DemoBooking } from "~/models/demo/booking.server";
import {
  createDemoRequest,
  findDemoRequest,
  isSameSubmission,
  storeSuspectedSpam,
  toStoredDemoRequest,
  type NewDemoRequest,
  type RequestedSlot,
} from "~/models/demo/request.server";
import { consentOf, currentDemoConsent } from "~/services/demo/consent.server";
import { demoBookNowFormId, demoEnhancedField, demoRequestFormId } from "~/schemas/demo-form-ids";
import {
  demoRequestSchema,
  demoRequestValidator,
  type DemoRequestData,
  type StoredDemoRequest,
} from "~/schemas/demo-request";
import type { RoutingTrace } from "~/schemas/demo-routing";
import type { DemoHost } from "~/models/demo/host.server";
import {
  demoDayField,
  demoHoneypotField,
  demoShownDayField,
  demoShowTimesField,
  demoSlotField,
  demoTimeZoneField,
  dayBookingUpMessage,
  slotTakenMessage,
  type BookedDemoView,
  type DemoPickerView,
} from "~/schemas/demo-request-fields";
import { apiAttribution, attributionFromForm } from "~/services/insight/attribution.server";
import { managePath, manageToken, manageUrl } from "~/services/demo/booking-token.server";
import { googleCalendarLink } from "~/services/demo/invite.server";
import { demoPickerView } from "~/services/demo/picker.server";
import { funnelDay, mayCount } from "~/services/insight/funnel.server";
import { checkSlotStart, dayPace, slotEnd, type SlotRefusal } from "~/services/demo/slots.server";
import { currentRoutingSetup, hostById } from "~/services/demo/hosts.server";
import {
  isConfigured,
  offersTimes,
  routedChoice,
  routedHosts,
  routeToBook,
  routingAnswersOf,
  type Route,
} from "~/services/demo/routing.server";
import { now } from "~/utils/time/clock.server";
import { formatZonedRange } from "~/utils/time/time-zone-format";
import { isTimeZone } from "~/utils/time/zoned-time";
import { apiErrorResponse, jsonError, jsonOk } from "~/utils/http/api.server";
import { signedCookie } from "~/utils/http/cookies.server";
import { getBookingSettings, requestOrigin } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { consumeLimits, limitRules, type LimitLadder } from "~/services/rate-limit.server";
import { getRequestId, RequestRejected } from "~/utils/http/request.server";
import { jsonWithError, redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";
import { withTimeout } from "~/utils/with-timeout";

const demoToasts = {
  success: {
    message: "Demo Request Submitted!",
    description: "We'll contact you within 24 hours to schedule your personalized demo.",
  },
  failure: demoFailureNotice,
  booked: { message: "Demo Booked!", description: "A calendar invite is on its way to you." },
  heldBack: { message: "Request saved, no time booked", description: dayBookingUpMessage },
} as const;

// ADR 0012. Every attempt counts per client; the mailbox and global limits only count attempts about to be stored,
// so one client cannot exhaust the global limit for everyone else.
const attemptLimits = { client: limitRules.demoClient } satisfies LimitLadder;
const storingLimits = {
  ...attemptLimits,
  email: limitRules.demoEmail,
  global: limitRules.demoGlobal,
} satisfies LimitLadder;

/** A refused attempt is charged to the client alone; a client over its limit gets 429 whatever it sent. */
async function chargeRefusedAttempt(request: Request) {
  await consumeLimits(attemptLimits, { request });
}

async function checkedAttempt<T>(request: Request, check: () => T): Promise<T> {
  try {
    // Awaited here, so a check that rejects is charged too.
    return await check();
  } catch (error) {
    await chargeRefusedAttempt(request);
    throw error;
  }
}

/** A stalled database must not keep the visitor waiting; a late commit is harmless (the retry's id finds it). */
const DEMO_STORE_TIMEOUT_MS = 10_000;

export const SUBMISSION_CONFLICT =
  "A request with this submission id was already received with different details. Reload the form (or send a new submissionId) to make a new request.";

/**
 * 422: time not bookable (nothing stored); 409: every seat taken (lead IS stored, ADR 0016), its day booking up too
 * fast (lead IS stored, request-only, ADR 0056) or already booked.
 */
class SlotUnavailable extends RequestRejected {
  constructor(
    status: 409 | 422,
    message: string,
    readonly reason: SlotRefusal | "slot-taken" | "already-booked" | "day-booking-up",
    readonly row?: DemoRequestRow,
  ) {
    super(status, message);
    this.name = "SlotUnavailable";
  }
}

function requestedSlot(slotStart: string, visitorTimeZone: string | undefined, route: Route, hosts: DemoHost[]) {
  const settings = getBookingSettings();
  const start = new Date(slotStart);
  // The routed team's times are the ones on offer (ADR 0057); the day's pace stays the whole business's.
  const check = checkSlotStart(start, now(), settings, routedHosts(route, hosts));
  if (!check.ok) throw new SlotUnavailable(422, check.message, check.reason);
  return {
    slotStart: start,
    slotEnd: slotEnd(start, settings),
    choice: routedChoice(route, start, hosts, settings),
    pace: dayPace(start, now(), settings, hosts),
    // The visitor's e-mails name the time in their zone too (a name the runtime does not know is left out).
    ...(isTimeZone(visitorTimeZone) ? { visitorTimeZone } : {}),
  } satisfies RequestedSlot;
}

/**
 * ADR 0057: the lead's route, and the slot to book on it (none when the route offers no times). The hosts and the
 * routing setup are read once per change or per AVAILABILITY_MAX_AGE_SECONDS in a process, not per request.
 */
async function routedRequest(data: DemoRequestData): Promise<{ slot?: RequestedSlot; routing: RoutingTrace }> {
  const { hosts, route } = await routeToBook(routingAnswersOf(data), data.email, data.submissionId);
  const slot =
    data.slotStart && offersTimes(route) ? requestedSlot(data.slotStart, data.timeZone, route, hosts) : undefined;
  return { slot, routing: route.trace };
}

async function store(
  request: Request,
  data: NewDemoRequest,
  channel: "form" | "api",
  slot?: RequestedSlot,
  { oncePerLead = false } = {},
): Promise<{ row: DemoRequestRow; booking?: DemoBooking; matched?: boolean }> {
  const requestId = getRequestId(request);
  // Counted in the lead's own write (ADR 0026).
  const count = mayCount(request) ? { day: funnelDay() } : undefined;
  const stored = await withTimeout(
    createDemoRequest(data, slot, count, { oncePerLead }),
    DEMO_STORE_TIMEOUT_MS,
    () => new Error(`database did not answer within ${DEMO_STORE_TIMEOUT_MS} ms`),
  );
  const { row, created, booking, slotTaken, matched, heldBack } = stored;
  if (matched) {
    logger.info("demo request matched an earlier lead by its details; answered with the plain thank-you", {
      requestId,
      channel,
      demoRequestId: row.id,
    });
    return { row, matched };
  }
  if (!created && !isSameSubmission(row, data)) {
    logger.warn("demo request replayed with different details; refused", { requestId, channel });
    throw new RequestRejected(409, SUBMISSION_CONFLICT);
  }
  logger.info(created ? "demo request stored" : "demo request replayed", {
    requestId,
    channel,
    demoRequestId: row.id,
    bookingId: booking?.id,
    slotTaken: slotTaken || undefined,
    heldBack: heldBack || undefined,
  });
  if (slot && booking && booking.slotStart.getTime() !== slot.slotStart.getTime()) {
    throw new SlotUnavailable(
      409,
      `This request already has a demo booked for ${booking.slotStart.toISOString()}. Use the link in its confirmation e-mail to change the time.`,
      "already-booked",
      row,
    );
  }
  if (slotTaken) throw new SlotUnavailable(409, slotTakenMessage, "slot-taken", row);
  if (heldBack) throw new SlotUnavailable(409, dayBookingUpMessage, "day-booking-up", row);
  return { row, booking };
}

const THANKS_MAX_AGE_SECONDS = 30 * 60;

const thanksCookie = () => signedCookie("gw_demo", { maxAge: THANKS_MAX_AGE_SECONDS });

type Thanks = { lead: string; booking?: string; timeZone?: string };

function thanksOf(value: unknown): Thanks | undefined {
  // A plain string is a lead id (older cookies, and the honeypot's marker).
  if (typeof value === "string") return value ? { lead: value } : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  const { lead, booking, timeZone } = value as Record<string, unknown>;
  if (typeof lead !== "string" || !lead) return undefined;
  return {
    lead,
    booking: typeof booking === "string" ? booking : undefined,
    timeZone: isTimeZone(timeZone) ? timeZone : undefined,
  };
}

function bookedView(
  booking: DemoBooking,
  lead: DemoRequestRow,
  timeZone: string | undefined,
  host: { name: string } | null | undefined,
): BookedDemoView {
  const businessZone = getBookingSettings().timeZone;
  const zone = timeZone ?? businessZone;
  return {
    ...(host ? { hostName: host.name } : {}),
    when: formatZonedRange(booking.slotStart, booking.slotEnd, zone),
    businessWhen:
      zone === businessZone ? undefined : formatZonedRange(booking.slotStart, booking.slotEnd, businessZone),
    icsUrl: `/demo/booking/${manageToken(booking.id)}.ics`,
    googleUrl: googleCalendarLink({ booking, manageUrl: manageUrl(booking.id) }),
  };
}

/** The thank-you cookie's booking, or undefined once it is no longer booked (cancelled through its manage link). */
async function bookedDemoView(bookingId: string, timeZone: string | undefined): Promise<BookedDemoView | undefined> {
  const found = await findBooking(bookingId);
  if (!found || found.booking.status !== "booked") return undefined;
  return bookedView(found.booking, found.lead, timeZone, found.host);
}

/** Thanks come from a signed cookie, not the URL: only an accepted request shows them; a refresh does not resubmit. */
export async function getDemoSectionState(request: Request) {
  const requestId = getRequestId(request);
  const thanks = thanksOf(await thanksCookie().parse(request.headers.get("Cookie")));
  const [booked, offer, picker] = await Promise.all([
    thanks?.booking
      ? bookedDemoView(thanks.booking, thanks.timeZone).catch((error: unknown) => {
          // Without its time the panel is still a thank-you; the e-mail names the time.
          logger.warn("demo thank-you: booking not readable", { requestId, error });
          return undefined;
        })
      : undefined,
    thanks && !thanks.booking ? bookNowOffer(thanks, { requestId }) : undefined,
    demoPickerView({ requestId }),
  ]);
  return {
    showThanks: Boolean(thanks),
    picker,
    consentVersion: currentDemoConsent().version,
    ...(booked ? { booked } : {}),
    ...(offer ? { offer } : {}),
  };
}

/** The thank-you cookie's lead, when it is one this browser stored and may still book (not a matched or trapped one). */
async function thanksLead(thanks: Thanks | undefined) {
  if (!thanks || thanks.booking || thanks.lead === receivedMarker) return undefined;
  const lead = await findDemoRequest(thanks.lead);
  return lead && !lead.suspectedSpam ? lead : undefined;
}

/**
 * ADR 0057, instant booking after the form: a request sent with no time is offered its route's times, to book the
 * lead just stored. Only once routing is set up (until then nothing changes), and never for a request-only route.
 */
async function bookNowOffer(
  thanks: Thanks,
  options: { day?: string; timeZone?: string; requestId: string },
  lead?: DemoRequestRow,
): Promise<DemoPickerView | undefined> {
  try {
    if (!isConfigured(await currentRoutingSetup())) return undefined;
    const stored = lead ?? (await thanksLead(thanks));
    if (!stored) return undefined;
    const view = await demoPickerView({
      ...options,
      timeZone: options.timeZone ?? thanks.timeZone,
      answers: { dealVolume: stored.dealVolume ?? undefined, trade: stored.trade ?? undefined },
      email: stored.email,
      submissionId: stored.submissionId,
    });
    return view.requestOnly || view.unavailable || view.days.length === 0 ? undefined : view;
  } catch (error) {
    // The offer is extra: without it the thank-you is the spec's.
    logger.warn("demo thank-you: no times offered", { requestId: options.requestId, error });
    return undefined;
  }
}

function redirectTarget(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}#demo`;
}

/** The thank-you of a request whose lead must learn nothing of the lead stored (a matched or trapped one). */
const receivedMarker = "received";

async function redirectToThanks(request: Request, thanks: Thanks | typeof receivedMarker) {
  return redirectWithSuccess(redirectTarget(request), demoToasts.success, {
    headers: { "Set-Cookie": await thanksCookie().serialize(thanks) },
  });
}

async function redirectToBooked(request: Request, lead: DemoRequestRow, booking: DemoBooking, timeZone?: string) {
  const { when, businessWhen } = bookedView(booking, lead, timeZone, undefined);
  const thanks: Thanks = { lead: lead.id, booking: booking.id, timeZone };
  return redirectWithSuccess(
    redirectTarget(request),
    {
      message: demoToasts.booked.message,
      description: `${when}${businessWhen ? ` (${businessWhen})` : ""}. ${demoToasts.booked.description}`,
    },
    { headers: { "Set-Cookie": await thanksCookie().serialize(thanks) } },
  );
}

/** "Request another demo": forget the thank-you state and show the form again. */
export async function resetDemoForm(request: Request) {
  return new Response(null, {
    status: 303,
    headers: { Location: redirectTarget(request), "Set-Cookie": await thanksCookie().serialize("", { maxAge: 0 }) },
  });
}

type DemoFormNotice = { type: "error"; message: string; description: string };

// The picker's buttons say what to show; they are not values to put back into the form.
const notRepopulated = new Set([
  demoHoneypotField,
  demoEnhancedField,
  demoDayField,
  demoShowTimesField,
  demoShownDayField,
]);

function formValues(form: FormData, { keepSubmissionId = true, keepSlot = true } = {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !notRepopulated.has(key)) values[key] = value;
  }
  if (!keepSubmissionId) delete values.submissionId;
  if (!keepSlot) delete values[demoSlotField];
  return values;
}

const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" && value ? value : undefined;
};

/** The times the posted answers are offered (ADR 0057), as the demo POST would route them. */
function pickerFor(form: FormData, requestId: string) {
  const email = demoRequestSchema.shape.email.safeParse(formText(form, "email"));
  return demoPickerView({
    day: formText(form, demoDayField) ?? formText(form, demoShownDayField),
    timeZone: formText(form, demoTimeZoneField),
    answers: { dealVolume: formText(form, "dealVolume"), trade: formText(form, "trade") },
    ...(email.success ? { email: email.data, submissionId: formText(form, "submissionId") } : {}),
    requestId,
  });
}

/** The form's answer to render it again; given a request id, with the free times as they are now. */
async function formAgain(
  form: FormData,
  fieldErrors: Record<string, string>,
  repopulateFields: Record<string, string>,
  requestId?: string,
) {
  return {
    fieldErrors,
    repopulateFields,
    formId: demoRequestFormId,
    ...(requestId === undefined ? {} : { picker: await pickerFor(form, requestId) }),
  };
}

/** Without JavaScript this response renders the page before a cookie toast could be read: the notice is data. */
async function keepFormWithNotice(
  form: FormData,
  notice: { message: string; description: string },
  status: number,
  {
    requestId,
    headers = {},
    slotMessage,
  }: { requestId: string; headers?: Record<string, string>; slotMessage?: string },
) {
  // A retry keeps its submission id so it cannot store twice, except after a conflict: that id is taken. A slot
  // not booked (taken, or its day booking up) keeps it too: the lead is stored, and the next pick books for it.
  const slotRefused = slotMessage !== undefined;
  const data = await formAgain(
    form,
    slotRefused ? { [demoSlotField]: slotMessage } : {},
    formValues(form, { keepSubmissionId: status !== 409 || slotRefused, keepSlot: !slotRefused }),
    slotRefused ? requestId : undefined,
  );
  // Hydrated forms submit through Remix's fetch, which revalidates the root loader and so shows cookie toasts.
  if (form.get(demoEnhancedField) !== "1") {
    return json({ ...data, notice: { type: "error", ...notice } satisfies DemoFormNotice }, { status, headers });
  }
  return jsonWithError(data, notice, { status, headers });
}

/** Every outcome is a response; nothing thrown reaches the visitor. */
export async function handleDemoRequestForm(request: Request, form: FormData): Promise<Response> {
  const requestId = getRequestId(request);
  // Without JavaScript a day tab posts the whole form: nothing is stored, and typed values never go into a URL.
  if (form.has(demoDayField) || form.has(demoShowTimesField)) {
    return json(await formAgain(form, {}, formValues(form), requestId));
  }
  try {
    const result = await demoRequestValidator.validate(form);
    if (result.error) {
      await chargeRefusedAttempt(request);
      return validationError(result.error, formValues(form));
    }
    // Trap field filled: likely a bot, but perhaps a browser that filled it. It gets the ordinary success answer, so
    // a bot learns nothing to adapt to; the lead is kept as suspected spam for the admin, and nothing is sent. It
    // is stored under the same limits as any lead, so a trapped flood writes no more rows than any other.
    const trap = form.get(demoHoneypotField);
    if (typeof trap === "string" && trap.trim() !== "") {
      await consumeLimits(storingLimits, { request, email: result.data.email });
      const row = await storeSuspectedSpam({
        ...result.data,
        submissionId: result.data.submissionId ?? `form-${crypto.randomUUID()}`,
        attribution: attributionFromForm(form),
        consent: await consentOf(form, request),
      });
      logger.warn("demo request trap field filled; kept as suspected spam", { requestId, demoRequestId: row.id });
      return await redirectToThanks(request, receivedMarker);
    }
    const { slot, routing } = await checkedAttempt(request, () => routedRequest(result.data));
    await consumeLimits(storingLimits, { request, email: result.data.email });
    // The browser mints the submission id on hydration (ADR 0019); a form posted without one is stored once per lead.
    const { row, booking, matched } = await store(
      request,
      {
        ...result.data,
        submissionId: result.data.submissionId ?? `form-${crypto.randomUUID()}`,
        attribution: attributionFromForm(form),
        consent: await consentOf(form, request),
        routing,
      },
      "form",
      slot,
      { oncePerLead: !result.data.submissionId },
    );
    // Whoever repeats a lead's details learns nothing of it: no booking, time or link, and no lead id in the cookie.
    if (matched) return await redirectToThanks(request, receivedMarker);
    if (booking) {
      const timeZone = formText(form, demoTimeZoneField);
      return await redirectToBooked(request, row, booking, isTimeZone(timeZone) ? timeZone : undefined);
    }
    const timeZone = formText(form, demoTimeZoneField);
    return await redirectToThanks(request, { lead: row.id, ...(isTimeZone(timeZone) ? { timeZone } : {}) });
  } catch (error) {
    if (error instanceof SlotUnavailable && error.reason === "slot-taken") {
      // Taken between render and submit: the lead is kept (ADR 0016) and its submission id goes back into the
      // form, so the next pick books for it.
      if (error.row) form.set("submissionId", error.row.submissionId);
      logger.info("demo slot taken; lead kept, visitor asked to pick another time", { requestId });
      return await keepFormWithNotice(form, demoToasts.failure, 409, { requestId, slotMessage: slotTakenMessage });
    }
    if (error instanceof SlotUnavailable && error.reason === "day-booking-up") {
      // ADR 0056: the lead is stored request-only; the visitor is told why and may pick another day for it.
      if (error.row) form.set("submissionId", error.row.submissionId);
      logger.warn("demo day booking up too fast; lead kept request-only", { requestId });
      return await keepFormWithNotice(form, demoToasts.heldBack, 409, {
        requestId,
        slotMessage: dayBookingUpMessage,
      });
    }
    if (error instanceof SlotUnavailable && error.status === 422) {
      // Not a time one can book (any more): the time field says why, with the free times as they are now.
      logger.info("demo slot refused", { requestId, reason: error.reason });
      const data = await formAgain(
        form,
        { [demoSlotField]: error.message },
        formValues(form, { keepSlot: false }),
        requestId,
      );
      return json(data, { status: 422 });
    }
    if (error instanceof RequestRejected) {
      logger.warn("demo request refused", { requestId, status: error.status, reason: error.message });
      return keepFormWithNotice(form, { message: "Error", description: error.message }, error.status, {
        requestId,
        headers: error.headers,
      });
    }
    logger.error("demo request failed", { requestId, error });
    return keepFormWithNotice(form, demoToasts.failure, 503, { requestId });
  }
}

const pickATimeMessage = "Pick a time to book it.";
const bookNowExpiredNotice = {
  message: "Error",
  description: "That offer has expired. Your request is saved and our team will contact you.",
};

/** The offer's form again, with the times as they are now and what went wrong. */
async function bookNowAgain(
  request: Request,
  form: FormData,
  thanks: Thanks,
  lead: DemoRequestRow,
  requestId: string,
  status: number,
  slotMessage?: string,
) {
  const picker = await bookNowOffer(
    thanks,
    {
      day: formText(form, demoDayField) ?? formText(form, demoShownDayField),
      timeZone: formText(form, demoTimeZoneField),
      requestId,
    },
    lead,
  );
  // No times left to offer: the thank-you stays the spec's, and the team calls as it would have.
  if (!picker) return redirectWithError(redirectTarget(request), bookNowExpiredNotice);
  return json(
    { formId: demoBookNowFormId, picker, ...(slotMessage ? { fieldErrors: { [demoSlotField]: slotMessage } } : {}) },
    { status },
  );
}

/**
 * ADR 0057, instant booking after the form: a time picked on the thank-you books the lead this browser just stored
 * (the signed thank-you cookie names it, never the form), as the same submission sent again with a time would.
 */
export async function handleBookNowForm(request: Request, form: FormData): Promise<Response> {
  const requestId = getRequestId(request);
  const thanks = thanksOf(await thanksCookie().parse(request.headers.get("Cookie")));
  const lead = await thanksLead(thanks).catch((error: unknown) => {
    logger.warn("demo book-now: lead not readable", { requestId, error });
    return undefined;
  });
  if (!thanks || !lead) return redirectWithError(redirectTarget(request), bookNowExpiredNotice);
  if (form.has(demoDayField) || form.has(demoShowTimesField)) {
    return bookNowAgain(request, form, thanks, lead, requestId, 200);
  }
  const slotStart = demoRequestSchema.shape.slotStart.safeParse(formText(form, demoSlotField));
  if (!slotStart.success || !slotStart.data) {
    return bookNowAgain(request, form, thanks, lead, requestId, 422, pickATimeMessage);
  }
  const timeZone = formText(form, demoTimeZoneField);
  const data: DemoRequestData & { submissionId: string } = {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    dealVolume: (lead.dealVolume ?? "") as DemoRequestData["dealVolume"],
    trade: lead.trade ?? "",
    challenges: lead.challenges ?? "",
    submissionId: lead.submissionId,
    slotStart: slotStart.data,
    timeZone,
  };
  try {
    const { slot } = await checkedAttempt(request, () => routedRequest(data));
    if (!slot) return bookNowAgain(request, form, thanks, lead, requestId, 409, pickATimeMessage);
    await consumeLimits(storingLimits, { request, email: lead.email });
    const { row, booking } = await store(request, data, "form", slot);
    if (!booking) throw new Error("a time was asked for and no booking or refusal came back");
    return await redirectToBooked(request, row, booking, isTimeZone(timeZone) ? timeZone : undefined);
  } catch (error) {
    if (error instanceof SlotUnavailable) {
      logger.info("demo book-now: time refused", { requestId, reason: error.reason });
      return bookNowAgain(request, form, thanks, lead, requestId, error.status, error.message);
    }
    if (error instanceof RequestRejected) {
      logger.warn("demo book-now refused", { requestId, status: error.status, reason: error.message });
      const refusal = { message: "Error", description: error.message };
      return redirectWithError(redirectTarget(request), refusal, { headers: error.headers });
    }
    logger.error("demo book-now failed", { requestId, error });
    return redirectWithError(redirectTarget(request), demoToasts.failure);
  }
}

/**
 * The trace as the API answers it: anyone may post any address, so whether it is already known stays with the
 * business (the webhooks and the CSV carry it).
 */
function publicRouting(trace: RoutingTrace): RoutingTrace {
  const { knownEmail: _known, ...answers } = trace.answers;
  return { ...trace, answers };
}

type BookingJson = {
  id: string;
  start: string;
  end: string;
  manageUrl: string;
  /** Only the host's name is public. */
  host: { name: string } | null;
};

async function bookingJson(booking: DemoBooking, request: Request): Promise<BookingJson> {
  const host = await hostById(booking.hostId);
  return {
    id: booking.id,
    host: host ? { name: host.name } : null,
    start: booking.slotStart.toISOString(),
    end: booking.slotEnd.toISOString(),
    manageUrl: `${requestOrigin(request)}${managePath(booking.id)}`,
  };
}

/** POST /api/demo-requests: the same rules and storage as the form, answered in JSON. */
export async function handleDemoRequestApi(request: Request, body: unknown): Promise<Response> {
  const requestId = getRequestId(request);
  try {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      await chargeRefusedAttempt(request);
      return jsonError(422, "The request body must be a JSON object with the demo request fields.", {
        fieldErrors: {},
      });
    }
    const parsed = demoRequestSchema.safeParse(body);
    if (!parsed.success) {
      await chargeRefusedAttempt(request);
      return jsonError(422, "The demo request is not valid; see fieldErrors.", {
        fieldErrors: parsed.error.flatten().fieldErrors as Record<string, string[]>,
      });
    }
    const attribution = apiAttribution(body);
    const { slot, routing } = await checkedAttempt(request, () => routedRequest(parsed.data));
    await consumeLimits(storingLimits, { request, email: parsed.data.email });
    // The honeypot belongs to the HTML form; API callers are not form-filling bots, so it is ignored here.
    const submissionId = parsed.data.submissionId ?? crypto.randomUUID();
    const { row, booking } = await store(request, { ...parsed.data, submissionId, attribution, routing }, "api", slot);
    return jsonOk<StoredDemoRequest & { booking?: BookingJson; routing?: RoutingTrace }>(
      {
        ...toStoredDemoRequest(row),
        ...(booking ? { booking: await bookingJson(booking, request) } : {}),
        // Once the business has set up routing (ADR 0057): before that the answer is as it always was.
        ...(row.routing?.configured ? { routing: publicRouting(row.routing) } : {}),
      },
      201,
    );
  } catch (error) {
    if (error instanceof SlotUnavailable) {
      logger.info("demo slot refused", { requestId, reason: error.reason });
      return jsonError(error.status, error.message, {
        reason: error.reason,
        fieldErrors: { slotStart: [error.message] },
        // A taken slot keeps the lead: resending the same submissionId with a new slotStart books it.
        ...(error.row ? { demoRequest: toStoredDemoRequest(error.row) } : {}),
      });
    }
    return apiErrorResponse(error, { requestId, route: "api.demo-requests" });
  }
}
