import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a destination's address may be called: only globally routable unicast addresses.
 * ipaddr.js names each address's range (loopback, private 10/8 172.16/12 192.168/16, link-local
 * 169.254/16 with the cloud metadata address 169.254.169.254, carrier-grade NAT 100.64/10, unique
 * local fc00::/7, multicast, reserved, 6to4, Teredo, NAT64 …); anything but `unicast` is refused. An
 * IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false;
  // `process` turns an IPv4-mapped IPv6 address into the IPv4 address it holds.
  return ipaddr.process(address).range() === 'unicast';
}

/** `host:port` of a URL, the port always written (443 for https, 80 for http), host lower case. */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * What a destination URL may be: https to a public host, or anything listed in
 * `DESTINATION_ALLOW_PRIVATE_HOSTS` (host:port, for the local receiver of tests and development).
 * `undefined` when the URL is acceptable before resolving its name, else why not.
 */
export function urlRefusal(url: URL, allowedPrivate: ReadonlySet<string>): string | undefined {
  if (allowedPrivate.has(hostPortOf(url))) return undefined;
  if (url.protocol !== 'https:') return 'Only https URLs are accepted';
  if (url.username || url.password) return 'The URL may not hold a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) return 'The URL points to a private or reserved address';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) {
    return 'The URL points to a private or reserved address';
  }
  return undefined;
}
