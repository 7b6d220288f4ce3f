import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";

/** Every cookie the site sets. The first secret signs and all verify, so SESSION_SECRET rotates without sign-outs. */
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
