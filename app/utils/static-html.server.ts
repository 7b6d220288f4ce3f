import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** A section's markup as plain HTML, for the static islands of app/components/lazy-hydration.tsx. */
export function renderStaticHtml(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
