import { resolvePaymentWithoutOrder } from "~/models/checkout/order.server";
import { cancelBooking } from "~/models/demo/booking.server";
import { answerRejected } from "~/services/admin/session.server";
import { reassignDemoAsAdmin } from "~/services/demo/agenda.server";
import { demoOutcomeAction } from "~/services/demo/outcomes.server";
import { assertSameOrigin, getRequestId, readForm, RequestRejected } from "~/utils/http/request.server";
import type { TypedResponse } from "@remix-run/node";
import type { AdminUser } from "~/models/admin/user.server";
import type { FeedLinkAnswer } from "~/schemas/demo-host";
import { feedLinkAction, isFeedIntent } from "~/services/demo/calendar-feeds.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";
import { logger } from "~/utils/logger.server";
import { now } from "~/utils/time/clock.server";

/** The caller has checked the admin session. */
export async function handleAdminDemoAction(
  request: Request,
  admin: AdminUser,
): Promise<Response | TypedResponse<FeedLinkAnswer>> {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const intent = form.get("intent");
    if (isFeedIntent(intent)) {
      const actor = { username: admin.username, requestId: getRequestId(request) };
      return await feedLinkAction(intent, { hostId: null }, actor, "/admin#upcoming-demos");
    }
    if (intent === "resolve-payment") return await resolvePaymentAnswer(form.get("paymentId"), admin, request);
    const bookingId = form.get("bookingId");
    if (typeof bookingId !== "string" || !bookingId) throw new RequestRejected(400, "Unknown admin action.");
    switch (intent) {
      case "cancel-demo":
        return await cancelDemoAnswer(bookingId, () => "/admin#upcoming-demos");
      case "reassign-demo":
        return await reassign(bookingId, form.get("hostId"));
      case "demo-outcome":
        return await demoOutcomeAction(request.url, bookingId, form.get("outcome"));
      default:
        throw new RequestRejected(400, "Unknown admin action.");
    }
  } catch (error) {
    return answerRejected(error);
  }
}

/** `back` is given the demo's host once the demo was found. */
export async function cancelDemoAnswer(bookingId: string | undefined, back: (hostId?: string | null) => string) {
  // The same model call as the visitor's, so the visitor gets the METHOD:CANCEL invite.
  const result = bookingId ? await cancelBooking(bookingId) : { status: "not-found" as const };
  if (result.status === "not-found") {
    return redirectWithError(back(), { message: "Demo not found", description: "It may have been removed." });
  }
  return redirectWithSuccess(back(result.booking.hostId), {
    message: result.status === "cancelled" ? "Demo cancelled" : "Demo already cancelled",
    description: result.status === "cancelled" ? "The visitor is being sent the cancellation." : "Nothing was changed.",
  });
}

const reassignRefusals = {
  "not-found": ["Demo not found", "It may have ended or been cancelled."],
  cancelled: ["Demo not found", "It may have ended or been cancelled."],
  "host-not-working": ["Not reassigned", "That host is not working at that time (hours, time off or inactive)."],
  "host-busy": ["Not reassigned", "That host already has a demo at that time."],
  unchanged: ["Not reassigned", "That host already runs this demo."],
} as const;

async function reassign(bookingId: string, hostId: FormDataEntryValue | null) {
  if (typeof hostId !== "string" || !hostId) throw new RequestRejected(400, "Pick the new host.");
  const result = await reassignDemoAsAdmin(bookingId, hostId);
  if (result.status !== "reassigned") {
    const [message, description] = reassignRefusals[result.status];
    return redirectWithError("/admin#upcoming-demos", { message, description });
  }
  return redirectWithSuccess("/admin#upcoming-demos", {
    message: "Demo reassigned",
    description: "The visitor is being sent the updated invite.",
  });
}

/** The admin has refunded it or taken the order again in Stripe: it leaves the notice, and retention deletes it. */
async function resolvePaymentAnswer(paymentId: FormDataEntryValue | null, admin: AdminUser, request: Request) {
  if (typeof paymentId !== "string" || !paymentId) throw new RequestRejected(400, "Say which payment is resolved.");
  if (!(await resolvePaymentWithoutOrder(paymentId, now()))) {
    return redirectWithError("/admin#orders-heading", {
      message: "Payment not found",
      description: "It may already have been marked resolved.",
    });
  }
  logger.info("payment without order marked resolved", {
    requestId: getRequestId(request),
    paymentId,
    admin: admin.username,
  });
  return redirectWithSuccess("/admin#orders-heading", {
    message: "Payment marked resolved",
    description: "It is no longer listed; retention deletes it with the orders of its time.",
  });
}
