// Calling the app's loaders and actions in-process from integration tests, and signing in as an admin that way.
import { expect } from "vitest";
import { action as loginAction } from "~/routes/admin_.login";

/** The origin the requests are addressed to (and send as their Origin header where a form post needs one). */
export const origin = "http://localhost:3000";

/** The arguments a loader or action receives, for a request to a route without params. */
export const args = (request: Request) => ({ request, params: {}, context: {} });

/** A response's Set-Cookie values as the Cookie header the browser would send back. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Runs a loader/action and returns its Response whether it was returned or thrown (redirects). */
export async function respond(run: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    throw new Error(`expected a Response, got ${JSON.stringify(result)}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** The sign-in form's POST to /admin/login; `headers` are added to (and may replace) the same-origin ones. */
export function signInRequest(
  username: string,
  password: string,
  { redirectTo = "/admin", headers = {} }: { redirectTo?: string; headers?: Record<string, string> } = {},
) {
  return new Request(`${origin}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body: new URLSearchParams({ username, password, redirectTo }),
  });
}

/** Signs in through the login action, expects its redirect, and returns the session cookie as `name=value`. */
export async function signIn(username: string, password: string, headers: Record<string, string> = {}) {
  const response = await respond(() => loginAction(args(signInRequest(username, password, { headers }))));
  expect(response.status).toBe(302);
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}
