/**
 * Which network addresses the service may reach on a publisher's or a receiver's behalf: public
 * unicast ones only. Loopback, private, link-local (169.254.169.254, where clouds answer with
 * their credentials), carrier-grade NAT, multicast and the reserved ranges are rejected, checked on
 * the addresses a name resolves to, in the lookup the connection itself uses, so the address
 * checked is the address connected to (a name cannot resolve to a public address for the check
 * and to a private one for the connection).
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Words for ipaddr.js's ranges, as a error names them. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

/** The kind of a non-public address ('loopback', 'private', 'link-local'…), or null for a public unicast one. */
export function nonPublicKind(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'unparsable';
  // process() reads an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as the IPv4 address it carries.
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : (RANGE_WORDS[range] ?? `reserved (${range})`);
}

/** A connection rejected because its address is not a public one; never worth another attempt. */
export class AddressRejected extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'AddressRejected';
  }
}

/** Null when `host` (a name or an address literal, brackets allowed) may be connected to as written; else why not. */
export function literalProblem(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!net.isIP(bare)) return null;
  const kind = nonPublicKind(bare);
  return kind ? `${bare} is a ${kind} address` : null;
}

/**
 * A `lookup` for node:net, http and https: resolves as node does, then rejects the name when any
 * address it resolves to is not public (a name mixing public and private answers is not trusted).
 */
export const publicLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const bad = addresses.find((a) => nonPublicKind(a.address));
    if (bad) return callback(new AddressRejected(`${hostname} resolves to a ${nonPublicKind(bad.address)} address (${bad.address})`));
    if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to no address`), { code: 'ENOTFOUND' }));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}) as unknown as net.LookupFunction;

/** Names of the machine itself, of a local network or of a cloud's internal services (metadata.google.internal), whatever they resolve to. */
const INTERNAL_NAME = /(^|\.)(localhost|localdomain|local|internal|home\.arpa|lan)$/i;

/**
 * Why a target given ahead of time (a webhook receiver being added) is not on the public internet:
 * a non-public literal address, an internal name (one without a dot, `localhost`, `*.internal`),
 * or a name resolving to a non-public address now; null when none holds. A name that does not
 * resolve now is let through: every delivery checks again in its own lookup.
 */
export async function internalTargetProblem(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const literal = literalProblem(host);
  if (literal) return literal;
  if (net.isIP(host)) return null;
  if (INTERNAL_NAME.test(host) || !host.includes('.')) return `${host} is an internal name`;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return null;
  }
  const bad = addresses.find((a) => nonPublicKind(a.address));
  return bad ? `${host} resolves to a ${nonPublicKind(bad.address)} address (${bad.address})` : null;
}
