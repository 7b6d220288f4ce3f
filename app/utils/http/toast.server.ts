import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { signedCookie } from "~/utils/http/cookies.server";
import { remember } from "~/utils/singleton.server";

const TOAST_COOKIE = "gw_toast";

// remix-toast's built-in session is signed with a public constant; ours uses the app's secrets.
function createToastUtils() {
  return createToastUtilsWithCustomSession(createCookieSessionStorage({ cookie: signedCookie(TOAST_COOKIE) }));
}

function toastUtils() {
  return remember("toast", createToastUtils);
}

const toastCookiePattern = new RegExp(`(^|;)\\s*${TOAST_COOKIE}=`);

/** Views without a toast cookie skip the session, which would otherwise sign an empty cookie on every view. */
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
