// The head's stylesheet and icon, as the first paint needs them: both inline in the document, so neither costs a
// request before the page can paint (ADR 0019 for the CSP side).
import * as server from "~/deferred/server-only.server";

const STYLESHEET_ID = "page-stylesheet";

/**
 * The site's stylesheet inside the document, so nothing is fetched before the first paint. The server reads its
 * text (through the seam); the browser renders the text the server sent, read back from the page, so no render in
 * the browser can tell it apart (and the text is not in any script). Where the server has no built stylesheet to
 * read, both sides link it.
 */
export function PageStylesheet({ href }: { href: string }) {
  const css =
    typeof document === "undefined"
      ? server.publicFileText(href)
      : (document.getElementById(STYLESHEET_ID)?.textContent ?? undefined);
  if (css === undefined) return <link rel="stylesheet" href={href} />;
  return <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * The tab icon as a data URL: a `/favicon.svg` link made the browser fetch it while the page was still loading,
 * and Lighthouse counts every such request that ends before the largest paint into that paint's estimate. A small
 * PNG of the SVG: the browser decodes an SVG icon by building a document for it on the page's main thread (ADR
 * 35). The URL text is server-only
 * (through the seam); hydration keeps the attribute the server sent, and a render in the browser alone (there is
 * none for the root layout) links the file.
 */
export function PageIcon() {
  const href = typeof document === "undefined" ? server.publicPngDataUrl("/favicon.png") : undefined;
  return <link rel="icon" href={href ?? "/favicon.png"} suppressHydrationWarning />;
}
