import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses this server may open a connection to on someone else's say-so (a webhook URL an admin typed):
 * public unicast only, so a URL cannot reach the cloud's metadata service, the database or an admin port on the
 * private network (SSRF). `allowPrivate` (development, tests) adds loopback and private ranges; link-local
 * (169.254.0.0/16, fe80::/10, where metadata services live), multicast, reserved and translation ranges never.
 */
export type AddressPolicy = { allowPrivate: boolean };

const PRIVATE_RANGES = new Set(["loopback", "private", "uniqueLocal"]);

/** Why `address` may not be connected to under `policy`, or undefined when it may. */
export function refusedAddress(address: string, policy: AddressPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const range = ipaddr.process(address).range();
  if (range === "unicast") return undefined;
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return undefined;
  return `${address} is a ${range} address`;
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

/** The URL's host without IPv6 brackets ("[::1]" → "::1"). */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Resolves `hostname` and returns its addresses when every one of them may be connected to; refuses the name when
 * any may not (a name with one public and one private address is a rebinding trick, not a misconfiguration).
 */
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

/**
 * A `lookup` for http.request/net.connect that checks what it resolves: Node calls it right before it connects and
 * connects to the address it returns, so the address checked is the address used; a name that answered a public
 * address when the admin saved it and a private one now (DNS rebinding) is refused here.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    checkedAddresses(hostname, policy, resolve).then(
      (addresses) =>
        options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family),
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
