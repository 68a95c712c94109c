import { describe, expect, it } from 'vitest';
import type { RingLink } from '../../../shared/contract/rings.js';
import { NO_IMPACT } from '../../../shared/rules/enforcement-impact.js';
import {
  EMPTY_RING_BLOCK_FORM,
  ringBlockBodyOf,
  ringBlockedKindsText,
  ringBlockFreezes,
  ringBlockOutcome,
  ringLinksText,
  type RingBlockForm,
} from './ring-block.js';

const now = new Date('2026-12-05T00:00:00Z');
const form = (patch: Partial<RingBlockForm>): RingBlockForm => ({ ...EMPTY_RING_BLOCK_FORM, reason: 'Ring', ...patch });
const link = (kind: RingLink['kind']): RingLink => ({ from: 'a', to: 'b', kind });

describe('ringBlockBodyOf', () => {
  it.each([
    ['no reason', form({ reason: '  ' }), 'Give a reason for the block'],
    ['an expiry in the past', form({ expires: '2026-12-04T10:00' }), 'The expiry must be in the future'],
    ['an expiry that is no date', form({ expires: 'soon' }), 'The expiry is not a date'],
  ])('refuses %s', (_name, given, message) => {
    expect(ringBlockBodyOf(given, now)).toEqual({ ok: false, message });
  });

  it.each([
    ['trims the reason, leaves out an empty expiry', form({ reason: ' Ring ' }), { severity: 'trade', reason: 'Ring' }],
    [
      'sends a future expiry as an ISO date',
      form({ severity: 'review', expires: '2030-01-01T12:00' }),
      { severity: 'review', reason: 'Ring', expiresAt: new Date('2030-01-01T12:00').toISOString() },
    ],
  ])('%s', (_name, given, body) => {
    expect(ringBlockBodyOf(given, now)).toEqual({ ok: true, body });
  });
});

describe('the summary', () => {
  it('names the five kinds the server blocks', () => {
    expect(ringBlockedKindsText()).toBe('canonical email, phone, card fingerprint, payout account and device token');
  });

  it.each([
    ['no links', [], ''],
    [
      'each kind once, with its links, in the order met',
      [link('deviceToken'), link('cardFingerprint'), link('deviceToken')],
      'Device token (2 links), Card fingerprint (1 link)',
    ],
    ['an address, which no block takes', [link('address'), link('address')], 'Address (2 links, not blocked)'],
    ['an email as its canonical form', [link('email')], 'Canonical email (1 link)'],
  ])('link kinds: %s', (_name, links, text) => {
    expect(ringLinksText({ links })).toBe(text);
  });
});

describe('ringBlockFreezes', () => {
  const ring = { impact: { ...NO_IMPACT, liveAuctions: 2 } };
  it.each([
    ['review', 0],
    ['signUp', 0],
    ['trade', 2],
    ['noAccess', 2],
  ] as const)('%s freezes %i live auctions', (severity, frozen) => {
    expect(ringBlockFreezes(ring, severity)).toBe(frozen);
  });
});

describe('ringBlockOutcome', () => {
  it.each([
    [0, 'No new block: every identifier of the ring was already blocked'],
    [1, 'Blocked 1 identifier of the ring'],
    [7, 'Blocked 7 identifiers of the ring'],
  ])('%i blocks made', (created, text) => {
    expect(ringBlockOutcome(created)).toBe(text);
  });
});
