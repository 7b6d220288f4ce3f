// Any base works: it only serves to tell whether a value stays on this origin once a browser has parsed it.
const BASE = new URL("http://same-origin.invalid");

// Browsers drop tabs and line breaks inside URLs and read "\" as "/", so "/\t/evil.example" and "/\\evil.example"
// both lead off-site; a carriage return cannot even be put in a Location header. Such values are refused whole,
// never cleaned up into something else.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

function staysOnSite(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/**
 * A same-origin absolute path to redirect to after sign-in, normalised the way a browser will read it
 * (percent-encoded, dot segments resolved), or `fallback`. An open redirect after sign-in would lend our
 * name to a phishing page.
 */
export function safeRedirectPath(value: unknown, fallback = "/admin"): string {
  if (typeof value !== "string" || value.length > 2048 || controlCharacter.test(value) || !staysOnSite(value))
    return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to "//evil.example": check what the browser would get, not only what was sent.
  if (url.origin !== BASE.origin || !staysOnSite(path) || new URL(path, BASE).origin !== BASE.origin) return fallback;
  return path;
}
