import { createServer, connect } from "node:net";

/**
 * A TCP proxy in front of a real server (e.g. PostgreSQL) that a test can cut and restore, to make the
 * database unreachable for one app instance while everything else keeps using it.
 */
export async function startTcpProxy({ targetHost, targetPort }) {
  const sockets = new Set();
  let cut = false;
  let stalled = false;
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    if (stalled) {
      // Accept and never answer: what a hung database host looks like to the client.
      sockets.add(client);
      client.pause();
      client.on("error", () => {});
      return;
    }
    const upstream = connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    port,
    /** Destroys every open connection and refuses new ones until restore(). */
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    /** Keeps every connection open but forwards nothing more, in either direction. */
    stall() {
      stalled = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    /** Forwards new connections again (after cut() or stall()). */
    restore() {
      cut = false;
      stalled = false;
    },
    async close() {
      this.cut();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same database URL, routed through the proxy. */
export function throughProxy(url, proxyPort) {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(proxyPort);
  return parsed.toString();
}
