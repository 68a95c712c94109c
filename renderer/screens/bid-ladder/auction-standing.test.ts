import { describe, expect, it } from 'vitest';
import type { AdminListing } from '../../../shared/contract/entities.js';
import { listingWithStanding } from './auction-standing.js';

const listing: AdminListing = {
  id: 'listing-1',
  title: 'Lamp',
  description: '',
  listingType: 'auction',
  inStock: 1,
  startingBid: 1,
  bid: 96,
  featured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  endTime: '1800000000000',
  video: null,
  massUnit: 'oz',
  weight: 1,
  width: 1,
  height: 1,
  length: 1,
  user: { id: 'seller', userName: 'seller', email: 'seller@market.test' },
  hold: null,
};

describe('listingWithStanding', () => {
  it.each([
    ['a lower price after a void', { listingId: 'listing-1', leaderId: 'u1', currentBid: 1, bidCount: 1 }, 1],
    ['no bid left', { listingId: 'listing-1', leaderId: null, currentBid: null, bidCount: 0 }, null],
  ])('%s: the listing takes the new price', (_, standing, bid) => {
    expect(listingWithStanding(listing, standing)).toEqual({ ...listing, bid });
  });

  it.each([
    ['another listing', { listingId: 'listing-2', leaderId: 'u1', currentBid: 5, bidCount: 1 }],
    ['the same price', { listingId: 'listing-1', leaderId: 'u2', currentBid: 96, bidCount: 4 }],
  ])('%s: the same object (nothing re-renders)', (_, standing) => {
    expect(listingWithStanding(listing, standing)).toBe(listing);
  });
});
