import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** SSRF guard for URLs an admin typed. `allowPrivate` (development, tests) never admits link-local: cloud metadata. */
export type AddressPolicy = { allowPrivate: boolean };

const PRIVATE_RANGES = new Set(["loopback", "private", "uniqueLocal"]);

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const v4Of = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 form carries, by ipaddr.js's classification: SIIT (RFC 6145) and NAT64's well-known
 * prefix (RFC 6052) in their last 32 bits, 6to4 after its prefix, Teredo its server and (inverted) its client.
 * Undefined for a form whose embedded address is not public by construction (NAT64's local-use prefix).
 */
function embeddedIPv4(address: IPv6, range: string): IPv4[] | undefined {
  const p = address.parts;
  switch (range) {
    case "rfc6145":
      return [v4Of(p[6], p[7])];
    case "rfc6052":
      // 64:ff9b:1::/48 is a network's own translator prefix (RFC 8215): it reaches whatever that network maps.
      return p[2] === 0 ? [v4Of(p[6], p[7])] : undefined;
    case "6to4":
      return [v4Of(p[1], p[2])];
    case "teredo":
      return [v4Of(p[2], p[3]), v4Of(p[6] ^ 0xffff, p[7] ^ 0xffff)];
    default:
      return [];
  }
}

function refusedIPv4(address: string, ip: IPv4, policy: AddressPolicy): string | undefined {
  const range = ip.range();
  if (range === "unicast") return undefined;
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return undefined;
  return `${address} is a ${range} address`;
}

/** Only global unicast is admitted, by ipaddr.js's range classification of either family. */
export function refusedAddress(address: string, policy: AddressPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return refusedIPv4(address, ip as IPv4, policy);
  const v6 = ip as IPv6;
  const range = v6.range();
  if (range === "unicast") {
    // ::/96 outside :: and ::1 is the deprecated IPv4-compatible form (::127.0.0.1), which ipaddr.js calls unicast.
    if (!v6.parts.slice(0, 6).every((part) => part === 0)) return undefined;
    const embedded = v4Of(v6.parts[6], v6.parts[7]);
    const why = refusedIPv4(embedded.toString(), embedded, policy);
    return `${address} is an ipv4Compatible address${why ? ` that embeds ${why.replace(/ is a /, ", a ")}` : ""}`;
  }
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return undefined;
  const embedded = embeddedIPv4(v6, range);
  if (!embedded?.length) return `${address} is a ${range} address`;
  for (const v4 of embedded) {
    const why = refusedIPv4(v4.toString(), v4, policy);
    if (why) return `${address} is a ${range} address that embeds ${why.replace(/ is a /, ", a ")}`;
  }
  return undefined;
}

/** A resolver with dns.lookup's "all addresses" shape; tests stub it so no name is looked up for real. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true } satisfies LookupAllOptions, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export class RefusedAddressError extends Error {}

export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** Refuses the name if any address is refused: one public and one private address is a rebinding trick. */
export async function checkedAddresses(
  hostname: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const addresses = isIP(hostname)
    ? [{ address: hostname, family: isIP(hostname) }]
    : await resolve(hostname).catch((error: unknown) => {
        throw new RefusedAddressError(
          `${hostname} could not be resolved (${error instanceof Error ? error.message : String(error)})`,
        );
      });
  if (addresses.length === 0) throw new RefusedAddressError(`${hostname} has no address`);
  for (const { address } of addresses) {
    const why = refusedAddress(address, policy);
    if (why) throw new RefusedAddressError(`${hostname} is refused: ${why}`);
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request/net.connect: the address checked is the address connected to, so DNS rebinding fails. */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    checkedAddresses(hostname, policy, resolve).then(
      (addresses) =>
        options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family),
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
