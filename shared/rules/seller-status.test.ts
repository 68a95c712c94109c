import { describe, expect, it } from 'vitest';
import { hasPayoutAccount, sellerStatusOf, type SellerFacts } from './seller-status.js';

const request = { id: 'r1', description: 'I sell sneakers' };

// The seller status rules, in their order of precedence.
const rows: [string, SellerFacts, string][] = [
  [
    'pending request wins over everything',
    { pendingRequest: request, sellerEnabled: true, stripeUserId: 'acct_1' },
    'Pending request',
  ],
  [
    'pending request without an account',
    { pendingRequest: request, sellerEnabled: false, stripeUserId: null },
    'Pending request',
  ],
  ['enabled seller', { pendingRequest: null, sellerEnabled: true, stripeUserId: 'acct_1' }, 'Accepted'],
  ['enabled without payout account', { pendingRequest: null, sellerEnabled: true, stripeUserId: null }, 'Accepted'],
  [
    'payout account, not enabled',
    { pendingRequest: null, sellerEnabled: false, stripeUserId: 'acct_1' },
    'Disabled seller',
  ],
  ['nothing', { pendingRequest: null, sellerEnabled: false, stripeUserId: null }, 'Not a seller'],
  ['empty account id counts as none', { pendingRequest: null, sellerEnabled: false, stripeUserId: '' }, 'Not a seller'],
];

describe('admin seller status', () => {
  it.each(rows)('%s', (_, user, status) => expect(sellerStatusOf(user)).toBe(status));
  it('payout-account features need an account id', () => {
    expect(hasPayoutAccount({ stripeUserId: 'acct_1' })).toBe(true);
    expect(hasPayoutAccount({ stripeUserId: null })).toBe(false);
  });
});
