// Ratings after delivery: the buyer rates a delivered order once, and anybody reads a seller's ratings.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { GivenRating, SellerRatings } from '../../../shared/contract/market/community.js';
import type { Executor } from '../../platform/db/database.js';
import { orders, ratings } from '../../platform/db/schema/index.js';
import { countValue, numericValue, readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import { callersOr404, conflict } from '../../platform/http/errors.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';

const RATED_ORDER = sqlRow(orders, 'buyer_id', 'seller_id', 'status');
const RATING_ID = sqlRow(ratings, 'id');
const RATING_WRITTEN = sqlRow(ratings, 'id', 'created_at');
const SELLER_RATING = sqlRow(ratings, 'id', 'order_id', 'buyer_id', 'rate', 'experience', 'created_at');

/** The buyer rates an order once it was delivered; one rating per order. */
export async function rateOrder(
  deps: ServiceDeps,
  buyerId: string,
  orderId: string,
  rate: number,
  experience: string | null,
): Promise<z.output<typeof GivenRating>> {
  return deps.db.transaction(async (tx) => {
    const [found] = await readRows(
      tx,
      RATED_ORDER,
      sql`SELECT buyer_id, seller_id, status FROM orders WHERE id = ${orderId} AND deleted_at IS NULL FOR UPDATE`,
    );
    const order = callersOr404(found, (row) => row.buyer_id === buyerId, 'Order');
    if (order.status !== 'SHIPPING_DELIVERED') throw conflict('An order can be rated once it was delivered');
    const [existing] = await readRows(
      tx,
      RATING_ID,
      sql`SELECT id FROM ratings WHERE order_id = ${orderId} AND deleted_at IS NULL`,
    );
    if (existing) throw conflict('This order was already rated');
    const [row] = await readRows(
      tx,
      RATING_WRITTEN,
      sql`INSERT INTO ratings (order_id, buyer_id, seller_id, rate, experience)
          VALUES (${orderId}, ${buyerId}, ${order.seller_id}, ${rate}, ${experience}) RETURNING id, created_at`,
    );
    return { id: row!.id, orderId, sellerId: order.seller_id, rate, experience, createdAt: isoOf(row!.created_at) };
  });
}

export async function userRatings(db: Executor, sellerId: string): Promise<z.output<typeof SellerRatings>> {
  const rows = await readRows(
    db,
    SELLER_RATING,
    sql`SELECT id, order_id, buyer_id, rate, experience, created_at FROM ratings
        WHERE seller_id = ${sellerId} AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 100`,
  );
  const [avg] = await readRows(
    db,
    z.object({ avg: numericValue.nullable(), count: countValue }),
    sql`SELECT avg(rate) AS avg, count(*) AS count FROM ratings WHERE seller_id = ${sellerId} AND deleted_at IS NULL`,
  );
  return {
    avgRate: avg?.avg === null || avg?.avg === undefined ? null : Number(Number(avg.avg).toFixed(2)),
    totalRatings: Number(avg?.count ?? 0),
    count: rows.length,
    items: rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      buyerId: row.buyer_id,
      rate: row.rate,
      experience: row.experience,
      createdAt: isoOf(row.created_at),
    })),
  };
}
