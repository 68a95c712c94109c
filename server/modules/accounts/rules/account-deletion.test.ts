import { describe, expect, it } from 'vitest';
import { accountDeletionBlockers } from './account-deletion.js';

const none = { runningAuctionsWithBids: 0, ordersToShip: 0, leadingBids: 0, unpaidPurchases: 0 };

describe('accountDeletionBlockers', () => {
  it.each([
    ['nothing open', none, []],
    ['one auction with bids', { ...none, runningAuctionsWithBids: 1 }, ['1 running listing has bids or entries']],
    ['two auctions with bids', { ...none, runningAuctionsWithBids: 2 }, ['2 running listings have bids or entries']],
    ['an order to ship', { ...none, ordersToShip: 1 }, ['1 sold order has not been delivered']],
    ['a leading bid', { ...none, leadingBids: 1 }, ['you lead 1 running auction']],
    ['three leading bids', { ...none, leadingBids: 3 }, ['you lead 3 running auctions']],
    ['an unpaid purchase', { ...none, unpaidPurchases: 1 }, ['1 purchase waits for your payment']],
    [
      'everything at once',
      { runningAuctionsWithBids: 1, ordersToShip: 2, leadingBids: 1, unpaidPurchases: 2 },
      [
        '1 running listing has bids or entries',
        '2 sold orders have not been delivered',
        'you lead 1 running auction',
        '2 purchases wait for your payment',
      ],
    ],
  ])('%s', (_case, open, reasons) => {
    expect(accountDeletionBlockers(open)).toEqual(reasons);
  });
});
