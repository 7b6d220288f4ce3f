import { createCookie, type Cookie, type CookieSerializeOptions } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";
import { openSecret, sealSecret } from "~/utils/secret-box.server";

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

export type SealedCookie = {
  serialize(value: unknown, options?: CookieSerializeOptions): Promise<string>;
  /** The value serialize wrote, or null for no cookie, a tampered or unreadable one, or one of an older format. */
  parse(cookieHeader: string | null): Promise<unknown>;
  /** Deletes the cookie (options: the path it was set with). */
  expire(options?: CookieSerializeOptions): Promise<string>;
};

/**
 * A signed cookie whose value is also encrypted (secret-box, bound to the cookie's name), for cookies that carry a
 * secret or personal data: the browser, its extensions and anyone reading a captured header see no plain value.
 */
export function sealedCookie(name: string, { maxAge }: { maxAge?: number } = {}): SealedCookie {
  const cookie = () => signedCookie(name, { maxAge });
  const purpose = `cookie ${name}`;
  return {
    serialize: (value, options) => cookie().serialize(sealSecret(JSON.stringify(value), purpose), options),
    async parse(cookieHeader) {
      const raw: unknown = await cookie().parse(cookieHeader);
      if (typeof raw !== "string" || raw === "") return null;
      try {
        return JSON.parse(openSecret(raw, purpose)) as unknown;
      } catch {
        return null;
      }
    },
    expire: (options) => cookie().serialize("", { ...options, maxAge: 0, expires: new Date(0) }),
  };
}
