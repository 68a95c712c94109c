import { describe, expect, it } from 'vitest';
import { canFeatureListing, LISTING_TYPE_BADGES, priceCells, truncateDescription } from './listing-display.js';

describe('description truncation at 50 characters', () => {
  const fifty = 'x'.repeat(50);
  it.each([
    ['short', 'Vintage watch', 'Vintage watch'],
    ['exactly 50', fifty, fifty],
    ['51 characters', `${fifty}y`, `${fifty}...`],
    ['empty', '', ''],
    ['emoji kept whole', `${'x'.repeat(49)}😀😀`, `${'x'.repeat(49)}😀...`],
  ])('%s', (_, text, shown) => expect(truncateDescription(text)).toBe(shown));
});

describe('price cells by listing type', () => {
  it.each([
    ['default', { price: 25, startingBid: null, currentBid: null }],
    ['auction', { price: null, startingBid: 25, currentBid: 31 }],
    ['giveaway', { price: null, startingBid: null, currentBid: null }],
  ] as const)('%s', (listingType, cells) =>
    expect(priceCells({ listingType, startingBid: 25, bid: 31 })).toEqual(cells),
  );
  it('feature star only for auctions', () => {
    expect(canFeatureListing('auction')).toBe(true);
    expect(canFeatureListing('default')).toBe(false);
    expect(canFeatureListing('giveaway')).toBe(false);
  });
  it('type badges', () =>
    expect(LISTING_TYPE_BADGES).toEqual({ auction: 'Auction', giveaway: 'Giveaway', default: 'Buy Now' }));
});
