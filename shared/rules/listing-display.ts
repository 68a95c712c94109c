// How the Active listings table and drawer show a listing.
import type { ListingType } from '../contract/enums.js';

/** A description longer than this many characters is cut in the table. */
export const DESCRIPTION_TRUNCATE_AT = 50;

/** First 50 characters plus an ellipsis when longer; shorter text is left alone. */
export function truncateDescription(text: string, max = DESCRIPTION_TRUNCATE_AT): string {
  const chars = Array.from(text); // by code point, so an emoji is never cut in half
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export const LISTING_TYPE_BADGES: Record<ListingType, string> = {
  auction: 'Auction',
  giveaway: 'Giveaway',
  default: 'Buy Now',
};

export interface PriceCells {
  price: number | null;
  startingBid: number | null;
  currentBid: number | null;
}

/**
 * Price shows the starting bid only for buy-now (default) listings; Starting bid and
 * Current bid only for auctions; every other cell reads 'N/A' (null here).
 */
export function priceCells(listing: {
  listingType: ListingType;
  startingBid: number | null;
  bid: number | null;
}): PriceCells {
  if (listing.listingType === 'default') return { price: listing.startingBid, startingBid: null, currentBid: null };
  if (listing.listingType === 'auction')
    return { price: null, startingBid: listing.startingBid, currentBid: listing.bid };
  return { price: null, startingBid: null, currentBid: null };
}

/** The feature star is offered for auctions only. */
export function canFeatureListing(listingType: ListingType): boolean {
  return listingType === 'auction';
}
