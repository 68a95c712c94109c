// What the auctions module tells the areas above it (platform/events/domain-hooks.ts): while bids
// commit (from MIN_BIDS_TO_SCORE bids on, without the bidder waiting, coalesced per auction and
// bounded per node by ladder-reviews.ts, never once per bid) and once an auction has closed,
// trust and safety scores its ladder. Fired after the commit, with the database: the scoring
// reads the committed ladder and opens its case in a unit of work of its own.
import type { UnitOfWorkDeps } from '../../platform/events/unit-of-work.js';
import { domainHook } from '../../platform/events/domain-hooks.js';

/** Fewer bids than this say nothing about behaviour: not scored while bids arrive. */
export const MIN_BIDS_TO_SCORE = 4;

export const auctionLadderSettled =
  domainHook<[deps: UnitOfWorkDeps, listingId: string, when: 'bid' | 'close']>('auctionLadderSettled');
