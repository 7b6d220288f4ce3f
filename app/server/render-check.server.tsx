import { renderToStaticMarkup } from "react-dom/server";
import { NotFound } from "~/components/not-found";

/** A dev build calls `jsxDEV`, which React's production runtime lacks: the 404 page then fails like every page. */
export function renderCheck(): { ok: true } | { ok: false; error: string; developmentBuild: boolean } {
  try {
    const html = renderToStaticMarkup(<NotFound />);
    if (!html.includes("404 Page Not Found"))
      return { ok: false, error: "the page rendered without its content", developmentBuild: false };
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message, developmentBuild: /jsxDEV/.test(message) };
  }
}

/** The start-up check: a production server never serves a build that cannot render its pages. */
export function renderCheckMessage(result: { error: string; developmentBuild: boolean }): string {
  return result.developmentBuild
    ? "build/ holds a development build (made by `npm run dev`), which cannot render pages under NODE_ENV=production " +
        `(${result.error}).\nRun \`npm run build\` to make the production build, then \`npm start\` again.`
    : `The app cannot render its pages (${result.error}).\nRun \`npm run build\` again, then \`npm start\`.`;
}
