// The head's stylesheet and icon, as the first paint needs them: both inline in the document, so neither costs a
// request before the page can paint (see docs/performance.md, "First screen", and ADR 0019 for the CSP side).
import * as server from "~/deferred/server-only.server";

const STYLESHEET_ID = "page-stylesheet";
const FIRST_SCREEN_ATTRIBUTE = "data-first-screen";

/**
 * Whether this document inlines only the first screen's rules (ADR 27), the rest coming as the stylesheet file:
 * decided by the server (the seam), read back from the page in the browser, so every render agrees with the HTML.
 */
export function useFirstScreenOnly(): boolean {
  return typeof document === "undefined"
    ? server.useFirstScreenStylesheet() !== undefined
    : (document.getElementById(STYLESHEET_ID)?.hasAttribute(FIRST_SCREEN_ATTRIBUTE) ?? false);
}

/**
 * The site's stylesheet inside the document. The server reads its text (through the seam); the browser renders
 * the text the server sent, read back from the page, so no render in the browser can tell it apart (and the text
 * is not in any script). Where the server has no built stylesheet to read, both sides link it.
 *
 * On the plain landing page only the first screen's rules are inline (ADR 27): without JavaScript the `<noscript>`
 * link loads the whole stylesheet before the page renders; with it, ./hydration-scripts links the file after the
 * first paint, with the page's scripts.
 */
export function PageStylesheet({ href }: { href: string }) {
  const firstScreenOnly = useFirstScreenOnly();
  const css =
    typeof document === "undefined"
      ? (server.useFirstScreenStylesheet() ?? server.publicFileText(href))
      : (document.getElementById(STYLESHEET_ID)?.textContent ?? undefined);
  if (css === undefined) return <link rel="stylesheet" href={href} />;
  const attributes = firstScreenOnly ? { [FIRST_SCREEN_ATTRIBUTE]: "" } : {};
  return (
    <>
      <style id={STYLESHEET_ID} {...attributes} dangerouslySetInnerHTML={{ __html: css }} />
      {firstScreenOnly ? (
        <noscript dangerouslySetInnerHTML={{ __html: `<link rel="stylesheet" href="${href}">` }} />
      ) : null}
    </>
  );
}

/**
 * The tab icon as a data URL: a `/favicon.svg` link made the browser fetch it while the page was still loading,
 * and Lighthouse counts every such request that ends before the largest paint into that paint's estimate (one
 * simulated round trip, ~150 ms). A PNG of the SVG (32 px, 8 colours, 256 bytes): the browser decodes an SVG icon by
 * building a document for it on the page's main thread, ~9 ms of a load's ~200 (ADR 35). The URL text is server-only
 * (through the seam); hydration keeps the attribute the server sent, and a render in the browser alone (there is
 * none for the root layout) links the file.
 */
export function PageIcon() {
  const href = typeof document === "undefined" ? server.publicPngDataUrl("/favicon.png") : undefined;
  return <link rel="icon" href={href ?? "/favicon.png"} suppressHydrationWarning />;
}
