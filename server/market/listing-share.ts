// What a buyer's share sheet needs for a listing (`GET /listing/share/{id}`, public): the
// canonical link (the app's universal-link origin, so it opens the app where installed),
// a title, a price line and the media to preview.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/database.js';
import { formatUsd } from '../../shared/rules/money.js';
import { notFound } from '../http-errors.js';
import { getListing } from './listings.js';

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

export async function shareListing(db: Executor, appLinkBaseUrl: string, listingId: string) {
  const [visible] = await queryRows<{ trimmed_video: string | null }>(
    db,
    sql`SELECT l.trimmed_video FROM listings l JOIN users u ON u.id = l.user_id
         WHERE l.id = ${listingId} AND l.deleted_at IS NULL AND u.deleted_at IS NULL AND l.status <> 'draft'`,
  );
  if (!visible) throw notFound('Listing');
  const listing = await getListing(db, listingId);
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
    video: visible.trimmed_video ?? listing.video,
  };
}
