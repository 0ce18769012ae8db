import { isIP, isIPv4, isIPv6 } from 'node:net';

type Cidr = { prefix: Uint8Array; bits: number };

function cidr(text: string): Cidr {
  const [address = '', bits = ''] = text.split('/');
  const prefix = parseIp(address);
  if (!prefix) throw new Error(`bad CIDR ${text}`);
  return { prefix, bits: Number(bits) };
}

/** IPv4 space that is not plain public unicast (RFC 6890 registry), plus cloud hosts' own services. */
const BLOCKED_V4 = [
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8',
  '100.64.0.0/10', // CGNAT; Alibaba Cloud metadata is 100.100.100.200
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local; AWS, GCP and Azure metadata is 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments; Oracle Cloud's legacy metadata is 192.0.0.192
  '192.0.2.0/24',
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, up to the 255.255.255.255 broadcast
  '168.63.129.16/32', // Azure WireServer: a public address that only the host answers
].map(cidr);

// IPv6 is allowed only inside global unicast; everything else (::, ::1, ::ffff:0:0/96, fc00::/7,
// fe80::/10, ff00::/8, 100::/64, 64:ff9b:1::/48, …) is refused by not being in it.
const GLOBAL_UNICAST = cidr('2000::/3');
const BLOCKED_V6 = [
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
].map(cidr);
// These carry an IPv4 address that a gateway connects to, so that address decides.
const NAT64 = cidr('64:ff9b::/96');
const SIX_TO_FOUR = cidr('2002::/16');

function inCidr(address: Uint8Array, { prefix, bits }: Cidr): boolean {
  if (address.length !== prefix.length) return false;
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (address[i] !== prefix[i]) return false;
  const rest = bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((address[whole]! ^ prefix[whole]!) & mask) === 0;
}

function blockedV4(address: Uint8Array): boolean {
  return BLOCKED_V4.some((range) => inCidr(address, range));
}

/**
 * True unless `ip` is a public unicast address a server may fetch from. Anything that is not a
 * canonical IPv4 or IPv6 literal is blocked too, so a caller can never slip a name through.
 */
export function isBlockedAddress(ip: string): boolean {
  const address = parseIp(ip);
  if (!address) return true;
  if (address.length === 4) return blockedV4(address);
  if (inCidr(address, NAT64)) return blockedV4(address.subarray(12));
  if (inCidr(address, SIX_TO_FOUR)) return blockedV4(address.subarray(2, 6));
  if (!inCidr(address, GLOBAL_UNICAST)) return true;
  return BLOCKED_V6.some((range) => inCidr(address, range));
}

/** One spelling per address (`::1` and `0:0::1` alike), for comparing allow-list entries; null if not an IP. */
export function ipKey(ip: string): string | null {
  const address = parseIp(ip);
  return address ? Buffer.from(address).toString('hex') : null;
}

export interface AddressPolicy {
  /** Whether a connection to `host` may use `addresses`: all of them must be public or allowed. */
  permits(host: string, addresses: readonly string[]): boolean;
}

/**
 * The address rule with an allow-list of host names (case-insensitive, exact) and IP addresses. Entries
 * are normalised as the URL parser normalises hosts, so `0x7f.1` in the list means 127.0.0.1, and an
 * allowed IP is allowed under any name that resolves to it.
 */
export function addressPolicy(allowHosts: readonly string[]): AddressPolicy {
  const names = new Set<string>();
  const addresses = new Set<string>();
  for (const entry of allowHosts) {
    const hostname = urlHostname(entry.trim());
    const key = hostname && ipKey(unbracket(hostname));
    if (key) addresses.add(key);
    else if (hostname) names.add(withoutTrailingDot(hostname));
  }
  const allowed = (ip: string) => addresses.has(ipKey(ip) ?? '');
  return {
    permits: (host, resolved) =>
      names.has(withoutTrailingDot(unbracket(host).toLowerCase())) ||
      // Every address, not just the first: the socket may fall back to any of them.
      (resolved.length > 0 && resolved.every((ip) => !isBlockedAddress(ip) || allowed(ip))),
  };
}

function urlHostname(host: string): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${isIP(host) === 6 ? `[${host}]` : host}/`).hostname;
  } catch {
    return undefined;
  }
}

export const unbracket = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');
const withoutTrailingDot = (hostname: string) => hostname.replace(/\.$/, '');

/** The 4 or 16 bytes of a strict IPv4 or IPv6 literal (zone id ignored); null for anything else. */
function parseIp(text: string): Uint8Array | null {
  if (isIPv4(text)) return Uint8Array.from(text.split('.'), Number);
  const bare = text.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  const groups = v6Groups(bare);
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

/** The eight hex groups of a valid IPv6 literal, with `::` expanded and a dotted IPv4 tail turned into two groups. */
function v6Groups(text: string): string[] {
  const tail = text.slice(text.lastIndexOf(':') + 1);
  let hex = text;
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    hex = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const gap = hex.indexOf('::');
  if (gap === -1) return hex.split(':');
  const head = hex.slice(0, gap).split(':').filter(Boolean);
  const rest = hex
    .slice(gap + 2)
    .split(':')
    .filter(Boolean);
  return [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
}
