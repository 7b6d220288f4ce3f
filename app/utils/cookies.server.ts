import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";

/**
 * Every cookie the site sets: signed with the app's secrets (the first signs, every one verifies, so
 * SESSION_SECRET can be rotated without signing anyone out), out of reach of scripts, sent on top-level
 * navigations from other sites but not on their sub-requests, and Secure whenever the site is served over HTTPS.
 * Each caller adds only its name and how long the cookie lives.
 */
export function signedCookie(name: string, { maxAge }: { maxAge?: number } = {}): Cookie {
  const env = getEnv();
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.APP_URL.startsWith("https://"),
    secrets: env.sessionSecrets,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
}
