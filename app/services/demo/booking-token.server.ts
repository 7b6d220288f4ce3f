import { getEnv } from "~/utils/env.server";
import { isValueSignature, signValue } from "~/utils/signed-token.server";

/*
 * The manage link of a booked demo (`/demo/manage/<token>`) is the visitor's only key to it: no account, no
 * cookie, it arrives by e-mail and must work on any device. The token is the booking id and its signature
 * (app/utils/signed-token.server.ts, like the test checkout's order token, ADR 0011).
 */

const PURPOSE = "demo-booking";
const BOOKING_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The token for a booking's manage link, signed with the first secret. */
export function manageToken(bookingId: string): string {
  return `${bookingId}.${signValue(PURPOSE, bookingId)}`;
}

/** The booking id a token was made for with any configured secret, or undefined for anything else. */
export function bookingIdFromToken(token: string | null | undefined): string | undefined {
  if (!token || token.length > 120) return undefined;
  const dot = token.lastIndexOf(".");
  if (dot < 0) return undefined;
  const bookingId = token.slice(0, dot);
  return BOOKING_ID.test(bookingId) && isValueSignature(PURPOSE, bookingId, token.slice(dot + 1))
    ? bookingId
    : undefined;
}

/** The manage page's path for a booking. */
export function managePath(bookingId: string): string {
  return `/demo/manage/${manageToken(bookingId)}`;
}

/** The manage page's absolute URL (APP_URL), as e-mails and calendar files carry it. */
export function manageUrl(bookingId: string): string {
  return `${getEnv().APP_URL.replace(/\/$/, "")}${managePath(bookingId)}`;
}
