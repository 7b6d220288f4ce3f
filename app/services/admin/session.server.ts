import { createCookieSessionStorage, redirect, type TypedResponse } from "@remix-run/node";
import { endAdminSession, findSessionAdmin, startAdminSession } from "~/models/admin/session.server";
import { normalizeUsername, type AdminUser } from "~/models/admin/user.server";
import { jsonError } from "~/utils/http/api.server";
import { RequestRejected } from "~/utils/http/request.server";
import { signedCookie } from "~/utils/http/cookies.server";
import { getEnv } from "~/utils/env.server";
import { safeRedirectPath } from "~/utils/http/redirect-path.server";
import { remember } from "~/utils/singleton.server";

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 8;
const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function storage() {
  // Tests swap the environment between suites; the storage follows the secrets it was made with.
  return remember(
    "admin session storage",
    () =>
      createCookieSessionStorage<{ sessionToken: string }>({
        cookie: signedCookie("gw_admin", { maxAge: SESSION_MAX_AGE_SECONDS }),
      }),
    { basedOn: getEnv().sessionSecrets },
  );
}

/**
 * OWASP's device cookie: it proves and opens nothing, but gives this browser's next sign-in as that admin its own
 * queue, so a flood of strangers cannot keep the real admin waiting. It tells an attacker nothing new.
 */
function deviceCookie() {
  return remember("admin device cookie", () => signedCookie("gw_admin_device", { maxAge: DEVICE_MAX_AGE_SECONDS }), {
    basedOn: getEnv().sessionSecrets,
  });
}

export async function fromKnownDevice(request: Request, username: string): Promise<boolean> {
  const named = await deviceCookie().parse(request.headers.get("Cookie"));
  return typeof named === "string" && named === normalizeUsername(username);
}

export const adminHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

export function answerRejected(error: unknown): TypedResponse<never> {
  if (!(error instanceof RequestRejected)) throw error;
  return new Response(error.message, {
    status: error.status,
    headers: { ...adminHeaders, ...error.headers },
  }) as TypedResponse<never>;
}

/** The cookie only names a server-side session, so signing out, a reset or deleting the admin ends every copy. */
export async function getAdmin(request: Request): Promise<AdminUser | undefined> {
  const session = await storage().getSession(request.headers.get("Cookie"));
  const token = session.get("sessionToken");
  if (typeof token !== "string" || token.length > 128) return undefined;
  return findSessionAdmin(token);
}

/** Pages send an anonymous visitor to sign in (and back afterwards); the JSON API answers 401. */
export async function requireAdmin(request: Request, options: { api?: boolean } = {}): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (admin) return admin;
  if (options.api) throw jsonError(401, "Sign in as an admin to read this.", {}, adminHeaders);
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  throw redirect(`/admin/login?${params}`, { headers: adminHeaders });
}

export async function createAdminSession(admin: AdminUser, redirectTo: string | undefined) {
  const session = await storage().getSession();
  session.set("sessionToken", await startAdminSession(admin.id, SESSION_MAX_AGE_SECONDS));
  const headers = new Headers(adminHeaders);
  headers.append("Set-Cookie", await storage().commitSession(session));
  headers.append("Set-Cookie", await deviceCookie().serialize(normalizeUsername(admin.username)));
  return redirect(safeRedirectPath(redirectTo), { headers });
}

export async function destroyAdminSession(request: Request) {
  const session = await storage().getSession(request.headers.get("Cookie"));
  const token = session.get("sessionToken");
  if (typeof token === "string") await endAdminSession(token);
  return redirect("/admin/login", {
    headers: { ...adminHeaders, "Set-Cookie": await storage().destroySession(session) },
  });
}
