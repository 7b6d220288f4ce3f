import nodemailer, { type Transporter } from "nodemailer";
import type { DemoRequestRow } from "~/db/schema.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export type Mail = { to: string; from: string; replyTo?: string; subject: string; text: string };

const globalForMail = globalThis as unknown as { __groundworkMailer?: { url: string; transporter: Transporter } };

function transporterFor(url: string): Transporter {
  if (globalForMail.__groundworkMailer?.url !== url) {
    globalForMail.__groundworkMailer?.transporter.close();
    globalForMail.__groundworkMailer = {
      url,
      // Short timeouts: a hung mail server must fail the attempt (and be retried), not hold the worker.
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return globalForMail.__groundworkMailer.transporter;
}

/** Sends over SMTP_URL; without it the mail goes to the log, so a fresh install still shows every lead. */
export async function sendMail(mail: Mail): Promise<{ delivery: "smtp" | "log" }> {
  const url = getEnv().SMTP_URL;
  if (!url) {
    logger.info("e-mail (SMTP_URL not set, logged instead of sent)", { ...mail });
    return { delivery: "log" };
  }
  await transporterFor(url).sendMail(mail);
  return { delivery: "smtp" };
}

export function closeMailer() {
  globalForMail.__groundworkMailer?.transporter.close();
  globalForMail.__groundworkMailer = undefined;
}

// Header values come from visitors: a line break there would start a new header.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export function newLeadMail(lead: DemoRequestRow): Mail {
  const env = getEnv();
  const name = `${lead.firstName} ${lead.lastName}`;
  const adminUrl = `${env.APP_URL.replace(/\/$/, "")}/admin?q=${encodeURIComponent(lead.email)}`;
  return {
    to: env.SALES_EMAIL,
    from: env.MAIL_FROM,
    replyTo: oneLine(lead.email),
    subject: oneLine(`New demo request: ${name} (${lead.company})`),
    text: [
      `A new demo request arrived on ${env.BRAND_NAME}.`,
      "",
      `Name:        ${name}`,
      `E-mail:      ${lead.email}`,
      `Phone:       ${lead.phone}`,
      `Company:     ${lead.company}`,
      `Deal volume: ${lead.dealVolume ? `${lead.dealVolume} deals` : "not given"}`,
      `Received:    ${lead.createdAt.toISOString()}`,
      "",
      "Challenges:",
      lead.challenges?.trim() || "(none given)",
      "",
      `All requests: ${adminUrl}`,
      "",
    ].join("\n"),
  };
}
