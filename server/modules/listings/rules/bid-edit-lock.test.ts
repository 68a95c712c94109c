import { describe, expect, it } from 'vitest';
import type { EditListingBody } from '../../../../shared/contract/market/listings.js';
import { bidEditLockRefusal, changedFields, EDIT_LOCKED_BY_BIDS, type EditableListing } from './bid-edit-lock.js';

const listing = (over: Partial<EditableListing> = {}): EditableListing => ({
  hasBids: true,
  title: 'Brass lamp',
  description: 'Works.',
  priceCents: null,
  startingBidCents: 1000,
  inStock: 1,
  video: null,
  weight: 12,
  massUnit: 'oz',
  width: 0,
  height: 0,
  length: 0,
  endTime: 1_700_000_000_000,
  shippingType: 'seller_pays',
  shippingPriceCents: 0,
  ...over,
});

describe('bidEditLockRefusal, on an auction with bids', () => {
  it.each<[string, EditListingBody]>([
    ['text added to the end of the description', { description: 'Works. Bulb included.' }],
    ['the description sent back unchanged', { description: 'Works.' }],
    [
      'the whole form sent back unchanged',
      { title: 'Brass lamp', startingBid: 10, endTime: '1700000000000', weight: 12 },
    ],
    ['an empty edit', {}],
  ])('allows %s', (_case, edit) => {
    expect(bidEditLockRefusal(listing(), edit)).toBeNull();
  });

  it.each<[string, EditListingBody]>([
    ['a new title', { title: 'Gold lamp' }],
    ['a rewritten description', { description: 'Broken.' }],
    ['a description cut short', { description: 'Works' }],
    ['text put before the description', { description: 'Note: Works.' }],
    ['a lower starting bid', { startingBid: 9.99 }],
    ['a price', { price: 20 }],
    ['a video', { video: 'https://cdn.market.test/v.mp4' }],
    ['another end time', { endTime: '1700000000001' }],
    ['a change of stock', { inStock: 2 }],
    ['the shipping cost', { shippingCost: 5 }],
    ['an appended description with a new title', { description: 'Works. More.', title: 'Gold lamp' }],
  ])('refuses %s', (_case, edit) => {
    expect(bidEditLockRefusal(listing(), edit)).toBe(EDIT_LOCKED_BY_BIDS);
  });

  it('leaves a listing without bids free', () => {
    expect(bidEditLockRefusal(listing({ hasBids: false }), { title: 'Gold lamp', startingBid: 1 })).toBeNull();
  });
});

describe('changedFields', () => {
  it('compares money in cents and end times as numbers', () => {
    const edit: EditListingBody = { startingBid: 10, shippingCost: 0.1, endTime: '1700000000000', video: null };
    expect(changedFields(listing(), edit)).toEqual(['shippingCost']);
  });
});
