import { promises as dns } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Where the embed-metadata lookup may connect (issue 13): the decision made before any socket opens,
 * for the URL of every hop. A URL passes only when
 *   - it is at most MAX_URL_LENGTH characters, without whitespace, control characters or backslashes;
 *   - its scheme is http or https, and it names no user or password;
 *   - its host is no internal-looking name (localhost, *.internal, *.local, one label, …);
 *   - its host is, or resolves to, only public unicast addresses: EVERY address counts (a name with
 *     one public and one private address is refused; the connection then goes to a checked address,
 *     see fetchPage.ts, so the name cannot resolve differently in between).
 * The URL parser (WHATWG) has already turned 127.1, 0x7f.1, 2130706433, 017700000001, %31…, ①②⑦…
 * into dotted IPv4 and IPv6 into its canonical form, so these are judged as the addresses they are.
 */

export const MAX_URL_LENGTH = 2048;

/** IPv4 ranges never connected to: not the public internet, or cloud metadata services. */
const REFUSED_IPV4: readonly [string, string][] = [
  ['0.0.0.0/8', 'unspecified ("this network")'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT (also a cloud metadata address)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments (also a cloud metadata address)'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved (and broadcast)'],
  ['168.63.129.16/32', 'cloud metadata (Azure)'],
];

/**
 * IPv6 outside 2000::/3 (global unicast) is refused as a whole: loopback, unspecified, IPv4-compatible
 * (::/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard, unique-local (fc00::/7, incl. fd00:ec2::254),
 * link-local, site-local, multicast. Within it, these special ranges are refused too.
 */
const REFUSED_GLOBAL_IPV6: readonly [string, string][] = [
  ['2001::/23', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4 (tunnels to an embedded IPv4 address)'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing'],
];

const parseRanges = (ranges: readonly [string, string][]) => ranges.map(([cidr, reason]) => ({ range: ipaddr.parseCIDR(cidr), cidr, reason }));
const IPV4_RANGES = parseRanges(REFUSED_IPV4);
const IPV6_RANGES = parseRanges(REFUSED_GLOBAL_IPV6);
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/** Names that only mean something inside a network (RFC 6761, 6762, 8375 and common intranet suffixes). */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan|corp)$/i;

export interface AddressPolicyOptions {
  /**
   * Tests only, never set from configuration: these exact addresses count as public (a loopback
   * listener of the test). Everything else is decided as in production.
   */
  testOnlyAllowAddresses?: readonly string[];
}

/** Why an IP address is refused, or null when it is a public unicast address. */
export function refusedAddressReason(address: string, options: AddressPolicyOptions = {}): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (options.testOnlyAllowAddresses?.some((allowed) => ipaddr.isValid(allowed) && ipaddr.parse(allowed).toString() === parsed.toString())) return null;
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  if (parsed instanceof ipaddr.IPv4) {
    const hit = IPV4_RANGES.find(({ range }) => parsed.match(range));
    if (hit) return `${address} is ${hit.reason} (${hit.cidr})`;
    return parsed.range() === 'unicast' ? null : `${address} is ${parsed.range()}`;
  }
  if (!parsed.match(GLOBAL_UNICAST_IPV6)) return `${address} is outside global unicast IPv6 (${parsed.range()})`;
  const hit = IPV6_RANGES.find(({ range }) => parsed.match(range));
  if (hit) return `${address} is ${hit.reason} (${hit.cidr})`;
  return parsed.range() === 'unicast' ? null : `${address} is ${parsed.range()}`;
}

/** The host of a parsed URL without IPv6 brackets and a trailing dot. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The checks on the URL itself (scheme, form, host name), before any name is resolved. */
export function checkUrl(raw: string): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `longer than ${MAX_URL_LENGTH} characters` };
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(raw)) return { ok: false, reason: 'holds whitespace, a control character or a backslash' };
  if (!/^https?:\/\//i.test(raw)) return { ok: false, reason: 'not an http(s) URL' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'does not parse as a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `scheme ${url.protocol} refused` };
  if (url.username || url.password) return { ok: false, reason: 'names a user or password' };
  const host = bareHost(url);
  if (!host) return { ok: false, reason: 'no host' };
  if (net.isIP(host)) return { ok: true, url };
  if (/^[\d.]+$/.test(host) || /^0x/i.test(host)) return { ok: false, reason: `${host} looks numeric but is no IP address` };
  if (!host.includes('.') || INTERNAL_NAME.test(host)) return { ok: false, reason: `${host} is an internal name` };
  return { ok: true, url };
}

/** All addresses a host name resolves to. */
export type Resolve = (hostname: string) => Promise<string[]>;

/** The system resolver (what a connection would use): every address, in its order. */
export const systemResolve: Resolve = async (hostname) => (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export type TargetDecision = { allowed: true; url: URL; addresses: string[] } | { allowed: false; reason: string };

/** Whether the lookup may connect for this URL, and to which (checked) addresses. */
export async function decideTarget(raw: string, options: AddressPolicyOptions & { resolve?: Resolve } = {}): Promise<TargetDecision> {
  const check = checkUrl(raw);
  if (!check.ok) return { allowed: false, reason: check.reason };
  const host = bareHost(check.url);
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      return { allowed: false, reason: `${host} does not resolve` };
    }
  }
  if (!addresses.length) return { allowed: false, reason: `${host} resolves to nothing` };
  for (const address of addresses) {
    const reason = refusedAddressReason(address, options);
    if (reason) return { allowed: false, reason: net.isIP(host) ? reason : `${host} resolves to ${reason}` };
  }
  return { allowed: true, url: check.url, addresses };
}
