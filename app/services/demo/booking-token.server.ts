import { getEnv } from "~/utils/env.server";
import { isValueSignature, signValue } from "~/utils/signed-token.server";

// The manage link is the visitor's only key to the booking (no account, any device), so it is signed (ADR 0011).

const PURPOSE = "demo-booking";
const BOOKING_ID = /^[A-Za-z0-9-]{1,64}$/;

export function manageToken(bookingId: string): string {
  return `${bookingId}.${signValue(PURPOSE, bookingId)}`;
}

/** Any configured secret is accepted, so secrets can be rotated. */
export function bookingIdFromToken(token: string | null | undefined): string | undefined {
  if (!token || token.length > 120) return undefined;
  const dot = token.lastIndexOf(".");
  if (dot < 0) return undefined;
  const bookingId = token.slice(0, dot);
  return BOOKING_ID.test(bookingId) && isValueSignature(PURPOSE, bookingId, token.slice(dot + 1))
    ? bookingId
    : undefined;
}

export function managePath(bookingId: string): string {
  return `/demo/manage/${manageToken(bookingId)}`;
}

/** Absolute: e-mails and calendar files carry it. */
export function manageUrl(bookingId: string): string {
  return `${getEnv().APP_URL}${managePath(bookingId)}`;
}
