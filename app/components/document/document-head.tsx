// The head's stylesheet and icon, inline in the document so nothing is fetched before the first paint (ADR 0052).
// The server passes their text through entry.server; the browser reads back what the server sent, so hydration
// matches and the stylesheet is in no script.
import { createContext, useContext } from "react";

export type DocumentAssets = { stylesheet: string; icon?: string };

/** Provided by entry.server only: in the browser the document already holds both. */
export const DocumentAssetsContext = createContext<DocumentAssets | undefined>(undefined);

const STYLESHEET_ID = "page-stylesheet";

export function PageStylesheet() {
  const assets = useContext(DocumentAssetsContext);
  const css = assets?.stylesheet ?? document.getElementById(STYLESHEET_ID)?.textContent ?? "";
  return <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * The tab icon as a PNG data URL: a linked icon is a request the largest paint waits for, and an SVG icon is decoded
 * on the main thread (ADR 35). Hydration keeps the attribute the server sent.
 */
export function PageIcon() {
  const assets = useContext(DocumentAssetsContext);
  return <link rel="icon" href={assets?.icon ?? "/favicon.png"} suppressHydrationWarning />;
}
