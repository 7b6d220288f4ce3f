/**
 * An inline script's text as the page carries it: its lines without indentation, comment lines and blank lines.
 * Newlines stay, so automatic semicolon insertion reads the program as written. For the scripts the server
 * writes into every document (app/deferred): readable here, ~30 % fewer bytes there. Not for text with
 * multi-line strings or a line-leading `//` inside a string.
 */
export function compactScript(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"))
    .join("\n");
}
