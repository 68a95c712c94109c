import { describe, expect, it } from 'vitest';
import type { AuctionState, BidAttempt, BiddingEvent } from './proxy-bidding.js';
import { ANTI_SNIPE_WINDOW_MS, placeBid } from './proxy-bidding.js';
import { auction, bid, HOUR, run, T0 } from './proxy-bidding.fixtures.js';

const names = (events: readonly BiddingEvent[]) => events.map((event) => event.name);

describe('classic proxy-bidding scenarios', () => {
  // [scenario, starting bid, bids in order as [bidder, max], price after, leader after]
  const rows: [string, number, [string, number][], number, string][] = [
    ['the first bid sets the price to the starting bid', 1_000, [['ann', 5_000]], 1_000, 'ann'],
    [
      'a lower rival: second max + one increment',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 2_000],
      ],
      2_050,
      'ann',
    ],
    [
      'a higher rival takes the lead at the old max + one increment',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 8_000],
      ],
      5_100,
      'bob',
    ],
    [
      'equal maximums go to the earlier bid',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 5_000],
      ],
      5_000,
      'ann',
    ],
    [
      'the price is capped at the leader’s maximum',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 4_980],
      ],
      5_000,
      'ann',
    ],
    [
      'capped at the new leader’s maximum',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 5_020],
      ],
      5_020,
      'bob',
    ],
    [
      'the increment is the one at the second maximum',
      100,
      [
        ['ann', 20_000],
        ['bob', 9_999],
      ],
      10_099,
      'ann',
    ],
    [
      'crossing into the $2.50 band',
      100,
      [
        ['ann', 20_000],
        ['bob', 10_000],
      ],
      10_250,
      'ann',
    ],
    [
      'a bidding war',
      100,
      [
        ['ann', 1_000],
        ['bob', 1_500],
        ['cat', 1_200],
        ['ann', 3_000],
      ],
      1_550,
      'ann',
    ],
    [
      'the leader raising their maximum keeps the price',
      1_000,
      [
        ['ann', 5_000],
        ['bob', 2_000],
        ['ann', 9_000],
      ],
      2_050,
      'ann',
    ],
    [
      'a rival beaten by a raised maximum',
      1_000,
      [
        ['ann', 5_000],
        ['ann', 9_000],
        ['bob', 6_000],
      ],
      6_100,
      'ann',
    ],
    [
      'a one-cent starting bid',
      1,
      [
        ['ann', 3],
        ['bob', 6],
      ],
      6,
      'bob',
    ],
  ];
  it.each(rows)('%s', (_, start, bids, price, leader) => {
    const { newState } = run(auction(start), bids);
    expect(newState.currentBidCents).toBe(price);
    expect(newState.leader?.bidderId).toBe(leader);
    expect(newState.bidCount).toBe(bids.length);
  });

  it('tells a bidder whether they lead or were outbid at once', () => {
    const first = run(auction(1_000), [['ann', 5_000]]);
    expect(first.status === 'accepted' && first.outcome).toBe('leading');
    const second = placeBid(first.newState, bid('bob', 2_000));
    expect(second.status === 'accepted' && second.outcome).toBe('outbid');
    const raise = placeBid(second.newState, bid('ann', 6_000));
    expect(raise.status === 'accepted' && raise.outcome).toBe('raised_max');
  });
});

describe('rejected bids', () => {
  const rows: [string, AuctionState, BidAttempt, string, string][] = [
    ['below the starting bid', auction(1_000), bid('ann', 999), 'below_minimum', 'Bid must be at least $10.00'],
    [
      'below the current bid + one increment',
      auction(1_000, { currentBidCents: 1_200, leader: { bidderId: 'ann', maxCents: 5_000 }, bidCount: 2 }),
      bid('bob', 1_249),
      'below_minimum',
      'Bid must be at least $12.50',
    ],
    [
      'the leader lowering or repeating their maximum',
      auction(1_000, { currentBidCents: 1_200, leader: { bidderId: 'ann', maxCents: 5_000 }, bidCount: 2 }),
      bid('ann', 5_000),
      'not_above_own_max',
      'Your maximum bid is already $50.00; a new maximum must be higher',
    ],
    [
      'a thousands separator in the message',
      auction(1_000, { currentBidCents: 250_000, leader: { bidderId: 'ann', maxCents: 300_000 }, bidCount: 9 }),
      bid('bob', 254_999),
      'below_minimum',
      'Bid must be at least $2,550.00',
    ],
    ['at the end time', auction(1_000), bid('ann', 5_000, T0 + HOUR), 'auction_ended', 'This auction has ended'],
    ['after the end time', auction(1_000), bid('ann', 5_000, T0 + 2 * HOUR), 'auction_ended', 'This auction has ended'],
    ['by the seller', auction(1_000), bid('seller', 5_000), 'own_listing', 'Sellers cannot bid on their own listing'],
    ['zero', auction(1_000), bid('ann', 0), 'invalid_amount', 'Bid must be a positive amount with at most 2 decimals'],
    [
      'a fraction of a cent',
      auction(1_000),
      bid('ann', 1_000.5),
      'invalid_amount',
      'Bid must be a positive amount with at most 2 decimals',
    ],
  ];
  it.each(rows)('%s', (_, state, attempt, reason, message) => {
    const result = placeBid(state, attempt);
    expect(result).toEqual({ status: 'rejected', reason, message, newState: state, events: [] });
    expect(result.newState).toBe(state);
  });
});

describe('events', () => {
  it('the first bid: newBid to the listing room, maxBidHistory to the bidder only', () => {
    const result = run(auction(1_000), [['ann', 5_000]]);
    expect(result.events).toEqual([
      {
        name: 'newBid',
        rooms: ['listing:listing-1'],
        payload: {
          listingId: 'listing-1',
          bidId: expect.any(String),
          bidderId: 'ann',
          amount: 10,
          currentBid: 10,
          leaderId: 'ann',
          bidCount: 1,
          endTime: String(T0 + HOUR),
        },
      },
      { name: 'maxBidHistory', rooms: ['user:ann'], payload: { listingId: 'listing-1', maxBid: 50 } },
    ]);
  });

  it('a new leader: the displaced leader hears userOutbid at the new price', () => {
    const result = run(auction(1_000), [
      ['ann', 5_000],
      ['bob', 8_000],
    ]);
    expect(names(result.events)).toEqual(['newBid', 'maxBidHistory', 'userOutbid']);
    expect(result.events[2]).toEqual({
      name: 'userOutbid',
      rooms: ['user:ann'],
      payload: { listingId: 'listing-1', userId: 'ann', currentBid: 51 },
    });
  });

  it('a rival beaten at once: nobody is displaced, and the spent maximum is the bid shown', () => {
    const result = run(auction(1_000), [
      ['ann', 5_000],
      ['bob', 2_000],
    ]);
    expect(names(result.events)).toEqual(['newBid', 'maxBidHistory']);
    expect(result.events[0]?.payload).toMatchObject({ bidderId: 'bob', amount: 20, currentBid: 20.5, leaderId: 'ann' });
  });

  it('the leader raising their maximum tells only the leader, and never the listing room', () => {
    const result = run(auction(1_000), [
      ['ann', 5_000],
      ['bob', 2_000],
      ['ann', 9_000],
    ]);
    expect(result.events).toEqual([
      { name: 'maxBidHistory', rooms: ['user:ann'], payload: { listingId: 'listing-1', maxBid: 90 } },
    ]);
    expect(JSON.stringify(result.events)).not.toContain('listing:listing-1');
  });
});

describe(`anti-sniping (window ${ANTI_SNIPE_WINDOW_MS / 1000} s)`, () => {
  const end = T0 + HOUR;
  // [scenario, ms before the end the bid lands, end time after]
  const rows: [string, number, number][] = [
    ['an hour before: no change', HOUR - 1, end],
    ['31 s before: no change', 31_000, end],
    ['exactly 30 s before: no change', 30_000, end],
    ['29.999 s before: now + 30 s', 29_999, end - 29_999 + 30_000],
    ['10 s before: now + 30 s', 10_000, end + 20_000],
    ['1 ms before: now + 30 s', 1, end + 29_999],
  ];
  it.each(rows)('%s', (_, beforeEnd, endAfter) => {
    const result = placeBid(auction(1_000), bid('ann', 5_000, end - beforeEnd));
    expect(result.newState.endTimeMs).toBe(endAfter);
    const announced = result.events.find((event) => event.name === 'listingEndTimeIncremented');
    if (endAfter === end) expect(announced).toBeUndefined();
    else {
      expect(announced).toEqual({
        name: 'listingEndTimeIncremented',
        rooms: ['listing:listing-1'],
        payload: { listingId: 'listing-1', endTime: String(endAfter) },
      });
      expect(result.events.find((event) => event.name === 'newBid')?.payload).toMatchObject({
        endTime: String(endAfter),
      });
    }
  });

  it('a bid in the extended time is accepted, one after the original end', () => {
    const late = placeBid(auction(1_000), bid('ann', 5_000, end - 5_000));
    const later = placeBid(late.newState, bid('bob', 6_000, end + 20_000));
    expect(later.status).toBe('accepted');
    expect(later.newState.endTimeMs).toBe(end + 50_000);
  });

  it('the leader raising their maximum late does not extend (it would reveal the raise)', () => {
    const first = placeBid(auction(1_000), bid('ann', 5_000, T0));
    const raise = placeBid(first.newState, bid('ann', 9_000, end - 1_000));
    expect(raise.status).toBe('accepted');
    expect(raise.newState.endTimeMs).toBe(end);
  });

  it('the window is an option', () => {
    const result = placeBid(auction(1_000), bid('ann', 5_000, end - 50_000), { antiSnipeWindowMs: 60_000 });
    expect(result.newState.endTimeMs).toBe(end + 10_000);
  });
});
