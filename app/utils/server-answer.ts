import type { ShouldRevalidateFunction } from "@remix-run/react";

// With JavaScript, Remix posts a form with fetch and throws when the answer is not one the app wrote: a proxy's
// 500/502/504 (no Remix headers), a dropped connection, a crash. Thrown from an action, that replaces the whole page
// with the root ErrorBoundary and loses what the visitor typed. A route's `clientAction` calls the server action
// through `askServer` instead and tells the visitor on the spot, leaving the page, and the form, as they were.

/** The `clientAction` result when no answer of the app's arrived. */
export type Unanswered = { unanswered: true };

export function isUnanswered(value: unknown): value is Unanswered {
  return typeof value === "object" && value !== null && (value as Partial<Unanswered>).unanswered === true;
}

/**
 * The server action's data, or `Unanswered`. Redirects go on as thrown, and so does a submission the visitor left
 * (another navigation aborted it): there is nobody to tell.
 */
export async function askServer<T>(serverAction: () => Promise<T>, signal: AbortSignal): Promise<T | Unanswered> {
  try {
    return await serverAction();
  } catch (error) {
    const redirect = error instanceof Response && error.status >= 300 && error.status < 400;
    if (redirect || signal.aborted) throw error;
    return { unanswered: true };
  }
}

/**
 * For the routes on screen during a submission: after an unanswered one, asking the same server for the page's data
 * again would most likely fail too, and a failed loader also replaces the page. The data on screen is still right.
 */
export const keepDataWhenUnanswered: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isUnanswered(actionResult) ? false : defaultShouldRevalidate;
