/** Query parameters that carry a secret: the calendar feed's `key`, the test checkout's `token`. */
export const SECRET_QUERY_PARAMETERS = ["key", "token"] as const;

const secretInQuery = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join("|")})=)[^&#\\s"']*`, "gi");

/** Any URL in `text` with its secret query values replaced, so a log line never carries one. */
export function redactSecrets(text: string): string {
  return text.replace(secretInQuery, "$1[redacted]");
}
