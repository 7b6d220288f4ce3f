import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import { remember } from "~/utils/singleton.server";

// remix-serve hands the app a Fetch Request with no socket, so the peer address is carried beside it: Node
// announces every incoming HTTP request on this channel just before the server's handler runs, and the
// address entered here stays with everything that request's handler awaits. Nothing a client sends can set it.
const peerAddresses = new AsyncLocalStorage<string>();

/** Starts recording the TCP peer of each request (once per process; dev rebuilds reuse it). */
export function recordPeerAddresses() {
  remember("peer address channel", () =>
    subscribe("http.server.request.start", (message) => {
      const address = (message as { request: IncomingMessage }).request.socket.remoteAddress;
      // The store belongs to the connection's parser context, so a keep-alive connection (one peer) reuses it.
      if (address) peerAddresses.enterWith(address);
    }),
  );
}

/** The TCP peer of the request being handled, when it came through Node's HTTP server. */
export function peerAddress(): string | undefined {
  return peerAddresses.getStore();
}

/**
 * The key that one client's requests share. IPv4-mapped IPv6 is read as IPv4; an IPv6 address is cut to its
 * /64, because one subscriber or host gets a whole /64 and could otherwise take a fresh address per request.
 */
export function clientKey(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * The client's address: with TRUST_PROXY = 0 the TCP peer (right for a server that faces the internet); with
 * N > 0 the entry our own N proxies wrote into X-Forwarded-For, counted from the right, since everything left
 * of it came from the client and can be forged. Behind a proxy TRUST_PROXY must be set, or every visitor has
 * the proxy's address and shares one client's limits.
 */
export function resolveClientAddress(request: Request, trustedHops: number): string | undefined {
  const peer = peerAddress();
  if (trustedHops === 0) return peer ? clientKey(peer) : undefined;
  const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const entry = forwarded.length >= trustedHops ? forwarded[forwarded.length - trustedHops] : undefined;
  // A request that did not pass through every proxy (or a proxy that wrote junk) is keyed by its peer.
  return (entry && clientKey(entry)) ?? (peer ? clientKey(peer) : undefined);
}
