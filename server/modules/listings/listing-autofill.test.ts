import { describe, expect, it } from 'vitest';
import { type AutofillFacts, suggestListingText } from './listing-autofill.js';

const facts = (over: Partial<AutofillFacts>): AutofillFacts => ({
  title: '',
  listingType: 'auction',
  categoryTitle: 'Trading Cards',
  subCategoryTitle: 'Baseball',
  packagingType: null,
  weight: 12,
  massUnit: 'oz',
  width: 0,
  height: 0,
  length: 0,
  shippingType: 'seller_pays',
  ...over,
});

describe('suggestListingText (the local heuristic)', () => {
  it.each([
    ['the catalogue path without a title', facts({}), 'Baseball (Trading Cards)'],
    ['the seller’s own title, trimmed', facts({ title: '  1952 Topps Mantle ' }), '1952 Topps Mantle'],
    ['the category alone', facts({ subCategoryTitle: null }), 'Trading Cards'],
    ['a plain fallback', facts({ subCategoryTitle: null, categoryTitle: null }), 'Item for sale'],
  ])('titles from %s', (_case, given, title) => {
    expect(suggestListingText(given).title).toBe(title);
  });

  it.each([
    [
      'an auction in a box, seller pays',
      facts({ length: 10, width: 8, height: 2 }),
      'Up for auction in Baseball, Trading Cards. Ships in a box of 10 × 8 × 2 in, 12 oz packed. Free shipping. See the video for the exact item and its condition.',
    ],
    [
      'a buy-now listing in a named packaging, buyer pays',
      facts({
        listingType: 'default',
        packagingType: 'padded envelope',
        weight: 2,
        massUnit: 'lbs',
        shippingType: 'buyer_pays',
      }),
      'Available to buy now in Baseball, Trading Cards. Ships in a padded envelope, 2 lbs packed. Shipping is paid by the buyer. See the video for the exact item and its condition.',
    ],
    [
      'a giveaway without catalogue or weight',
      facts({ listingType: 'giveaway', categoryTitle: null, subCategoryTitle: null, weight: 0 }),
      'Free in a giveaway. Free shipping. See the video for the exact item and its condition.',
    ],
  ])('describes %s', (_case, given, description) => {
    expect(suggestListingText(given).description).toBe(description);
  });
});
