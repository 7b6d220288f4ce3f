/** `<` is escaped so the JSON can never close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** A data block needs no CSP hash. Pass `data` null in the browser: hydration keeps the server's JSON. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: data === null ? "" : serializeJsonLd(data) }}
    />
  );
}
