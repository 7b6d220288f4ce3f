import type { ShouldRevalidateFunction } from "@remix-run/react";

// Remix throws when an answer is not the app's (a proxy's 502, a dropped connection), replacing the page and losing
// what the visitor typed; a `clientAction` calls `askServer` instead and keeps the form as it was.

export type Unanswered = { unanswered: true };

export function isUnanswered(value: unknown): value is Unanswered {
  return typeof value === "object" && value !== null && (value as Partial<Unanswered>).unanswered === true;
}

/** Redirects and aborted submissions are rethrown: for the latter there is nobody to tell. */
export async function askServer<T>(serverAction: () => Promise<T>, signal: AbortSignal): Promise<T | Unanswered> {
  try {
    return await serverAction();
  } catch (error) {
    const redirect = error instanceof Response && error.status >= 300 && error.status < 400;
    if (redirect || signal.aborted) throw error;
    return { unanswered: true };
  }
}

/** After an unanswered submission a reload would likely fail too and replace the page; the data on screen is right. */
export const keepDataWhenUnanswered: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isUnanswered(actionResult) ? false : defaultShouldRevalidate;
