import type { Database } from "~/db/connection.server";
import { findBooking } from "~/models/demo/booking.server";
import { earlierPendingInvite, type DemoInvitePayload, type OutboxMessage } from "~/models/outbox/messages.server";
import { manageUrl } from "~/services/demo/booking-token.server";
import { demoChangeSalesMail, demoInviteMail, sendMail } from "~/services/outbox/mailer.server";
import { getBookingSettings } from "~/utils/env.server";

/*
 * Delivery of the booking e-mails the outbox holds.
 *
 * `demo-invite-email` { bookingId, sequence, method }: one per version of a booking (0 when booked, +1 on every
 * reschedule or cancellation). Each message sends what it was queued for: its own METHOD and its own SEQUENCE,
 * even when the booking has moved on since. A calendar applies an update only if its SEQUENCE is higher than
 * the one it has, so the versions must reach it in order: a message waits while an earlier version of the same
 * booking is still pending (a mail outage, a retry), and goes right after it. Skipping the older message
 * instead would also leave the calendar right, but the visitor would miss the confirmation e-mail they are
 * waiting for; sending it late and out of order would show them an old time after the new one.
 *
 * The times in a message are the booking's current ones (the row keeps no history). A late version therefore
 * never shows a time that no longer holds; the next version, with the same times and a higher SEQUENCE, follows.
 *
 * Once a change (sequence > 0) reached the visitor, sales get a short `demo-change-email` about it, queued in
 * the same transaction that marks the invite delivered, so it is sent once even if this worker retries.
 */

export type BookingDelivery =
  { outcome: "sent"; followUps: OutboxMessage[] } | { outcome: "wait" } | { outcome: "gone"; reason: string };

export function parseDemoInvitePayload(payload: unknown): DemoInvitePayload | undefined {
  if (!payload || typeof payload !== "object") return undefined;
  const { bookingId, sequence, method } = payload as Record<string, unknown>;
  if (typeof bookingId !== "string" || !bookingId) return undefined;
  if (typeof sequence !== "number" || !Number.isInteger(sequence) || sequence < 0) return undefined;
  if (method !== "REQUEST" && method !== "CANCEL") return undefined;
  return { bookingId, sequence, method };
}

/** The booking as it stood for this version: its own SEQUENCE, and cancelled exactly for a CANCEL. */
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

export async function deliverDemoInvite(payload: unknown, db?: Database): Promise<BookingDelivery> {
  const invite = parseDemoInvitePayload(payload);
  if (!invite) return { outcome: "gone", reason: "malformed demo-invite-email payload" };
  const earlier = await earlierPendingInvite(invite.bookingId, invite.sequence, db);
  if (earlier) return { outcome: "wait" };
  const version = await versionOf(invite, db);
  // The booking goes when its lead is deleted (on request, or after the retention period): nothing to send.
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
  );
  const followUps: OutboxMessage[] = invite.sequence > 0 ? [{ kind: "demo-change-email", payload: { ...invite } }] : [];
  return { outcome: "sent", followUps };
}

/** Sales' short note that a visitor moved or cancelled their demo (sent after the visitor's own update). */
export async function deliverDemoChange(payload: unknown, db?: Database): Promise<BookingDelivery> {
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
  );
  return { outcome: "sent", followUps: [] };
}
