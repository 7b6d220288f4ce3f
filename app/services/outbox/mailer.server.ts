import nodemailer, { type Transporter } from "nodemailer";
import { localDate, formatTime } from "~/utils/time/zoned-time";
import { calendarDaysBetween } from "~/utils/time/calendar-date";
import type { DemoRequestRow } from "~/db/schema.server";
import type { HostContact } from "~/models/demo/host.server";
import {
  bookingInvite,
  demoMinutes,
  inviteOrganizer,
  type InviteBooking,
  type InviteLead,
  type InviteMethod,
} from "~/services/demo/invite.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { plural } from "~/utils/plural";
import { inSpan } from "~/utils/tracing.server";
import { forget, remember } from "~/utils/singleton.server";
import { formatZonedRange, formatZonedShort, isKnownTimeZone, timeZoneLabel } from "~/utils/time/time-zone-format";

type Mail = {
  to: string;
  /** The demo's host, when the mail is about a booked demo and they are not the sales address itself. */
  cc?: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Sent as a `text/calendar` alternative, so mail clients offer Accept/Decline, and as an attachment. */
  icalEvent?: { method: InviteMethod; filename?: string; content: string };
};

const TRANSPORTER = "mail transporter";

function transporterFor(url: string): Transporter {
  return remember(
    TRANSPORTER,
    // Short timeouts: a hung mail server must fail the attempt (and be retried), not hold the worker.
    () =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    { basedOn: url, dispose: (stale) => stale.close() },
  );
}

/** Which outbox message a mail is: all the log says of it when there is no SMTP_URL. */
export type MailOrigin = { kind: string; outboxId: string };

/**
 * Sends over SMTP_URL; without it the mail goes to the log, so a fresh install still shows that mail went out. The
 * line names the outbox message and whether the mail was for the sales team or the visitor, never a subject, name,
 * company, address or phone: the lead is found in the admin from the message's id.
 */
export async function sendMail(mail: Mail, origin: MailOrigin): Promise<{ delivery: "smtp" | "log" }> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    logger.info("e-mail (SMTP_URL not set, logged instead of sent)", {
      kind: origin.kind,
      outboxId: origin.outboxId,
      recipient: mail.to.toLowerCase() === env.SALES_EMAIL.toLowerCase() ? "sales" : "visitor",
      to: "[redacted]",
      ...(mail.cc ? { cc: "[redacted]" } : {}),
      ...(mail.icalEvent ? { icalEvent: { method: mail.icalEvent.method } } : {}),
    });
    return { delivery: "log" };
  }
  const url = env.SMTP_URL;
  await inSpan("email send", { kind: "client" }, () => transporterFor(url).sendMail(mail));
  return { delivery: "smtp" };
}

export function closeMailer() {
  forget<Transporter>(TRANSPORTER)?.close();
}

// Header values come from visitors: a line break there would start a new header.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** The booked demo, or a slot taken meanwhile, so someone has to agree a time with the visitor. */
export type LeadScheduling =
  | { booking: InviteBooking; businessTimeZone: string; host?: HostContact }
  | { slotTaken: true; requestedStart?: Date; businessTimeZone?: string };

function schedulingLines(scheduling: LeadScheduling | undefined): { subject: string; lines: string[] } {
  if (!scheduling) return { subject: "New demo request", lines: [] };
  if ("booking" in scheduling) {
    const { booking, businessTimeZone } = scheduling;
    const when = formatZonedRange(booking.slotStart, booking.slotEnd, businessTimeZone);
    const cancelled = booking.status === "cancelled";
    return {
      subject: cancelled ? "New demo request (booking since cancelled)" : "New demo booked",
      lines: [
        `Demo:        ${when}${cancelled ? " (cancelled since)" : ""}`,
        ...(scheduling.host ? [`Host:        ${scheduling.host.name} <${scheduling.host.email}>`] : []),
      ],
    };
  }
  const asked =
    scheduling.requestedStart && scheduling.businessTimeZone
      ? ` (asked for ${formatZonedShort(scheduling.requestedStart, scheduling.businessTimeZone)})`
      : "";
  return {
    subject: "New demo request (needs a time)",
    lines: [`Demo:        Needs a time — the chosen slot was taken${asked}`],
  };
}

/** The host gets the lead's details and changes too, unless they read the sales mailbox already. */
function hostCopy(host: HostContact | undefined): { cc?: string } {
  const env = getEnv();
  return host && host.email.toLowerCase() !== env.SALES_EMAIL.toLowerCase() ? { cc: oneLine(host.email) } : {};
}

export function newLeadMail(lead: DemoRequestRow, scheduling?: LeadScheduling): Mail {
  const env = getEnv();
  const name = `${lead.firstName} ${lead.lastName}`;
  const adminUrl = `${env.APP_URL}/admin?q=${encodeURIComponent(lead.email)}`;
  const schedule = schedulingLines(scheduling);
  return {
    to: env.SALES_EMAIL,
    ...hostCopy(scheduling && "booking" in scheduling ? scheduling.host : undefined),
    from: env.MAIL_FROM,
    replyTo: oneLine(lead.email),
    subject: oneLine(`${schedule.subject}: ${name} (${lead.company})`),
    text: [
      `A new demo request arrived on ${env.BRAND_NAME}.`,
      "",
      `Name:        ${name}`,
      `E-mail:      ${lead.email}`,
      `Phone:       ${lead.phone}`,
      `Company:     ${lead.company}`,
      `Deal volume: ${lead.dealVolume ? `${lead.dealVolume} deals` : "not given"}`,
      `Received:    ${lead.createdAt.toISOString()}`,
      ...schedule.lines,
      "",
      "Challenges:",
      lead.challenges?.trim() || "(none given)",
      "",
      `All requests: ${adminUrl}`,
      "",
    ].join("\n"),
  };
}

type DemoInviteMailInput = {
  booking: InviteBooking;
  lead: InviteLead;
  method: InviteMethod;
  /** The visitor's /demo/manage/<token> page (absolute). */
  manageUrl: string;
  /** DEMO_TIME_ZONE: the time the business keeps, named in every e-mail. */
  businessTimeZone: string;
  /** The visitor's zone when the form reported it; an unknown name is ignored (UTC is shown instead). */
  visitorTimeZone?: string;
  /** The demo's host: the invite's organizer, named in the mail, and where replies go. */
  host?: HostContact;
};

function demoTimes(booking: InviteBooking, businessTimeZone: string, visitorTimeZone: string | undefined) {
  const business = formatZonedRange(booking.slotStart, booking.slotEnd, businessTimeZone);
  const visitor =
    visitorTimeZone && isKnownTimeZone(visitorTimeZone)
      ? formatZonedRange(booking.slotStart, booking.slotEnd, visitorTimeZone)
      : undefined;
  const second =
    visitor && visitor !== business ? visitor : formatZonedRange(booking.slotStart, booking.slotEnd, "UTC");
  return [business, second];
}

export function demoInviteMail({
  booking,
  lead,
  method,
  manageUrl,
  businessTimeZone,
  visitorTimeZone,
  host,
}: DemoInviteMailInput): Mail {
  const env = getEnv();
  const [when, alsoWhen] = demoTimes(booking, businessTimeZone, visitorTimeZone);
  const short = formatZonedShort(booking.slotStart, businessTimeZone);
  const minutes = demoMinutes(booking);
  const updated = method === "REQUEST" && booking.sequence > 0;
  const subject =
    method === "CANCEL"
      ? `Cancelled: your ${env.BRAND_NAME} demo on ${short}`
      : updated
        ? `Updated: your ${env.BRAND_NAME} demo is now ${short}`
        : `Your demo is booked: ${short}`;
  const opening =
    method === "CANCEL"
      ? `Your ${minutes}-minute ${env.BRAND_NAME} demo has been cancelled. It was booked for:`
      : updated
        ? `Your ${minutes}-minute ${env.BRAND_NAME} demo has moved. The new time:`
        : `Your ${minutes}-minute ${env.BRAND_NAME} demo is booked for:`;
  const closing =
    method === "CANCEL"
      ? [
          "The attached update removes it from your calendar.",
          "",
          "Want to book another time?",
          `${env.APP_URL}/#demo-booking`,
        ]
      : [
          "The invitation is attached: open it to add the demo to your calendar.",
          "",
          "Need another time, or can't make it? Reschedule or cancel here:",
          manageUrl,
        ];
  return {
    to: oneLine(lead.email),
    from: env.MAIL_FROM,
    replyTo: host ? oneLine(host.email) : env.SALES_EMAIL,
    subject: oneLine(subject),
    text: [
      // No name: whoever books types it, and an invite can reach any mailbox (ADR 0056).
      "Hello,",
      "",
      opening,
      "",
      `  ${when}`,
      `  (${alsoWhen})`,
      ...(host ? ["", `Your host: ${host.name}`] : []),
      "",
      ...closing,
      "",
      `The ${env.BRAND_NAME} team`,
      "",
    ].join("\n"),
    icalEvent: {
      method,
      filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
      content: bookingInvite({ booking, lead, method, manageUrl, organizer: host && inviteOrganizer(host) }),
    },
  };
}

export function demoChangeSalesMail({
  booking,
  lead,
  method,
  businessTimeZone,
  host,
}: Omit<DemoInviteMailInput, "manageUrl" | "visitorTimeZone">): Mail {
  const env = getEnv();
  const name = `${lead.firstName} ${lead.lastName}`;
  const when = formatZonedRange(booking.slotStart, booking.slotEnd, businessTimeZone);
  const cancelled = method === "CANCEL";
  return {
    to: env.SALES_EMAIL,
    ...hostCopy(host),
    from: env.MAIL_FROM,
    replyTo: oneLine(lead.email),
    subject: oneLine(`${cancelled ? "Demo cancelled" : "Demo moved"}: ${name} (${lead.company})`),
    text: [
      // Neutral: the visitor's manage link and an admin's cancel both end here.
      cancelled
        ? `The ${env.BRAND_NAME} demo with ${name} (${lead.company}) was cancelled. It was booked for:`
        : `The ${env.BRAND_NAME} demo with ${name} (${lead.company}) was moved. The new time:`,
      "",
      `  ${when}`,
      ...(host ? [`  Host: ${host.name}`] : []),
      "",
      `E-mail: ${lead.email}`,
      `Phone:  ${lead.phone}`,
      "",
      `Upcoming demos: ${env.APP_URL}/admin`,
      "",
    ].join("\n"),
  };
}

/** "1 hour", "90 minutes" → "1 hour 30 minutes", "30 minutes". */
function hoursAndMinutes(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return [hours && plural(hours, "hour"), minutes && plural(minutes, "minute")].filter(Boolean).join(" ");
}

/** "starts in 1 hour" shortly before, else "is tomorrow" (the subject adds the time), seen in the business's zone. */
function reminderWhen(booking: InviteBooking, minutesBefore: number, timeZone: string) {
  if (minutesBefore <= 180) {
    const soon = `starts in ${hoursAndMinutes(minutesBefore)}`;
    return { subject: soon, sentence: soon };
  }
  const remindedAt = new Date(booking.slotStart.getTime() - minutesBefore * 60_000);
  const days = calendarDaysBetween(localDate(remindedAt, timeZone), localDate(booking.slotStart, timeZone));
  const onDay = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" });
  const day = days === 0 ? "today" : days === 1 ? "tomorrow" : `on ${onDay.format(booking.slotStart)}`;
  return {
    subject: `is ${day} at ${formatTime(booking.slotStart, timeZone)} ${timeZoneLabel(timeZone, booking.slotStart)}`,
    sentence: `is ${day}`,
  };
}

/** ADR 0031: the host calls the visitor's number (no video link); no invite attached, the calendar has it already. */
export function demoReminderMail({
  booking,
  lead,
  minutesBefore,
  manageUrl,
  businessTimeZone,
  visitorTimeZone,
  host,
}: Omit<DemoInviteMailInput, "method"> & { minutesBefore: number }): Mail {
  const env = getEnv();
  const [when, alsoWhen] = demoTimes(booking, businessTimeZone, visitorTimeZone);
  const soon = reminderWhen(booking, minutesBefore, businessTimeZone);
  const caller = host ? `Your host, ${host.name},` : "We";
  return {
    to: oneLine(lead.email),
    from: env.MAIL_FROM,
    replyTo: host ? oneLine(host.email) : env.SALES_EMAIL,
    subject: oneLine(`Reminder: your ${env.BRAND_NAME} demo ${soon.subject}`),
    text: [
      // No name: whoever books types it, and an invite can reach any mailbox (ADR 0056).
      "Hello,",
      "",
      `A reminder: your ${demoMinutes(booking)}-minute ${env.BRAND_NAME} demo ${soon.sentence}.`,
      "",
      `  ${when}`,
      `  (${alsoWhen})`,
      "",
      `${caller} will call you at ${lead.phone} (the number you gave us) at that time.`,
      "Wrong number, or a question before the demo? Just reply to this e-mail.",
      "",
      "Need another time, or can't make it? Reschedule or cancel here:",
      manageUrl,
      "",
      `The ${env.BRAND_NAME} team`,
      "",
    ].join("\n"),
  };
}
