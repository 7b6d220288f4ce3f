import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** SSRF guard for URLs an admin typed. `allowPrivate` (development, tests) never admits link-local: cloud metadata. */
export type AddressPolicy = { allowPrivate: boolean };

const PRIVATE_RANGES = new Set(["loopback", "private", "uniqueLocal"]);

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
