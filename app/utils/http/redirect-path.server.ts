// Any base works: it only serves to tell whether a value stays on this origin once a browser has parsed it.
const BASE = new URL("http://same-origin.invalid");

// Browsers drop tabs and line breaks in URLs and read "\" as "/", so such values are refused whole, never cleaned.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

function staysOnSite(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/** A same-origin path as the browser will read it, or `fallback`: an open redirect would lend our name to phishing. */
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
