import type { Database } from "~/db/connection.server";
import { findBooking } from "~/models/demo/booking.server";
import type { DemoReminderPayload } from "~/models/outbox/messages.server";
import { manageUrl } from "~/services/demo/booking-token.server";
import { demoReminderMail, sendMail } from "~/services/outbox/mailer.server";
import { getBookingSettings } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { demoReminders } from "~/utils/metrics.server";

// ADR 0031. A reminder of a booking since cancelled, deleted or changed is superseded (the change queued the new
// version's). One far too late is skipped: "in 1 hour" half an hour before the demo misleads more than it helps.

/** Only an outage makes a reminder later than this. */
const REMINDER_GRACE_MS = 10 * 60_000;
/** Sent later than this counts as late in the metrics: the worker looks every few seconds. */
const LATE_AFTER_MS = 60_000;

export const REMINDER_SKIPPED_MESSAGE = "demo reminder skipped: its moment passed while the service was down";

type ReminderDelivery =
  | { outcome: "sent" }
  | { outcome: "superseded"; reason: string }
  | { outcome: "early"; dueAt: Date }
  | { outcome: "skipped"; reason: string }
  | { outcome: "malformed"; reason: string };

function parseDemoReminderPayload(payload: unknown): DemoReminderPayload | undefined {
  if (!payload || typeof payload !== "object") return undefined;
  const { bookingId, sequence, minutesBefore } = payload as Record<string, unknown>;
  if (typeof bookingId !== "string" || !bookingId) return undefined;
  if (typeof sequence !== "number" || !Number.isInteger(sequence) || sequence < 0) return undefined;
  if (typeof minutesBefore !== "number" || !Number.isInteger(minutesBefore) || minutesBefore < 1) return undefined;
  return { bookingId, sequence, minutesBefore };
}

function lateness(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `at` is the app's clock. */
export async function deliverDemoReminder(
  payload: unknown,
  { at, messageId }: { at: Date; messageId: string },
  db?: Database,
): Promise<ReminderDelivery> {
  const reminder = parseDemoReminderPayload(payload);
  if (!reminder) return { outcome: "malformed", reason: "malformed demo-reminder-email payload" };
  const found = await findBooking(reminder.bookingId, db);
  if (!found) return { outcome: "superseded", reason: `booking ${reminder.bookingId} no longer exists` };
  const { booking } = found;
  if (booking.status !== "booked") return { outcome: "superseded", reason: `booking ${booking.id} was cancelled` };
  if (booking.sequence !== reminder.sequence) {
    return { outcome: "superseded", reason: `booking ${booking.id} changed (SEQUENCE ${booking.sequence})` };
  }

  const dueAt = new Date(booking.slotStart.getTime() - reminder.minutesBefore * 60_000);
  if (at.getTime() < dueAt.getTime()) return { outcome: "early", dueAt };
  const lateMs = at.getTime() - dueAt.getTime();
  if (lateMs > REMINDER_GRACE_MS || at.getTime() >= booking.slotStart.getTime()) {
    logger.warn(REMINDER_SKIPPED_MESSAGE, {
      outboxId: messageId,
      bookingId: booking.id,
      sequence: booking.sequence,
      minutesBefore: reminder.minutesBefore,
      dueAt: dueAt.toISOString(),
      demoStart: booking.slotStart.toISOString(),
      lateMs,
      late: lateness(lateMs),
    });
    demoReminders.inc({ outcome: "skipped" });
    return { outcome: "skipped", reason: `skipped: its moment passed ${lateness(lateMs)} before the worker saw it` };
  }

  await sendMail(
    demoReminderMail({
      booking,
      lead: found.lead,
      minutesBefore: reminder.minutesBefore,
      manageUrl: manageUrl(booking.id),
      businessTimeZone: getBookingSettings().timeZone,
      visitorTimeZone: booking.visitorTimeZone ?? undefined,
      host: found.host ?? undefined,
    }),
    { kind: "demo-reminder-email", outboxId: messageId },
  );
  demoReminders.inc({ outcome: lateMs > LATE_AFTER_MS ? "late" : "sent" });
  return { outcome: "sent" };
}
