/**
 * A data block needs no CSP hash. Pass `data` null in the browser: hydration keeps the server's JSON. `<` is escaped
 * so the JSON can never close the script element.
 */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: data === null ? "" : JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
