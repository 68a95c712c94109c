// The active-listing cap of a seller's level (DECISIONS "Sellers over time"; ARCHITECTURE.md,
// "Seller standing"): a new live listing (created, or a draft published) of a seller who already
// has the cap's number of active listings is 409 `listingCapReached`. The cap is the level's row of
// seller-standing's `seller_level_effects` (migration 0113), the level the one stored on the user.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listingCapText, mayListAnother } from '../../../shared/rules/level-effects.js';
import type { Executor } from '../../platform/db/database.js';
import { sellerLevelEffects } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn } from '../../platform/db/sql-row.js';
import { HttpError } from '../../platform/http/errors.js';

const CAP_ROW = z.object({ cap: sqlColumn(sellerLevelEffects, 'active_listing_cap'), active: countValue });

/** Refuses one more live listing of `sellerId` over their level's cap; the caller's transaction. */
export async function refuseOverListingCap(tx: Executor, sellerId: string): Promise<void> {
  // One seller's new listings one at a time, so two at once cannot both take the last place.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`listing-cap:${sellerId}`}, 0))`);
  const [row] = await readRows(
    tx,
    CAP_ROW,
    sql`SELECT (SELECT e.active_listing_cap FROM users u JOIN seller_level_effects e ON e.level = u.seller_level
                 WHERE u.id = ${sellerId}) AS cap,
               (SELECT count(*) FROM listings
                 WHERE user_id = ${sellerId} AND status = 'active' AND deleted_at IS NULL) AS active`,
  );
  const cap = row?.cap ?? null;
  if (cap !== null && !mayListAnother(Number(row!.active), cap)) {
    throw new HttpError(409, listingCapText(cap), 'listingCapReached');
  }
}
