import { describe, expect, it } from 'vitest';
import { payoutShown } from './payout-display.js';

const hold = { reason: 'Ring sale', since: '2026-01-01T00:00:00.000Z', admin: { uid: 'a', email: 'a@x.test' } };
const payout = (status: 'pending' | 'held' | 'released') => ({
  status,
  amount: 42.5,
  releasedAt: null,
  releasesAt: null,
});

describe('a seller payout as shown', () => {
  it.each([
    ['no payout yet (unpaid order)', { payout: null, payoutHold: null }, null],
    [
      'pending until delivery',
      { payout: payout('pending'), payoutHold: null },
      { label: 'Pending', text: '$42.50 pending', intent: 'warning' },
    ],
    [
      'held by an admin',
      { payout: payout('held'), payoutHold: hold },
      { label: 'Held', text: '$42.50 held', intent: 'danger' },
    ],
    [
      'a hold shows even while the state still says pending',
      { payout: payout('pending'), payoutHold: hold },
      { label: 'Held', text: '$42.50 held', intent: 'danger' },
    ],
    [
      'released',
      { payout: payout('released'), payoutHold: null },
      { label: 'Released', text: '$42.50 released', intent: 'success' },
    ],
  ])('%s', (_, order, shown) => {
    expect(payoutShown(order)).toEqual(shown);
  });
});
