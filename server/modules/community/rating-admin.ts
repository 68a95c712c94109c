// The back office's ratings moderation: the ratings table (search, sort, paging) and removing one.
import { sql } from 'drizzle-orm';
import type { Rating } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db } from '../../platform/db/database.js';
import { listPage, type AdminList, type SortColumn } from '../../platform/db/admin-list.js';
import { softDelete } from '../../platform/db/soft-delete.js';
import { isoOf, optionalProfileOf } from '../../platform/db/values.js';
import { ratings, users } from '../../platform/db/schema/index.js';
import { leftJoined, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import type { z } from 'zod';

const RATING_ROW = sqlRow(ratings, 'id', 'created_at', 'rate', 'experience', 'order_id').extend(
  leftJoined({
    buyer_id: sqlColumn(users, 'id'),
    buyer_user_name: sqlColumn(users, 'user_name'),
    buyer_avatar: sqlColumn(users, 'avatar'),
    seller_id: sqlColumn(users, 'id'),
    seller_user_name: sqlColumn(users, 'user_name'),
    seller_avatar: sqlColumn(users, 'avatar'),
  }).shape,
);
type RatingRow = z.output<typeof RATING_ROW>;

/** Every key but the creation time may be null: those sort NULLS LAST. */
const SORT_KEYS: Record<ListQuery<'ratings'>['sortBy'] & string, SortColumn> = {
  createdAt: { column: sql`r.created_at` },
  rate: { column: sql`r.rate`, nullable: true },
  experience: { column: sql`r.experience`, nullable: true },
  orderId: { column: sql`r.order_id`, nullable: true },
};

/** The admin's ratings table: searched by experience, buyer or seller name. */
export async function listRatingsForAdmin(
  db: Db,
  query: ListQuery<'ratings'>,
): Promise<{ count: number; items: Rating[] }> {
  return listPage(db, ratingsSource, query);
}

/** The ratings table (paged or exported). */
export const ratingsSource: AdminList<Omit<ListQuery<'ratings'>, 'page' | 'limit'>, RatingRow, Rating> = {
  table: 'ratings',
  alias: 'r',
  condition: sql`r.deleted_at IS NULL`,
  // Sellers before buyers: a seller is rated on many orders and a buyer on few, so a common name
  // shows it is over the count's cap sooner (searchedCount stops at the first place over it).
  // Both users' names are also the rating's own `search_names` (migration 0076).
  search: {
    by: 'union',
    places: [{ text: 'experience' }, { user: 'seller_id' }, { user: 'buyer_id' }],
    kept: 'search_names',
  },
  sortKeys: SORT_KEYS,
  defaultSort: 'createdAt',
  total: 'ratings',
  select: (rows, tail) => sql`SELECT r.id, r.created_at, r.rate, r.experience, r.order_id,
               b.id AS buyer_id, b.user_name AS buyer_user_name, b.avatar AS buyer_avatar,
               s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
        FROM ratings r
        LEFT JOIN users b ON b.id = r.buyer_id AND b.deleted_at IS NULL
        LEFT JOIN users s ON s.id = r.seller_id AND s.deleted_at IS NULL
        ${rows} ${tail}`,
  row: RATING_ROW,
  items: (_db, rows) =>
    rows.map((row) => ({
      id: row.id,
      // A deleted account shows as a missing buyer or seller ('Deleted user').
      buyer: optionalProfileOf(row.buyer_id, row.buyer_user_name, row.buyer_avatar),
      seller: optionalProfileOf(row.seller_id, row.seller_user_name, row.seller_avatar),
      createdAt: isoOf(row.created_at),
      rate: row.rate,
      experience: row.experience,
      orderId: row.order_id,
    })),
};

/** A moderator removes a rating (soft delete, logged); the buyer is not asked to review again. */
export async function deleteRating(db: Db, ratingId: string, admin: VerifiedIdentity): Promise<void> {
  await softDelete(db, 'rating', ratingId, admin);
}
