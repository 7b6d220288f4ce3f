import ipaddr from "ipaddr.js";

/**
 * The TCP peer of a request, written by the front door (server/front-door.server.ts) from the socket, since
 * remix-serve hands the app a Fetch Request without one. A copy sent by a client is always removed first.
 */
export const PEER_ADDRESS_HEADER = "x-groundwork-peer-address";

/** The TCP peer of the request, when it came through Node's HTTP server. */
export function peerAddress(request: Request): string | undefined {
  return request.headers.get(PEER_ADDRESS_HEADER) ?? undefined;
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
  const peer = peerAddress(request);
  if (trustedHops === 0) return peer ? clientKey(peer) : undefined;
  const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const entry = forwarded.length >= trustedHops ? forwarded[forwarded.length - trustedHops] : undefined;
  // A request that did not pass through every proxy (or a proxy that wrote junk) is keyed by its peer.
  return (entry && clientKey(entry)) ?? (peer ? clientKey(peer) : undefined);
}
