// The head's stylesheet and icon, as the first paint needs them: both inline in the document, so neither costs a
// request before the page can paint (ADR 0019 for the CSP side).
import * as server from "~/deferred/server-only.server";

const STYLESHEET_ID = "page-stylesheet";

/**
 * The stylesheet inline, so nothing is fetched before the first paint. The browser reads back the text the server
 * sent, so hydration matches and the text is in no script. Without a built stylesheet, both sides link it.
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
 * The tab icon as a PNG data URL: a linked icon is a request the largest paint waits for, and an SVG icon is decoded
 * on the main thread (ADR 35). Hydration keeps the attribute the server sent.
 */
export function PageIcon() {
  const href = typeof document === "undefined" ? server.publicPngDataUrl("/favicon.png") : undefined;
  return <link rel="icon" href={href ?? "/favicon.png"} suppressHydrationWarning />;
}
