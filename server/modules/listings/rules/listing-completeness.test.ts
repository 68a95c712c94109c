import { describe, expect, it } from 'vitest';
import { type ListingTerms, listingProblems, problemsText } from './listing-completeness.js';

const terms = (over: Partial<ListingTerms>): ListingTerms => ({
  title: 'Lamp',
  listingType: 'default',
  priceCents: 4000,
  startingBidCents: null,
  ...over,
});

describe('listingProblems', () => {
  it.each([
    ['a priced buy-now listing', terms({}), []],
    ['a free buy-now listing (price 0 is a price)', terms({ priceCents: 0 }), []],
    ['an auction with a starting bid', terms({ listingType: 'auction', priceCents: null, startingBidCents: 1 }), []],
    ['a giveaway with neither', terms({ listingType: 'giveaway', priceCents: null }), []],
    ['a blank title', terms({ title: '  ' }), ['title']],
    ['a buy-now listing without a price', terms({ priceCents: null }), ['price']],
    ['an auction without a starting bid', terms({ listingType: 'auction', priceCents: null }), ['startingBid']],
    ['an auction starting at 0', terms({ listingType: 'auction', startingBidCents: 0 }), ['startingBid']],
    ['an empty draft', terms({ title: '', priceCents: null }), ['title', 'price']],
  ])('%s', (_case, given, fields) => {
    expect(listingProblems(given).map((problem) => problem.field)).toEqual(fields);
  });

  it('says each problem in the API’s validation style', () => {
    const problems = listingProblems(terms({ title: '', listingType: 'auction', startingBidCents: 0 }));
    expect(problemsText('body/listings/2/', problems)).toBe(
      'body/listings/2/title: a listing needs a title; body/listings/2/startingBid: must be at least 0.01',
    );
  });
});
