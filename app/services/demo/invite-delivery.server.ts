import type { Database } from "~/db/connection.server";
import { findBooking } from "~/models/demo/booking.server";
import { earlierPendingInvite, type DemoInvitePayload, type OutboxMessage } from "~/models/outbox/messages.server";
import { manageUrl } from "~/services/demo/booking-token.server";
import { demoChangeSalesMail, demoInviteMail, sendMail } from "~/services/outbox/mailer.server";
import { getBookingSettings } from "~/utils/env.server";

// Calendars apply an update only if its SEQUENCE is higher, so a booking's versions go in order: a message waits
// for an earlier pending one rather than skip it (the visitor would miss their confirmation). Times are the booking's
// current ones, so a late version never shows a stale time. Sales' change note is queued in the transaction that
// marks the invite delivered, so a retry cannot send it twice.

export type BookingDelivery =
  { outcome: "sent"; followUps: OutboxMessage[] } | { outcome: "wait" } | { outcome: "gone"; reason: string };

function parseDemoInvitePayload(payload: unknown): DemoInvitePayload | undefined {
  if (!payload || typeof payload !== "object") return undefined;
  const { bookingId, sequence, method } = payload as Record<string, unknown>;
  if (typeof bookingId !== "string" || !bookingId) return undefined;
  if (typeof sequence !== "number" || !Number.isInteger(sequence) || sequence < 0) return undefined;
  if (method !== "REQUEST" && method !== "CANCEL") return undefined;
  return { bookingId, sequence, method };
}

async function versionOf(payload: DemoInvitePayload, db?: Database) {
  const found = await findBooking(payload.bookingId, db);
  if (!found) return undefined;
  return {
    found,
    booking: {
      ...found.booking,
      sequence: payload.sequence,
      status: payload.method === "CANCEL" ? ("cancelled" as const) : ("booked" as const),
    },
  };
}

export async function deliverDemoInvite(payload: unknown, outboxId: string, db?: Database): Promise<BookingDelivery> {
  const invite = parseDemoInvitePayload(payload);
  if (!invite) return { outcome: "gone", reason: "malformed demo-invite-email payload" };
  const earlier = await earlierPendingInvite(invite.bookingId, invite.sequence, db);
  if (earlier) return { outcome: "wait" };
  const version = await versionOf(invite, db);
  // The booking goes when its lead is deleted: nothing to send.
  if (!version) return { outcome: "gone", reason: `booking ${invite.bookingId} no longer exists` };
  const { timeZone } = getBookingSettings();
  await sendMail(
    demoInviteMail({
      booking: version.booking,
      lead: version.found.lead,
      method: invite.method,
      manageUrl: manageUrl(invite.bookingId),
      businessTimeZone: timeZone,
      visitorTimeZone: version.booking.visitorTimeZone ?? undefined,
      host: version.found.host ?? undefined,
    }),
    { kind: "demo-invite-email", outboxId },
  );
  const followUps: OutboxMessage[] = invite.sequence > 0 ? [{ kind: "demo-change-email", payload: { ...invite } }] : [];
  return { outcome: "sent", followUps };
}

/** Sales' short note that a visitor moved or cancelled their demo (sent after the visitor's own update). */
export async function deliverDemoChange(payload: unknown, outboxId: string, db?: Database): Promise<BookingDelivery> {
  const change = parseDemoInvitePayload(payload);
  if (!change) return { outcome: "gone", reason: "malformed demo-change-email payload" };
  const version = await versionOf(change, db);
  if (!version) return { outcome: "gone", reason: `booking ${change.bookingId} no longer exists` };
  await sendMail(
    demoChangeSalesMail({
      booking: version.booking,
      lead: version.found.lead,
      method: change.method,
      businessTimeZone: getBookingSettings().timeZone,
      host: version.found.host ?? undefined,
    }),
    { kind: "demo-change-email", outboxId },
  );
  return { outcome: "sent", followUps: [] };
}
