import { renderToStaticMarkup } from "react-dom/server";
import { NotFound } from "~/components/not-found";

/** A build that cannot render its pages would answer every page 500 while /healthz said 200. */
export function renderCheck(): string | undefined {
  let error = "the page rendered without its content";
  try {
    if (renderToStaticMarkup(<NotFound />).includes("404 Page Not Found")) return undefined;
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  // What the operator reads at start-up: a production server never serves a build that cannot render its pages.
  return `The app cannot render its pages (${error}).\nRun \`npm run build\` again, then \`npm start\`.`;
}
