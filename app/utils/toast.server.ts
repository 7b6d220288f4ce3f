import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "./env.server";

const TOAST_COOKIE = "gw_toast";

// remix-toast's built-in session is signed with a public constant; ours uses the app's secrets.
function createToastUtils() {
  const env = getEnv();
  const storage = createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.APP_URL.startsWith("https://"),
      secrets: env.sessionSecrets,
    },
  });
  return createToastUtilsWithCustomSession(storage);
}

const globalForToast = globalThis as unknown as { __groundworkToast?: ReturnType<typeof createToastUtils> };

function toastUtils() {
  globalForToast.__groundworkToast ??= createToastUtils();
  return globalForToast.__groundworkToast;
}

const toastCookiePattern = new RegExp(`(^|;)\\s*${TOAST_COOKIE}=`);

/**
 * The toast in the request's cookie, if any. Most page views carry no toast cookie: they skip the session, which
 * would otherwise sign (HMAC) an empty cookie on every view only for the root loader to drop it.
 */
export const getToast: ReturnType<typeof createToastUtils>["getToast"] = async (request) => {
  if (!toastCookiePattern.test(request.headers.get("Cookie") ?? ""))
    return { toast: undefined, headers: new Headers() };
  return toastUtils().getToast(request);
};
export const redirectWithSuccess: ReturnType<typeof createToastUtils>["redirectWithSuccess"] = (...args) =>
  toastUtils().redirectWithSuccess(...args);
export const redirectWithError: ReturnType<typeof createToastUtils>["redirectWithError"] = (...args) =>
  toastUtils().redirectWithError(...args);
export const jsonWithSuccess: ReturnType<typeof createToastUtils>["jsonWithSuccess"] = (...args) =>
  toastUtils().jsonWithSuccess(...args);
export const jsonWithError: ReturnType<typeof createToastUtils>["jsonWithError"] = (...args) =>
  toastUtils().jsonWithError(...args);
