// Loaded by `npm run dev` (node --import) into the `remix dev` process only; the app server it starts is a
// separate process and is not affected.
//
// remix dev's live-reload server calls `server.listen(port)` with no host, which binds every interface: anyone
// on the network could open its websocket and read the rebuild messages (file names, errors). Remix has no option
// for the host, so a listen call that names a port and no host gets DEV_HOST (default localhost) here.
// DEV_HOST=0.0.0.0 restores the old behaviour, e.g. to test live reload from a phone on the same network.
import net from "node:net";

const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnDevHost(...args) {
  const [port, host] = args;
  const portOnly =
    (typeof port === "number" || (typeof port === "string" && /^\d+$/.test(port))) && typeof host !== "string";
  // Read when listening, not when loaded: remix dev reads .env before it starts the live-reload server.
  if (portOnly) args.splice(1, 0, process.env.DEV_HOST || "localhost");
  return listen.apply(this, args);
};
