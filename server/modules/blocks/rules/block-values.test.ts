import { describe, expect, it } from 'vitest';
import type { BlockKind } from '../../../../shared/contract/blocks.js';
import { blockValueOf, cardFingerprint, emailInDomain, ipInRange } from './block-values.js';

describe('blockValueOf: the stored form of what an admin typed', () => {
  const valid: [BlockKind, string, string][] = [
    ['emailDomain', 'Mailinator.COM', 'mailinator.com'],
    ['emailDomain', '@mail.example.com.', 'mail.example.com'],
    ['canonicalEmail', 'A.Nn+shop@GMail.com', 'ann@gmail.com'],
    ['canonicalEmail', 'bo.b+x@example.com', 'bo.b@example.com'],
    ['ipRange', '203.0.113.7', '203.0.113.7/32'],
    ['ipRange', '203.0.113.7/24', '203.0.113.0/24'],
    ['ipRange', '10.0.0.0/8', '10.0.0.0/8'],
    ['ipRange', '0.0.0.0/0', '0.0.0.0/0'],
    ['ipRange', '2001:DB8:0:0:0:0:0:1', '2001:db8::1/128'],
    ['ipRange', '2001:db8:abcd:12::/48', '2001:db8:abcd::/48'],
    ['ipRange', '::ffff:198.51.100.4', '198.51.100.4/32'],
    ['phone', '(415) 555-0143', '+14155550143'],
    ['phone', '+1 415 555 0143', '+14155550143'],
    ['phone', '1-415-555-0143', '+14155550143'],
    ['cardFingerprint', 'VISA:4242:1/2030', 'visa:4242:01/2030'],
    ['deviceToken', ' ExponentPushToken[abc] ', 'ExponentPushToken[abc]'],
    ['payoutAccount', 'acct_1AbC', 'acct_1AbC'],
  ];
  it.each(valid)('%s %j is stored as %j', (kind, typed, stored) => {
    expect(blockValueOf(kind, typed)).toEqual({ value: stored });
  });

  const invalid: [BlockKind, string, RegExp][] = [
    ['emailDomain', 'localhost', /email domain/],
    ['emailDomain', 'bad_domain.com', /email domain/],
    ['emailDomain', '-x.com', /email domain/],
    ['canonicalEmail', 'no-at-sign', /email address/],
    ['ipRange', '203.0.113.256', /IP address/],
    ['ipRange', '203.0.113.0/33', /IP address/],
    ['ipRange', '2001:db8::/129', /IP address/],
    ['ipRange', '::ffff:198.51.100.0/120', /IPv4 form/],
    ['phone', '+44 20 7946 0958', /US phone/],
    ['phone', '415-555-014', /US phone/],
    ['phone', '(115) 555-0143', /US phone/],
    ['cardFingerprint', '4242424242424242', /card fingerprint/],
    ['cardFingerprint', 'visa:4242:13/2030', /card fingerprint/],
    ['deviceToken', 'has space', /device token/],
    ['payoutAccount', 'a!', /payout account/],
  ];
  it.each(invalid)('%s %j is refused', (kind, typed, message) => {
    const result = blockValueOf(kind, typed);
    expect(result).toHaveProperty('error');
    expect('error' in result && result.error).toMatch(message);
    expect('error' in result && result.error).toMatch(/^value: /);
  });
});

describe('ipInRange: CIDR edges, IPv6 and mapped addresses', () => {
  const cases: [string, string, boolean][] = [
    ['203.0.113.0', '203.0.113.0/24', true],
    ['203.0.113.255', '203.0.113.0/24', true],
    ['203.0.112.255', '203.0.113.0/24', false],
    ['203.0.114.0', '203.0.113.0/24', false],
    ['203.0.113.7', '203.0.113.7/32', true],
    ['203.0.113.8', '203.0.113.7/32', false],
    ['8.8.8.8', '0.0.0.0/0', true],
    ['::ffff:203.0.113.9', '203.0.113.0/24', true],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::/48', true],
    ['2001:db8:abce::1', '2001:db8:abcd::/48', false],
    ['2001:db8::1', '2001:db8::1/128', true],
    ['203.0.113.9', '2001:db8::/32', false],
    ['2001:db8::1', '0.0.0.0/0', false],
    ['not an ip', '0.0.0.0/0', false],
  ];
  it.each(cases)('%s in %s: %s', (ip, range, inside) => {
    expect(ipInRange(ip, range)).toBe(inside);
  });
});

describe('emailInDomain: the domain and its subdomains', () => {
  const cases: [string, string, boolean][] = [
    ['ann@mailinator.com', 'mailinator.com', true],
    ['ann@EU.Mailinator.com', 'mailinator.com', true],
    ['ann@a.b.mailinator.com', 'mailinator.com', true],
    ['ann@notmailinator.com', 'mailinator.com', false],
    ['ann@mailinator.com.evil.net', 'mailinator.com', false],
    ['ann@example.com', 'mail.example.com', false],
  ];
  it.each(cases)('%s under %s: %s', (email, domain, inside) => {
    expect(emailInDomain(email, domain)).toBe(inside);
  });
});

describe('cardFingerprint', () => {
  it('is what a typed card fingerprint is stored as', () => {
    const stored = cardFingerprint({ brand: 'Visa', last4: '4242', expMonth: 3, expYear: 2031 });
    expect(stored).toBe('visa:4242:03/2031');
    expect(blockValueOf('cardFingerprint', stored)).toEqual({ value: stored });
  });
});
