import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "./env.server";

// remix-toast's built-in session is signed with a public constant; ours uses the app's secrets.
function createToastUtils() {
  const env = getEnv();
  const storage = createCookieSessionStorage({
    cookie: {
      name: "gw_toast",
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

export const getToast = (request: Request) => toastUtils().getToast(request);
export const redirectWithSuccess: ReturnType<typeof createToastUtils>["redirectWithSuccess"] = (...args) =>
  toastUtils().redirectWithSuccess(...args);
export const redirectWithError: ReturnType<typeof createToastUtils>["redirectWithError"] = (...args) =>
  toastUtils().redirectWithError(...args);
export const jsonWithSuccess: ReturnType<typeof createToastUtils>["jsonWithSuccess"] = (...args) =>
  toastUtils().jsonWithSuccess(...args);
export const jsonWithError: ReturnType<typeof createToastUtils>["jsonWithError"] = (...args) =>
  toastUtils().jsonWithError(...args);
