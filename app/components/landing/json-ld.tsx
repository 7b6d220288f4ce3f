/** Structured data for search engines. `<` is escaped so the JSON can never close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * A data block, never run: the CSP does not apply to it, so it needs no hash.
 * `data` null in the browser: React does not rewrite a hydrated element's inner HTML, so the server's JSON stays
 * and the data never has to be shipped to the browser.
 */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: data === null ? "" : serializeJsonLd(data) }}
    />
  );
}
