import ipaddr from 'ipaddr.js';
import { isIPv6 } from 'node:net';

/**
 * The key one client is counted under by every per-client limit: an IPv4 client by its
 * address, an IPv6 client by the network of its first `ipv6PrefixBits` bits. One subscriber is
 * handed a whole /64 (RFC 6177) and may pick any address in it, so keyed on the address an IPv6
 * client would hold 2^64 allowances. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, how a
 * dual-stack socket reports it) is the IPv4 client. Anything that is not an address (a trusted
 * proxy may forward any text) is its own key.
 */
export function clientKey(ip: string, ipv6PrefixBits: number): string {
  if (!isIPv6(ip)) return ip;
  try {
    const address = ipaddr.IPv6.parse(ip);
    if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
    if (ipv6PrefixBits >= 128) return address.toString();
    const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${ipv6PrefixBits}`);
    return `${network.toString()}/${ipv6PrefixBits}`;
  } catch {
    return ip;
  }
}
