import { describe, expect, it } from 'vitest';
import { NO_IMPACT, sumImpacts } from '../../../shared/rules/enforcement-impact.js';
import {
  accountsCount,
  pickedInOrder,
  ringEnforcementBody,
  togglePick,
  type RingEnforcementForm,
} from './ring-enforcement.js';

const form = (patch: Partial<RingEnforcementForm> = {}): RingEnforcementForm => ({
  action: 'suspendSelling',
  preset: 'Shill bidding',
  details: '',
  message: '',
  until: '',
  ...patch,
});
const now = new Date('2026-01-01T00:00:00Z');

describe('ring enforcement', () => {
  it('sums the impact of the picked accounts figure by figure', () => {
    const one = { ...NO_IMPACT, activeListings: 2, pendingPayoutCents: 1050 };
    const two = { ...NO_IMPACT, activeListings: 1, leadingBids: 3, pendingPayoutCents: 50 };
    expect(sumImpacts([one, two])).toEqual({
      ...NO_IMPACT,
      activeListings: 3,
      leadingBids: 3,
      pendingPayoutCents: 1100,
    });
    expect(sumImpacts([])).toEqual(NO_IMPACT);
  });

  it('picks and unpicks, and lists the picked in the ring order', () => {
    const picked = togglePick(togglePick(new Set(['c']), 'a'), 'c');
    expect([...picked]).toEqual(['a']);
    expect(pickedInOrder([{ id: 'c' }, { id: 'b' }, { id: 'a' }], new Set(['a', 'c']))).toEqual(['c', 'a']);
  });

  it.each([
    ['nobody picked', form(), [], { ok: false, message: 'Pick at least one account' }],
    [
      'more than 50',
      form(),
      Array.from({ length: 51 }, (_, i) => `u${i}`),
      { ok: false, message: 'At most 50 accounts at once' },
    ],
    ['no reason', form({ preset: '' }), ['a'], { ok: false, message: 'Choose a reason' }],
    [
      'a suspension without its end',
      form({ action: 'suspend' }),
      ['a'],
      { ok: false, message: 'A suspension needs an end date' },
    ],
    [
      'selling suspended for two, with details',
      form({ details: 'ring on listing 7' }),
      ['a', 'b'],
      { ok: true, body: { action: 'suspendSelling', reason: 'Shill bidding: ring on listing 7', userIds: ['a', 'b'] } },
    ],
  ])('%s', (_, given, ids, expected) => {
    expect(ringEnforcementBody(given, ids, now)).toEqual(expected);
  });

  it('a suspension carries its end', () => {
    const result = ringEnforcementBody(form({ action: 'suspend', until: '2026-02-01T10:00' }), ['a'], now);
    expect(result.ok && result.body.until).toBe(new Date('2026-02-01T10:00').toISOString());
  });

  it('counts accounts in words', () => {
    expect([accountsCount(1), accountsCount(4)]).toEqual(['1 account', '4 accounts']);
  });
});
