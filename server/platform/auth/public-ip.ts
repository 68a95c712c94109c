// Which client addresses are worth keeping as a sign-in IP: only public ones. Loopback, private
// (RFC 1918, IPv6 unique-local), link-local, carrier-grade NAT, unspecified and multicast
// addresses say nothing about who signed in (every local run, every office behind one router),
// so they are never recorded. An IPv4 address in IPv6 form (`::ffff:203.0.113.7`, how a
// dual-stack socket reports it) is judged, and kept, as the IPv4 address.
import { BlockList, isIP } from 'node:net';

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The address to record for a client at `ip`, or null when it is not a public address. */
export function publicIpOf(ip: string | undefined): string | null {
  if (ip === undefined) return null;
  const address = MAPPED_IPV4.exec(ip.trim())?.[1] ?? ip.trim();
  const family = isIP(address);
  if (family === 0) return null;
  const lower = address.toLowerCase();
  return notPublic.check(lower, family === 4 ? 'ipv4' : 'ipv6') ? null : lower;
}
