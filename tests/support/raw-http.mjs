import net from "node:net";

/**
 * Sends bytes exactly as given (no client-side checks, so junk methods, targets and headers reach the server) and
 * resolves with the response head once the server has answered and closed, or `null` when it closed without one.
 */
export function rawRequest(port, text, { timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(text.slice(0, 200))}`));
    }, timeoutMs);
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(parseResponse(received));
    });
    // Not end(): a client that half-closes first gets no answer from Node for a slow response. The request asks
    // for Connection: close, so the server closes once it has answered.
    socket.write(text);
  });
}

function parseResponse(received) {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
  if (!match) return null;
  const headEnd = received.indexOf("\r\n\r\n");
  const head = received.slice(0, headEnd === -1 ? undefined : headEnd);
  const headers = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers, body: headEnd === -1 ? "" : received.slice(headEnd + 4) };
}

/**
 * POSTs an endless chunked body (64 KiB chunks, waiting whenever the socket's buffer is full) until the server
 * answers and closes or `maxBytes` have been sent. Resolves with the answer's status and how many body bytes the
 * client managed to send: far below `maxBytes` means the server stopped reading.
 */
export function sendEndlessChunkedBody(
  port,
  path,
  headers = {},
  { maxBytes = 256 * 1024 * 1024, chunked = true, method = "POST" } = {},
) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, "a");
    // chunked: false sends the bytes as they are, for a request that declares its Content-Length instead.
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
      : chunk;
    let received = "";
    let sent = 0;
    let closed = false;
    socket.on("data", (data) => (received += data.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      resolve({ response: parseResponse(received), sentBytes: sent });
    });
    const head = Object.entries({
      Host: `localhost:${port}`,
      ...(chunked ? { "Transfer-Encoding": "chunked" } : {}),
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
    (async () => {
      while (!closed && sent < maxBytes) {
        const flushed = socket.write(frame);
        sent += chunk.length;
        if (!flushed)
          await new Promise((next) => {
            socket.once("drain", next);
            socket.once("close", next);
          });
      }
      if (!closed) socket.end(chunked ? "0\r\n\r\n" : "");
    })();
  });
}
