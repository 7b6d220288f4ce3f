import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A file of public/ as a data URL, read once at start-up; undefined when it is not there. */
export function publicPngDataUrl(path: string): string | undefined {
  try {
    return `data:image/png;base64,${readFileSync(join(process.cwd(), "public", path)).toString("base64")}`;
  } catch {
    return undefined;
  }
}
