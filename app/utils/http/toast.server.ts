import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { signedCookie } from "~/utils/http/cookies.server";
import { remember } from "~/utils/singleton.server";

const TOAST_COOKIE = "gw_toast";

// remix-toast's built-in session is signed with a public constant; ours uses the app's secrets.
const toastUtils = () =>
  remember("toast", () =>
    createToastUtilsWithCustomSession(createCookieSessionStorage({ cookie: signedCookie(TOAST_COOKIE) })),
  );
type ToastUtils = ReturnType<typeof toastUtils>;

const toastCookiePattern = new RegExp(`(^|;)\\s*${TOAST_COOKIE}=`);

/** Views without a toast cookie skip the session, which would otherwise sign an empty cookie on every view. */
export const getToast: ToastUtils["getToast"] = async (request) => {
  if (!toastCookiePattern.test(request.headers.get("Cookie") ?? ""))
    return { toast: undefined, headers: new Headers() };
  return toastUtils().getToast(request);
};
export const redirectWithSuccess: ToastUtils["redirectWithSuccess"] = (...args) =>
  toastUtils().redirectWithSuccess(...args);
export const redirectWithError: ToastUtils["redirectWithError"] = (...args) => toastUtils().redirectWithError(...args);
export const jsonWithError: ToastUtils["jsonWithError"] = (...args) => toastUtils().jsonWithError(...args);
