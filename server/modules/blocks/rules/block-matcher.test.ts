import { describe, expect, it } from 'vitest';
import { blockMatcher, NO_IDENTIFIERS, type AccountIdentifiers, type LiveBlock } from './block-matcher.js';

const NOW = Date.parse('2026-12-01T12:00:00Z');
let n = 0;
const block = (kind: LiveBlock['kind'], value: string, expiresAt: number | null = null): LiveBlock => ({
  id: `b${(n += 1)}`,
  kind,
  value,
  severity: 'trade',
  expiresAt,
});

const BLOCKS = [
  block('emailDomain', 'mailinator.com'),
  block('canonicalEmail', 'ann@gmail.com'),
  block('ipRange', '203.0.113.0/24'),
  block('ipRange', '198.51.100.7/32'),
  block('ipRange', '2001:db8:abcd::/48'),
  block('phone', '+14155550143'),
  block('cardFingerprint', 'visa:4242:12/2030'),
  block('payoutAccount', 'acct_1AbC'),
  block('deviceToken', 'ExponentPushToken[abc]'),
  block('emailDomain', 'expired.example', NOW - 1),
  block('emailDomain', 'later.example', NOW + 60_000),
];
const matcher = blockMatcher(BLOCKS);
const who = (identifiers: Partial<AccountIdentifiers>) =>
  matcher.matches({ ...NO_IDENTIFIERS, ...identifiers }, NOW).map((b) => `${b.kind} ${b.value}`);

describe('blockMatcher: an account matches through any identifier', () => {
  it.each([
    [{ emails: ['bob@mailinator.com'] }, ['emailDomain mailinator.com']],
    [{ emails: ['bob@eu.Mailinator.com'] }, ['emailDomain mailinator.com']],
    [{ emails: ['bob@notmailinator.com'] }, []],
    [{ emails: ['A.n.n+shop@googlemail.com'] }, []],
    [{ emails: ['A.n.n+shop@gmail.com'] }, ['canonicalEmail ann@gmail.com']],
    [{ ips: ['203.0.113.0'] }, ['ipRange 203.0.113.0/24']],
    [{ ips: ['203.0.113.255'] }, ['ipRange 203.0.113.0/24']],
    [{ ips: ['203.0.114.0'] }, []],
    [{ ips: ['::ffff:203.0.113.40'] }, ['ipRange 203.0.113.0/24']],
    [{ ips: ['198.51.100.7'] }, ['ipRange 198.51.100.7/32']],
    [{ ips: ['198.51.100.8'] }, []],
    [{ ips: ['2001:db8:abcd:ffff::9'] }, ['ipRange 2001:db8:abcd::/48']],
    [{ ips: ['2001:db8:abce::9'] }, []],
    [{ phones: ['+14155550143'] }, ['phone +14155550143']],
    [{ cards: ['visa:4242:12/2030', 'visa:4242:11/2030'] }, ['cardFingerprint visa:4242:12/2030']],
    [{ payoutAccounts: ['acct_1AbC'] }, ['payoutAccount acct_1AbC']],
    [{ deviceTokens: ['ExponentPushToken[abc]'] }, ['deviceToken ExponentPushToken[abc]']],
    [{ emails: ['x@expired.example'] }, []],
    [{ emails: ['x@later.example'] }, ['emailDomain later.example']],
  ] as [Partial<AccountIdentifiers>, string[]][])('%j → %j', (identifiers, matched) => {
    expect(who(identifiers)).toEqual(matched);
  });

  it('an empty book matches nobody', () => {
    expect(blockMatcher([]).matches({ ...NO_IDENTIFIERS, emails: ['bob@mailinator.com'] }, NOW)).toEqual([]);
  });

  it('looks 10,000 blocks up in well under a millisecond per check', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      block(
        i % 2 ? 'cardFingerprint' : 'ipRange',
        i % 2 ? `visa:${String(i).padStart(4, '0')}:01/2030` : `10.${i >> 8}.${i & 255}.0/24`,
      ),
    );
    const big = blockMatcher(many);
    const identifiers = {
      ...NO_IDENTIFIERS,
      emails: ['a@b.example.com'],
      cards: ['visa:9999:02/2031'],
      ips: ['192.0.2.1'],
    };
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) big.matches(identifiers, NOW);
    expect((performance.now() - started) / 1000).toBeLessThan(0.5);
  });
});
