import { readFileSync } from "node:fs";
import { join } from "node:path";

// Files that documents carry inline (app/deferred/document-head.tsx, hydration-scripts.tsx), read once per process.
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

let pageScript: string | undefined;

/**
 * The page's inline script (app/deferred/inline/page-scripts.ts), as `npm run build` (or `npm run dev`) compiled it
 * into build/inline/. Read once per process; a server started without it fails at its first page, saying why.
 */
export function pageScriptText(): string {
  pageScript ??= readFileSync(join(process.cwd(), "build", "inline", "page-scripts.js"), "utf8").trim();
  return pageScript;
}

/** A PNG file of `public/` as a base64 data URL, or undefined when it is not there. */
export function publicPngDataUrl(path: string): string | undefined {
  const base64 = publicFile(path, "base64");
  return base64 === undefined ? undefined : `data:image/png;base64,${base64}`;
}
