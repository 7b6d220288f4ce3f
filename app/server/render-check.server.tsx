import { renderToStaticMarkup } from "react-dom/server";
import { NotFound } from "~/components/not-found";

/** A dev build calls `jsxDEV`, which React's production runtime lacks: the 404 page then fails like every page. */
export function renderCheck(): string | undefined {
  let error = "the page rendered without its content";
  try {
    if (renderToStaticMarkup(<NotFound />).includes("404 Page Not Found")) return undefined;
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  // What the operator reads at start-up: a production server never serves a build that cannot render its pages.
  return /jsxDEV/.test(error)
    ? "build/ holds a development build (made by `npm run dev`), which cannot render pages under NODE_ENV=production " +
        `(${error}).\nRun \`npm run build\` to make the production build, then \`npm start\` again.`
    : `The app cannot render its pages (${error}).\nRun \`npm run build\` again, then \`npm start\`.`;
}
