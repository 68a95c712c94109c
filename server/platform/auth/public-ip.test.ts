import { describe, expect, it } from 'vitest';
import { publicIpOf } from './public-ip.js';

describe('publicIpOf', () => {
  it.each([
    ['a public IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['a public IPv4 address in IPv6 form', '::ffff:198.51.100.20', '198.51.100.20'],
    ['a public IPv6 address', '2001:DB8::1', '2001:db8::1'],
    ['loopback', '127.0.0.1', null],
    ['loopback elsewhere in 127/8', '127.10.0.3', null],
    ['IPv6 loopback', '::1', null],
    ['loopback in IPv6 form', '::ffff:127.0.0.1', null],
    ['10/8', '10.1.2.3', null],
    ['172.16/12', '172.20.0.9', null],
    ['just outside 172.16/12', '172.32.0.1', '172.32.0.1'],
    ['192.168/16', '192.168.1.10', null],
    ['carrier-grade NAT', '100.64.3.4', null],
    ['link-local', '169.254.1.1', null],
    ['IPv6 unique-local', 'fd12:3456::1', null],
    ['IPv6 link-local', 'fe80::1', null],
    ['unspecified', '0.0.0.0', null],
    ['multicast', '239.1.1.1', null],
    ['not an address', 'localhost', null],
    ['nothing', undefined, null],
  ])('%s', (_case, ip, recorded) => {
    expect(publicIpOf(ip)).toBe(recorded);
  });
});
