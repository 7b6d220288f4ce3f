import type { ReceivedMail } from "../fakes/smtp-server";

/** The decoded bodies of a received mail's MIME parts whose Content-Type starts with `type` (e.g. "text/calendar"). */
export function mailParts(mail: Pick<ReceivedMail, "raw">, type: string): string[] {
  const found: string[] = [];
  const walk = (entity: string) => {
    const split = entity.indexOf("\r\n\r\n");
    if (split < 0) return;
    const head = entity.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    const body = entity.slice(split + 4);
    const contentType = /^Content-Type:\s*([^\r\n]*)/im.exec(head)?.[1] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (/^multipart\//i.test(contentType) && boundary) {
      const pieces = body.split(`--${boundary}`);
      // Before the first boundary is the preamble, after the closing one (`--boundary--`) the epilogue.
      for (const piece of pieces.slice(1)) {
        if (piece.startsWith("--")) break;
        walk(piece.replace(/^\r\n/, ""));
      }
      return;
    }
    if (!contentType.toLowerCase().startsWith(type.toLowerCase())) return;
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === "base64") found.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    else if (encoding === "quoted-printable")
      found.push(
        Buffer.from(
          body
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
      );
    else found.push(body);
  };
  walk(mail.raw);
  return found;
}
