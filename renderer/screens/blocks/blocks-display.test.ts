import { describe, expect, it } from 'vitest';
import type { BlockPreview } from '../../../shared/contract/blocks.js';
import { blockBodyOf, EMPTY_BLOCK_FORM, freezesLiveAuctions, previewFacts, type BlockForm } from './blocks-display.js';

const now = new Date('2026-12-05T00:00:00Z');
const form = (patch: Partial<BlockForm>): BlockForm => ({
  ...EMPTY_BLOCK_FORM,
  value: 'spam.test',
  reason: 'Ring',
  ...patch,
});
const preview = (patch: Partial<BlockPreview> = {}): BlockPreview => ({
  accounts: 3,
  sample: [],
  activeListings: 2,
  liveAuctionsLed: 1,
  leadingBids: 4,
  openOrders: 5,
  pendingPayoutCents: 12_345,
  ...patch,
});

describe('blockBodyOf', () => {
  it.each([
    ['no value', form({ value: '  ' }), 'Enter the email domain to block'],
    ['no reason', form({ reason: ' ' }), 'Give a reason for the block'],
    ['an expiry in the past', form({ expires: '2026-12-04T10:00' }), 'The expiry must be in the future'],
    ['an expiry that is no date', form({ expires: 'soon' }), 'The expiry is not a date'],
  ])('refuses %s', (_name, given, message) => {
    expect(blockBodyOf(given, now)).toEqual({ ok: false, message });
  });

  it('trims the value and reason and leaves out an empty expiry', () => {
    expect(blockBodyOf(form({ value: ' spam.test ', reason: ' Ring ' }), now)).toEqual({
      ok: true,
      body: { kind: 'emailDomain', value: 'spam.test', severity: 'trade', reason: 'Ring' },
    });
  });

  it('sends a future expiry as an ISO date', () => {
    const checked = blockBodyOf(form({ expires: '2027-01-01T00:00' }), now);
    expect(checked.ok && checked.body.expiresAt).toBe(new Date('2027-01-01T00:00').toISOString());
  });
});

describe('freezesLiveAuctions', () => {
  it.each([
    ['trade with an auction led', preview(), 'trade', true],
    ['noAccess with an auction led', preview(), 'noAccess', true],
    ['review (refuses nothing)', preview(), 'review', false],
    ['signUp (refuses only registration)', preview(), 'signUp', false],
    ['no auction led', preview({ liveAuctionsLed: 0 }), 'trade', false],
    ['no preview yet', null, 'trade', false],
  ] as const)('%s', (_name, given, severity, frozen) => {
    expect(freezesLiveAuctions(given, severity)).toBe(frozen);
  });
});

describe('previewFacts', () => {
  it('lists the counts and the payouts in dollars', () => {
    expect(previewFacts(preview({ accounts: 1200 }))).toEqual([
      { label: 'Accounts matched', value: '1,200' },
      { label: 'Active listings', value: '2' },
      { label: 'Live auctions led', value: '1' },
      { label: 'Leading bids', value: '4' },
      { label: 'Open orders', value: '5' },
      { label: 'Pending payouts', value: '$123.45' },
    ]);
  });
});
