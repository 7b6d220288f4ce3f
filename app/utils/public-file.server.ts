import { readFileSync } from "node:fs";
import { join } from "node:path";

// Files of `public/` that documents carry inline (app/deferred/document-head.tsx), read once per process.
// remix-serve serves `/build/…` from `public/build` under the working directory; this reads from the same place.
const texts = new Map<string, string | undefined>();

/** The text of a file served from `public/` at `path`, or undefined when it is not there (Vitest builds no assets). */
export function publicFileText(path: string): string | undefined {
  if (!texts.has(path)) {
    let text: string | undefined;
    try {
      text = readFileSync(join(process.cwd(), "public", path), "utf8");
    } catch {
      text = undefined;
    }
    texts.set(path, text);
  }
  return texts.get(path);
}

let firstScreenCss: { text: string | undefined } | undefined;

/**
 * The first screen's stylesheet (scripts/build-first-screen-css.mjs, run by `npm run build`), or undefined where
 * there is none (`remix dev`, Vitest): the page then inlines the whole stylesheet as before. Read once per process.
 */
export function firstScreenStylesheetText(): string | undefined {
  if (!firstScreenCss) {
    try {
      firstScreenCss = { text: readFileSync(join(process.cwd(), "build", "first-screen.css"), "utf8") };
    } catch {
      firstScreenCss = { text: undefined };
    }
  }
  return firstScreenCss.text;
}

const dataUrls = new Map<string, string | undefined>();

/** A PNG file of `public/` as a base64 data URL, or undefined when it is not there. Encoded once per file. */
export function publicPngDataUrl(path: string): string | undefined {
  if (!dataUrls.has(path)) {
    let url: string | undefined;
    try {
      url = `data:image/png;base64,${readFileSync(join(process.cwd(), "public", path)).toString("base64")}`;
    } catch {
      url = undefined;
    }
    dataUrls.set(path, url);
  }
  return dataUrls.get(path);
}
