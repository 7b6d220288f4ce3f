import ipaddr from "ipaddr.js";

/** Written by the front door from the socket (remix-serve's Request has no peer); a client's copy is removed first. */
export const PEER_ADDRESS_HEADER = "x-groundwork-peer-address";

/** One client's key. IPv6 is cut to its /64: one host gets a whole /64 and could take a fresh address per request. */
export function clientKey(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * TRUST_PROXY = N > 0 reads the Nth X-Forwarded-For entry from the right: anything left of it can be forged.
 * Behind a proxy TRUST_PROXY must be set, or every visitor shares the proxy's rate limits.
 */
export function resolveClientAddress(request: Request, trustedHops: number): string | undefined {
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  if (trustedHops === 0) return peer ? clientKey(peer) : undefined;
  const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const entry = forwarded.length >= trustedHops ? forwarded[forwarded.length - trustedHops] : undefined;
  // A request that did not pass through every proxy (or a proxy that wrote junk) is keyed by its peer.
  return (entry && clientKey(entry)) ?? (peer ? clientKey(peer) : undefined);
}
