/**
 * Query parameters that carry a secret or a person: the calendar feed's `key`, the test checkout's `token`, a
 * Stripe Checkout `session_id` (it opens the success page of its order) and the admin's privacy lookup `email`.
 */
export const SECRET_QUERY_PARAMETERS = ["key", "token", "session_id", "email"] as const;

/**
 * Routes whose path segment is a secret: the manage link's token, a booking's calendar file (named by that token)
 * and the test checkout's order. Every route with a dynamic segment is listed here or in PLAIN_PATH_ROUTES
 * (tests/integration/logs.test.ts checks), so a new one must be classified.
 */
export const SECRET_PATH_ROUTES = ["/demo/manage/:token", "/demo/booking/:file", "/checkout/test/:orderId"] as const;

/** Dynamic segments that name nothing secret: an admin page's endpoint id, and the catch-alls' paths. */
export const PLAIN_PATH_ROUTES = ["/admin/webhooks/:endpointId", "/api/*", "/*"] as const;

// A slash may be written %2F (a path inside another URL's query). A route pattern's `:token` is no secret.
const slash = "(?:/|%2F)";

const secretInQuery = new RegExp(
  `((?:[?&]|%3F|%26)(?:${SECRET_QUERY_PARAMETERS.join("|")})(?:=|%3D))[^&#\\s"'\\\\]*`,
  "gi",
);

const secretInPath = new RegExp(
  `(${slash}(?:${SECRET_PATH_ROUTES.map((route) => route.split("/").slice(1, -1).join(slash)).join(
    "|",
  )})${slash})(?![:[])[^/?#&\\s"'\\\\]+`,
  "gi",
);

/**
 * Any URL or path in `text` with its secret path segments and query values replaced. Every log line goes through it
 * (utils/logger.server.ts), so no line carries one, whatever the code logs.
 */
export function redactSecrets(text: string): string {
  return text.replace(secretInQuery, "$1[redacted]").replace(secretInPath, "$1[redacted]");
}
