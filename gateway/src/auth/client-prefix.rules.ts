import ipaddr from 'ipaddr.js';

/**
 * The network a client address belongs to, as throttles count it: the /24 of an IPv4 address, the /64
 * of an IPv6 one (one subscriber usually holds a whole /64). Unparseable input counts as itself.
 */
export function clientPrefix(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return `raw:${ip ?? 'unknown'}`;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
