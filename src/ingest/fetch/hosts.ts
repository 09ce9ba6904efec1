/**
 * Where a publisher's files may come from: its official hosts, over https. A source lists them
 * (publishers.ts); a redirect or a page's link elsewhere is rejected, so a compromised page or a
 * misbehaving server cannot point the fetcher at another site or at the service's own network.
 * The mirror (TOURISM_PUBLISHER_MIRROR) is the operator's and is compared as a parsed origin and
 * path prefix, never as a string prefix (`https://mirror.corp` is not `https://mirror.corp.evil.com`).
 */

/**
 * Whether `hostname` is one of `hosts`: an entry is a host name (`www.ecb.europa.eu`), or
 * `*.domain` for the domain and every name under it (`*.imf.org`: imf.org, www.imf.org).
 */
export function hostListed(hostname: string, hosts: readonly string[]): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) => {
    const e = entry.toLowerCase();
    if (!e.startsWith('*.')) return name === e;
    const domain = e.slice(2);
    return name === domain || name.endsWith(`.${domain}`);
  });
}

/** Null when `url` is an https address on one of `hosts`, without credentials; else the kind of problem, naming the scheme or host. */
export function officialProblem(url: string, hosts: readonly string[]): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not an address';
  }
  if (u.protocol !== 'https:') return `${u.protocol.slice(0, 16)} is not https`;
  if (u.username || u.password) return 'an address carrying credentials';
  if (!hostListed(u.hostname, hosts)) return `${u.hostname.slice(0, 100)} is not one of the publisher's hosts (${hosts.join(', ')})`;
  return null;
}

/** A mirror's origin and path prefix (`http://m.test/base/` → http://m.test, /base/). */
function mirrorParts(mirror: string): { origin: string; prefix: string } {
  const m = new URL(mirror);
  return { origin: m.origin, prefix: `${m.pathname.replace(/\/+$/, '')}/` };
}

/**
 * The official address a mirrored one stands for (`<mirror>/host/path?query` → `https://host/path?query`),
 * or null when `url` is not under the mirror: another origin, or outside its path.
 */
export function officialOf(url: string, mirror: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const { origin, prefix } = mirrorParts(mirror);
  if (u.origin !== origin || !u.pathname.startsWith(prefix) || u.pathname.length === prefix.length) return null;
  return `https://${u.pathname.slice(prefix.length)}${u.search}`;
}

/** Where the hosts of an address are named when a source lists none: the address's own host. */
export function ownHost(url: string): string[] {
  return URL.canParse(url) ? [new URL(url).hostname] : [];
}
