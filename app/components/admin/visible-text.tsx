// Security: stored values may hold characters that hide or reorder text (an RTL override makes "gpj.exe" read
// "exe.jpg"), so the admin shows them as visible codes and isolates each value's direction.
const hiddenCharacter =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /([\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;
const lineBreak = /([\r\n\t])/;

const codeOf = (character: string) => `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Line breaks count as hidden unless `multiline`. */
export function revealHidden(text: string, { multiline = false } = {}): Array<{ text: string; hidden: boolean }> {
  const pattern = new RegExp(multiline ? hiddenCharacter.source : `${hiddenCharacter.source}|${lineBreak.source}`, "g");
  const parts: Array<{ text: string; hidden: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), hidden: false });
    parts.push({ text: match[0], hidden: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hidden: false });
  return parts;
}

export function VisibleText({ text, multiline = false }: { text: string; multiline?: boolean }) {
  return (
    <bdi>
      {revealHidden(text, { multiline }).map((part, index) =>
        part.hidden ? (
          <span
            key={index}
            title={`Hidden character ${codeOf(part.text)}`}
            className="mx-px rounded bg-amber-100 px-0.5 font-mono text-xs text-amber-900"
          >
            {codeOf(part.text)}
          </span>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
