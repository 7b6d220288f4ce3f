import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getUserById, type AdminUser } from "~/models/user.server";
import { jsonError } from "./api.server";
import { getEnv } from "./env.server";
import { safeRedirectPath } from "./redirect-path.server";

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 8;

function createStorage() {
  const env = getEnv();
  return createCookieSessionStorage<{ userId: string; issuedAt: number }>({
    cookie: {
      name: "gw_admin",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.APP_URL.startsWith("https://"),
      // The first secret signs, every one verifies: SESSION_SECRET can be rotated without signing admins out.
      secrets: env.sessionSecrets,
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
}

const globalForSession = globalThis as unknown as {
  __groundworkAdminSession?: { secrets: string[]; storage: ReturnType<typeof createStorage> };
};

function storage() {
  const secrets = getEnv().sessionSecrets;
  // Tests swap the environment between suites; the storage follows the secrets it was made with.
  if (globalForSession.__groundworkAdminSession?.secrets !== secrets) {
    globalForSession.__groundworkAdminSession = { secrets, storage: createStorage() };
  }
  return globalForSession.__groundworkAdminSession.storage;
}

/** Headers every admin response carries: never cached, never indexed. */
export const adminHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/** The signed-in admin, or undefined. The user row is re-read so that deleting an admin ends its sessions. */
export async function getAdmin(request: Request): Promise<AdminUser | undefined> {
  const session = await storage().getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  const issuedAt = session.get("issuedAt");
  if (typeof userId !== "string" || typeof issuedAt !== "number") return undefined;
  // The cookie's Max-Age is only advice to the browser; a copied cookie must expire too.
  if (Date.now() - issuedAt > SESSION_MAX_AGE_SECONDS * 1000) return undefined;
  return getUserById(userId);
}

export { safeRedirectPath } from "./redirect-path.server";

/**
 * Guards admin routes. Pages send an anonymous visitor to the sign-in page (and back afterwards);
 * the JSON API answers 401.
 */
export async function requireAdmin(request: Request, options: { api?: boolean } = {}): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (admin) return admin;
  if (options.api) throw jsonError(401, "Sign in as an admin to read this.", {}, adminHeaders);
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  throw redirect(`/admin/login?${params}`, { headers: adminHeaders });
}

export async function createAdminSession(userId: string, redirectTo: string) {
  const session = await storage().getSession();
  session.set("userId", userId);
  session.set("issuedAt", Date.now());
  return redirect(safeRedirectPath(redirectTo), {
    headers: { ...adminHeaders, "Set-Cookie": await storage().commitSession(session) },
  });
}

export async function destroyAdminSession(request: Request) {
  const session = await storage().getSession(request.headers.get("Cookie"));
  return redirect("/admin/login", {
    headers: { ...adminHeaders, "Set-Cookie": await storage().destroySession(session) },
  });
}
