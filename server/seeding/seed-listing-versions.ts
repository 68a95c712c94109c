// A demo auction with an edit history, so the listing drawer's "Versions" shows something on the
// first `npm start`: its seller retitled it and lowered the starting bid before any bid, added to
// the description after the first bid (all the bid lock lets a seller do), and an admin corrected
// the title. The edits go through the listings table like any edit, so the listings area's trigger
// writes the versions; the seeder then spreads them over the last days.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { listings } from '../platform/db/schema/index.js';
import { readRows, sqlRow } from '../platform/db/sql-row.js';
import { markListingEditor } from '../modules/listings/index.js';

export async function seedDemoListingVersions(db: Db): Promise<{ listingVersions: number }> {
  const [auction] = await readRows(
    db,
    sqlRow(listings, 'id', 'user_id', 'title', 'description'),
    sql`SELECT l.id, l.user_id, l.title, l.description FROM listings l
         WHERE l.listing_type = 'auction' AND l.status = 'active' AND l.deleted_at IS NULL AND l.bid_count > 0
           AND l.starting_bid_cents > 100
           AND NOT EXISTS (SELECT 1 FROM listing_versions v WHERE v.listing_id = l.id)
         ORDER BY l.created_at, l.id LIMIT 1`,
  );
  if (!auction) return { listingVersions: 0 };
  const draftTitle = `${auction.title} (as first listed)`.slice(0, 200);
  await db.transaction(async (tx) => {
    // What the seller first listed it as: the earlier title and a higher starting bid.
    await tx.execute(
      sql`UPDATE listings SET title = ${draftTitle}, starting_bid_cents = starting_bid_cents + 500 WHERE id = ${auction.id}`,
    );
    await tx.execute(sql`DELETE FROM listing_versions WHERE listing_id = ${auction.id}`);
  });
  await db.transaction(async (tx) => {
    await markListingEditor(tx, auction.user_id);
    await tx.execute(
      sql`UPDATE listings SET title = ${auction.title}, starting_bid_cents = starting_bid_cents - 500 WHERE id = ${auction.id}`,
    );
  });
  await db.transaction(async (tx) => {
    await markListingEditor(tx, auction.user_id);
    const added = `${auction.description}${auction.description ? ' ' : ''}Update: the original box is included.`;
    await tx.execute(sql`UPDATE listings SET description = ${added} WHERE id = ${auction.id}`);
  });
  await db.execute(
    sql`UPDATE listings SET title = ${`${auction.title} – corrected`.slice(0, 200)} WHERE id = ${auction.id}`,
  );
  await db.execute(
    sql`UPDATE listing_versions SET created_at = now() - make_interval(days => 4 - version)
         WHERE listing_id = ${auction.id}`,
  );
  return { listingVersions: 3 };
}
