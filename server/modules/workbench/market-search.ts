// The command palette's search: a few users, listings and orders for a term, fast at a million
// users. An id is looked up exactly (primary keys), a whole email or user name through their
// unique indexes; other text goes through the trigram indexes
// (user_name, email, listings.title, orders.tracking_code) with a small LIMIT and no ORDER BY,
// so the scan stops at the first matches instead of sorting every one.
import { sql } from 'drizzle-orm';
import { SEARCH_RESULTS_PER_KIND, type MarketSearchResults } from '../../../shared/contract/admin-search-routes.js';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/list-sql.js';
import { listings, orders, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { ORDER_STATUSES } from '../../../shared/contract/enums.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function searchMarket(db: Executor, term: string): Promise<MarketSearchResults> {
  const limit = SEARCH_RESULTS_PER_KIND;
  if (UUID.test(term)) {
    const id = term.toLowerCase();
    const [users, listings, orders] = await Promise.all([
      readRows(db, USER_HIT, sql`SELECT id, user_name, email FROM users WHERE id = ${id} AND deleted_at IS NULL`),
      readRows(
        db,
        LISTING_HIT,
        sql`SELECT id, title, listing_type FROM listings WHERE id = ${id} AND deleted_at IS NULL`,
      ),
      readRows(db, ORDER_HIT, sql`${ORDER_SELECT} WHERE o.id = ${id} AND o.deleted_at IS NULL`),
    ]);
    return resultsOf(users, listings, orders);
  }
  // A whole email or user name is one of the unique lower(...) indexes: found at once. An email
  // names a user, so nothing else is searched for it unless no account has it.
  const exact = await readRows(
    db,
    USER_HIT,
    sql`SELECT id, user_name, email FROM users
        WHERE (lower(email) = lower(${term}) OR lower(user_name) = lower(${term})) AND deleted_at IS NULL`,
  );
  if (exact.length > 0 && EMAIL.test(term)) return resultsOf(exact, [], []);
  const pattern = containsPattern(term);
  const [users, listings, orders] = await Promise.all([
    readRows(
      db,
      USER_HIT,
      sql`SELECT id, user_name, email FROM users
          WHERE (user_name ILIKE ${pattern} OR email ILIKE ${pattern}) AND deleted_at IS NULL LIMIT ${limit}`,
    ),
    readRows(
      db,
      LISTING_HIT,
      sql`SELECT id, title, listing_type FROM listings
          WHERE title ILIKE ${pattern} AND deleted_at IS NULL AND status = 'active' LIMIT ${limit}`,
    ),
    readRows(
      db,
      ORDER_HIT,
      sql`${ORDER_SELECT}
          WHERE o.deleted_at IS NULL AND (o.tracking_code ILIKE ${pattern}
            OR o.listing_id IN (SELECT id FROM listings WHERE title ILIKE ${pattern} LIMIT 50))
          LIMIT ${limit}`,
    ),
  ]);
  const others = users.filter((user) => !exact.some((hit) => hit.id === user.id));
  return resultsOf([...exact, ...others].slice(0, limit), listings, orders);
}

const USER_HIT = sqlRow(users, 'id', 'user_name', 'email');
const LISTING_HIT = sqlRow(listings, 'id', 'title', 'listing_type');
const ORDER_HIT = sqlRow(orders, 'id').extend({
  title: sqlColumn(listings, 'title'),
  status: z.enum(ORDER_STATUSES),
  /** coalesce(user_name, email) of a LEFT JOIN: null when the buyer is gone. */
  buyer: z.string().nullable(),
});
type UserHit = z.output<typeof USER_HIT>;
type ListingHit = z.output<typeof LISTING_HIT>;
type OrderHit = z.output<typeof ORDER_HIT>;

const ORDER_SELECT = sql`
  SELECT o.id, l.title, o.status, coalesce(b.user_name, b.email) AS buyer
  FROM orders o JOIN listings l ON l.id = o.listing_id LEFT JOIN users b ON b.id = o.buyer_id
  `;

function resultsOf(users: UserHit[], listings: ListingHit[], orders: OrderHit[]): MarketSearchResults {
  return {
    users: users.map((u) => ({ id: u.id, userName: u.user_name, email: u.email })),
    listings: listings.map((l) => ({ id: l.id, title: l.title, listingType: l.listing_type })),
    orders: orders.map((o) => ({ id: o.id, title: o.title, status: o.status, buyer: o.buyer })),
  };
}
