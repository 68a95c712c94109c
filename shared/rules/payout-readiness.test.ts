import { describe, expect, it } from 'vitest';
import { type PayoutAccountFacts, payoutReadinessOf } from './payout-readiness.js';

const onboarded: PayoutAccountFacts = { chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] };
const fresh: PayoutAccountFacts = {
  chargesEnabled: false,
  payoutsEnabled: false,
  requirementsDue: ['external_account', 'tos_acceptance.date'],
};

describe('payout readiness', () => {
  it.each([
    ['no account', false, null, { hasPayoutAccount: false, canBePaid: false, canSell: false }],
    ['enabled seller, no account', true, null, { hasPayoutAccount: false, canBePaid: false, canSell: false }],
    ['account not onboarded', true, fresh, { hasPayoutAccount: true, canBePaid: false, canSell: false }],
    [
      'charges but no payouts yet',
      true,
      { ...onboarded, payoutsEnabled: false },
      { hasPayoutAccount: true, canBePaid: false, canSell: false },
    ],
    [
      'payouts but charges disabled',
      true,
      { ...onboarded, chargesEnabled: false },
      { hasPayoutAccount: true, canBePaid: false, canSell: false },
    ],
    ['onboarded, not an enabled seller', false, onboarded, { hasPayoutAccount: true, canBePaid: true, canSell: false }],
    ['onboarded enabled seller', true, onboarded, { hasPayoutAccount: true, canBePaid: true, canSell: true }],
  ])('%s', (_, sellerEnabled, account, readiness) =>
    expect(payoutReadinessOf({ sellerEnabled, account })).toEqual(readiness),
  );
});
