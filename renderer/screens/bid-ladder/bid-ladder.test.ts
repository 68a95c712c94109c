import { describe, expect, it } from 'vitest';
import type { AdminBid } from '../../../shared/contract/admin-bid-void-routes.js';
import { bidderNames, ringBidderIds, standingLines, voidableBidders } from './bid-ladder.js';

let n = 0;
const bid = (userId: string, userName: string | null, amount: number, voided = false): AdminBid => ({
  id: `b${++n}`,
  user: { id: userId, userName },
  amount,
  maxBid: amount + 5,
  createdAt: '2026-01-01T00:00:00.000Z',
  voidedAt: voided ? '2026-01-02T00:00:00.000Z' : null,
  voidReason: voided ? 'Shill bidding' : null,
});

// Newest first, as the ladder answers.
const ladder = [
  bid('h', 'honest', 30),
  bid('r1', 'ring_ava', 25),
  bid('r2', null, 20),
  bid('r1', 'ring_ava', 15),
  bid('r3', 'ring_ivy', 10, true),
];

describe('the admin bid ladder', () => {
  it('lists the bidders whose bids still count, newest first, with how many count', () => {
    expect(voidableBidders(ladder)).toEqual([
      { id: 'h', name: 'honest', standingBids: 1 },
      { id: 'r1', name: 'ring_ava', standingBids: 2 },
      { id: 'r2', name: 'r2', standingBids: 1 },
    ]);
  });

  it("picks the ring's bidders, leaving out those already voided and those outside the ring", () => {
    expect(ringBidderIds(ladder, ['r3', 'r2', 'r1', 'seller'])).toEqual(['r1', 'r2']);
  });

  it.each([
    [
      'the ring led: an honest bidder leads at a lower price',
      {
        before: { leaderId: 'r1', currentBid: 25, bidCount: 4 },
        after: { leaderId: 'h', currentBid: 10, bidCount: 1 },
        voided: 3,
      },
      [
        { label: 'Leader', before: 'ring_ava', after: 'honest', changed: true },
        { label: 'Price', before: '$25.00', after: '$10.00', changed: true },
        { label: 'Bid count', before: '4', after: '1', changed: true },
      ],
    ],
    [
      'no bid is left',
      {
        before: { leaderId: 'r1', currentBid: 25, bidCount: 2 },
        after: { leaderId: null, currentBid: null, bidCount: 0 },
        voided: 2,
      },
      [
        { label: 'Leader', before: 'ring_ava', after: 'Nobody', changed: true },
        { label: 'Price', before: '$25.00', after: 'No bid', changed: true },
        { label: 'Bid count', before: '2', after: '0', changed: true },
      ],
    ],
    [
      'a leader the ladder does not name, unchanged',
      {
        before: { leaderId: 'x', currentBid: 5, bidCount: 1 },
        after: { leaderId: 'x', currentBid: 5, bidCount: 1 },
        voided: 0,
      },
      [
        { label: 'Leader', before: 'x', after: 'x', changed: false },
        { label: 'Price', before: '$5.00', after: '$5.00', changed: false },
        { label: 'Bid count', before: '1', after: '1', changed: false },
      ],
    ],
  ])('the preview when %s', (_, result, lines) => {
    expect(standingLines(result, bidderNames(ladder))).toEqual(lines);
  });
});
