import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; body: string };

/** Undoes quoted-printable soft breaks and escapes, so a test can search the text it sent. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  const quotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
  return { from, to, raw, subject, body: quotedPrintable ? decodeQuotedPrintable(body) : body };
}

/**
 * A real SMTP server (the `smtp-server` package) on a loopback port, collecting what it receives.
 * `delayMs` holds each message before accepting it, to widen the window in which two workers race.
 */
export async function startSmtpServer(port: number, options: { delayMs?: number } = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((address) => address.address);
        setTimeout(() => {
          messages.push(parse(Buffer.concat(chunks).toString("utf8"), from, to));
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
