// What a buyer's share sheet needs for a listing (`GET /listing/share/{id}`, public): the
// canonical link (the app's universal-link origin, so it opens the app where installed),
// a title, a price line and the media to preview.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { listings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { ListingShare } from '../../../shared/contract/market/listings.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { getPublicListing } from './listing-reads.js';

/** The price line of a shared listing, in the app's words. */
export function sharePriceText(listing: {
  listingType: 'default' | 'auction' | 'giveaway';
  price: number | null;
  startingBid: number | null;
  bid: number | null;
}): string {
  if (listing.listingType === 'giveaway') return 'Free giveaway';
  if (listing.listingType === 'auction') {
    if (listing.bid !== null) return `Current bid ${formatUsd(listing.bid)}`;
    return listing.startingBid === null ? 'Auction' : `Starting bid ${formatUsd(listing.startingBid)}`;
  }
  return listing.price === null ? 'Buy now' : `Buy now ${formatUsd(listing.price)}`;
}

export async function shareListing(db: Executor, appLinkBaseUrl: string, listingId: string): Promise<ListingShare> {
  const listing = await getPublicListing(db, listingId);
  const [media] = await readRows(
    db,
    sqlRow(listings, 'trimmed_video'),
    sql`SELECT trimmed_video FROM listings WHERE id = ${listingId}`,
  );
  const priceText = sharePriceText(listing);
  const url = `${appLinkBaseUrl}/listing/${encodeURIComponent(listingId)}`;
  return {
    listingId,
    url,
    title: listing.title,
    priceText,
    /** Ready to paste: title, price line, link. */
    text: `${listing.title} · ${priceText}\n${url}`,
    status: listing.status,
    seller: listing.user.userName,
    /** The preview: the trimmed rendition when there is one. */
    video: media?.trimmed_video ?? listing.video,
  };
}
