import { readFileSync } from "node:fs";
import { join } from "node:path";

// Files of `public/` that documents carry inline (app/deferred/document-head.tsx), read once per process.
// remix-serve serves `/build/…` from `public/build` under the working directory; this reads from the same place.
const reads = new Map<string, string | undefined>();

/** A file served from `public/` at `path` in `encoding`, or undefined when it is not there (Vitest builds no assets). */
function publicFile(path: string, encoding: "utf8" | "base64"): string | undefined {
  const key = `${encoding} ${path}`;
  if (!reads.has(key)) {
    let content: string | undefined;
    try {
      content = readFileSync(join(process.cwd(), "public", path)).toString(encoding);
    } catch {
      content = undefined;
    }
    reads.set(key, content);
  }
  return reads.get(key);
}

/** The text of a file served from `public/` at `path`, or undefined when it is not there. */
export function publicFileText(path: string): string | undefined {
  return publicFile(path, "utf8");
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

/** A PNG file of `public/` as a base64 data URL, or undefined when it is not there. */
export function publicPngDataUrl(path: string): string | undefined {
  const base64 = publicFile(path, "base64");
  return base64 === undefined ? undefined : `data:image/png;base64,${base64}`;
}
