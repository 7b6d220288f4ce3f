import { readFileSync } from "node:fs";
import { join } from "node:path";

// Files that documents carry inline, read once per process from where remix-serve serves them.
const reads = new Map<string, string | undefined>();

/** Undefined when the file is not there (Vitest builds no assets). */
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

export function publicFileText(path: string): string | undefined {
  return publicFile(path, "utf8");
}

let pageScript: string | undefined;

/** The page's inline script as the build compiled it; a server started without it fails at its first page. */
export function pageScriptText(): string {
  pageScript ??= readFileSync(join(process.cwd(), "build", "inline", "page-scripts.js"), "utf8").trim();
  return pageScript;
}

export function publicPngDataUrl(path: string): string | undefined {
  const base64 = publicFile(path, "base64");
  return base64 === undefined ? undefined : `data:image/png;base64,${base64}`;
}
