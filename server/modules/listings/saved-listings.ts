// A buyer's saved (watch) list (`/saved-listing`). Saving twice keeps one row and the first
// saving time; unsaving what is not saved is not an error. Only listings anybody may see
// (`PUBLIC_LISTING`) can be saved (404 otherwise, as an unknown id); a saved listing that is later
// deleted drops out of the list.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { savedListings as savedListingsTable } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { MarketListings, SavedListing, SavedState } from '../../../shared/contract/market/listings.js';
import { listPublicListings, publicListing } from './listing-reads.js';

export async function saveListing(db: Executor, userId: string, listingId: string): Promise<SavedListing> {
  await publicListing(db, listingId);
  const inserted = await readRows(
    db,
    sqlRow(savedListingsTable, 'created_at'),
    sql`INSERT INTO saved_listings (user_id, listing_id) VALUES (${userId}, ${listingId})
        ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING created_at`,
  );
  return { listingId, saved: true, created: inserted.length === 1 };
}

export async function unsaveListing(db: Executor, userId: string, listingId: string): Promise<SavedState> {
  await db.execute(sql`DELETE FROM saved_listings WHERE user_id = ${userId} AND listing_id = ${listingId}`);
  return { listingId, saved: false };
}

/** The caller's saved listings as listing summaries, most recently saved first. */
export async function savedListings(
  db: Executor,
  userId: string,
  page: number,
  limit: number,
): Promise<MarketListings> {
  return listPublicListings(
    db,
    sql`EXISTS (SELECT 1 FROM saved_listings s WHERE s.user_id = ${userId} AND s.listing_id = l.id)`,
    {
      by: sql`(SELECT s.created_at FROM saved_listings s WHERE s.user_id = ${userId} AND s.listing_id = l.id)`,
      then: sql`l.id DESC`,
    },
    page,
    limit,
  );
}

export async function isSaved(db: Executor, userId: string, listingId: string): Promise<SavedState> {
  const [row] = await readRows(
    db,
    sqlRow(savedListingsTable, 'listing_id'),
    sql`SELECT listing_id FROM saved_listings WHERE user_id = ${userId} AND listing_id = ${listingId}`,
  );
  return { listingId, saved: row !== undefined };
}
