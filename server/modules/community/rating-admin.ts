// The back office's ratings moderation: the ratings table (search, sort, paging) and removing one.
import { sql, type SQL } from 'drizzle-orm';
import type { Rating } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db } from '../../platform/db/database.js';
import {
  listPage,
  matchingUserIds,
  searchPattern,
  userMatches,
  whereSearched,
  type ListSource,
} from '../../platform/db/list-sql.js';
import { softDelete } from '../../platform/db/soft-delete.js';
import { isoOf, optionalProfileOf } from '../../platform/db/values.js';
import type { ratings, users } from '../../platform/db/schema/index.js';
import type { Nullable, SqlColumn, SqlRow } from '../../platform/db/sql-row.js';

type RatingRow = SqlRow<typeof ratings, 'id' | 'created_at' | 'rate' | 'experience' | 'order_id'> &
  Nullable<{
    buyer_id: SqlColumn<typeof users, 'id'>;
    buyer_user_name: SqlColumn<typeof users, 'user_name'>;
    buyer_avatar: SqlColumn<typeof users, 'avatar'>;
    seller_id: SqlColumn<typeof users, 'id'>;
    seller_user_name: SqlColumn<typeof users, 'user_name'>;
    seller_avatar: SqlColumn<typeof users, 'avatar'>;
  }>;

const RATING_SORT: Record<ListQuery<'ratings'>['sortBy'] & string, SQL> = {
  createdAt: sql`r.created_at`,
  rate: sql`r.rate`,
  experience: sql`r.experience`,
  orderId: sql`r.order_id`,
};

/** The admin's ratings table: searched by experience, buyer or seller name. */
export async function listRatingsForAdmin(
  db: Db,
  query: ListQuery<'ratings'>,
): Promise<{ count: number; items: Rating[] }> {
  return listPage(db, ratingsSource(query), query);
}

/** The ratings table as SQL (paged or exported). */
export function ratingsSource(query: Omit<ListQuery<'ratings'>, 'page' | 'limit'>): ListSource<RatingRow, Rating> {
  const condition = sql`r.deleted_at IS NULL`;
  // Sellers before buyers: a seller is rated on many orders and a buyer on few, so a common name
  // shows it is over the count's cap sooner (searchedPage stops at the first branch over it).
  const branches = (pattern: SQL) => [
    sql`SELECT id FROM ratings WHERE experience ILIKE ${pattern}`,
    sql`SELECT id FROM ratings WHERE seller_id IN (${matchingUserIds(pattern)})`,
    sql`SELECT id FROM ratings WHERE buyer_id IN (${matchingUserIds(pattern)})`,
  ];
  const pattern = searchPattern(query.search);
  return {
    from: sql`ratings r`,
    where: whereSearched(condition, query.search, sql`r.id`, branches),
    select: (rows, tail) => sql`SELECT r.id, r.created_at, r.rate, r.experience, r.order_id,
               b.id AS buyer_id, b.user_name AS buyer_user_name, b.avatar AS buyer_avatar,
               s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
        FROM ratings r
        LEFT JOIN users b ON b.id = r.buyer_id AND b.deleted_at IS NULL
        LEFT JOIN users s ON s.id = r.seller_id AND s.deleted_at IS NULL
        ${rows} ${tail}`,
    sortColumn: RATING_SORT[query.sortBy ?? 'createdAt'],
    idColumn: sql`r.id`,
    order: query.order,
    nullableSort: (query.sortBy ?? 'createdAt') !== 'createdAt',
    keptTotal: pattern ? null : 'ratings',
    // A search's page and count are bounded by branch: a common term walks the sort index.
    searched: pattern
      ? {
          condition,
          branches: branches(pattern),
          rowMatches: sql`(r.experience ILIKE ${pattern} OR ${userMatches(sql`r.seller_id`, pattern)}
            OR ${userMatches(sql`r.buyer_id`, pattern)})`,
        }
      : undefined,
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
}

/** A moderator removes a rating (soft delete, logged); the buyer is not asked to review again. */
export async function deleteRating(db: Db, ratingId: string, admin: VerifiedIdentity): Promise<void> {
  await softDelete(db, 'rating', ratingId, admin);
}
