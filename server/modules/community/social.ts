// Ratings after delivery, following, notifications and customer-support requests.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { callersOr404, conflict, notFound } from '../../platform/http/errors.js';
import type { MarketDeps } from '../../market-deps.js';

/** The buyer rates an order once it was delivered; one rating per order. */
export async function rateOrder(
  deps: MarketDeps,
  buyerId: string,
  orderId: string,
  rate: number,
  experience: string | null,
) {
  return deps.db.transaction(async (tx) => {
    const [found] = await queryRows<{ buyer_id: string; seller_id: string; status: string }>(
      tx,
      sql`SELECT buyer_id, seller_id, status FROM orders WHERE id = ${orderId} AND deleted_at IS NULL FOR UPDATE`,
    );
    const order = callersOr404(found, (row) => row.buyer_id === buyerId, 'Order');
    if (order.status !== 'SHIPPING_DELIVERED') throw conflict('An order can be rated once it was delivered');
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM ratings WHERE order_id = ${orderId} AND deleted_at IS NULL`,
    );
    if (existing) throw conflict('This order was already rated');
    const [row] = await queryRows<{ id: string; created_at: Date | string }>(
      tx,
      sql`INSERT INTO ratings (order_id, buyer_id, seller_id, rate, experience)
          VALUES (${orderId}, ${buyerId}, ${order.seller_id}, ${rate}, ${experience}) RETURNING id, created_at`,
    );
    return { id: row!.id, orderId, sellerId: order.seller_id, rate, experience, createdAt: isoOf(row!.created_at) };
  });
}

export async function userRatings(db: Executor, sellerId: string) {
  const rows = await queryRows<{
    id: string;
    order_id: string | null;
    buyer_id: string | null;
    rate: number | null;
    experience: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, order_id, buyer_id, rate, experience, created_at FROM ratings
        WHERE seller_id = ${sellerId} AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 100`,
  );
  const [avg] = await queryRows<{ avg: string | number | null; count: string | number }>(
    db,
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

export async function follow(deps: MarketDeps, followerId: string, followingId: string, on: boolean) {
  if (followerId === followingId) throw conflict('Users cannot follow themselves');
  if (on) {
    const [user] = await queryRows<{ id: string }>(
      deps.db,
      sql`SELECT id FROM users WHERE id = ${followingId} AND deleted_at IS NULL`,
    );
    if (!user) throw notFound('User');
    await deps.db.execute(
      sql`INSERT INTO follows (follower_id, following_id) VALUES (${followerId}, ${followingId}) ON CONFLICT DO NOTHING`,
    );
  } else {
    await deps.db.execute(sql`DELETE FROM follows WHERE follower_id = ${followerId} AND following_id = ${followingId}`);
  }
  return { followerId, followingId, following: on };
}

export async function isFollowing(db: Executor, followerId: string, followingId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM follows WHERE follower_id = ${followerId} AND following_id = ${followingId}`,
  );
  return { following: row !== undefined };
}

/** Who a user follows (`following`) or who follows them (`follower`). */
export async function community(db: Executor, userId: string, type: 'follower' | 'following') {
  const rows = await queryRows<{ id: string; user_name: string | null; avatar: string | null }>(
    db,
    type === 'following'
      ? sql`SELECT u.id, u.user_name, u.avatar FROM follows f JOIN users u ON u.id = f.following_id
            WHERE f.follower_id = ${userId} AND u.deleted_at IS NULL ORDER BY f.created_at DESC LIMIT 200`
      : sql`SELECT u.id, u.user_name, u.avatar FROM follows f JOIN users u ON u.id = f.follower_id
            WHERE f.following_id = ${userId} AND u.deleted_at IS NULL ORDER BY f.created_at DESC LIMIT 200`,
  );
  return {
    count: rows.length,
    items: rows.map((row) => ({ id: row.id, userName: row.user_name, avatar: row.avatar })),
  };
}

export async function notificationsOf(db: Executor, userId: string, page: number, limit: number) {
  const rows = await queryRows<{
    id: string;
    type: string;
    title: string;
    body: string | null;
    data: unknown;
    read_at: Date | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, type, title, body, data, read_at, created_at FROM notifications WHERE user_id = ${userId}
        ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const [counts] = await queryRows<{ count: string | number; unread: string | number }>(
    db,
    sql`SELECT count(*) AS count, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM notifications WHERE user_id = ${userId}`,
  );
  return {
    count: Number(counts?.count ?? 0),
    unread: Number(counts?.unread ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      body: row.body,
      data: row.data,
      isRead: row.read_at !== null,
      readAt: isoOrNull(row.read_at),
      createdAt: isoOf(row.created_at),
    })),
  };
}

/** Marks one notification (or, with `id` null, all of them) as read. */
export async function markNotificationsRead(db: Executor, userId: string, id: string | null) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE notifications SET read_at = now()
        WHERE user_id = ${userId} AND read_at IS NULL ${id === null ? sql`` : sql`AND id = ${id}`} RETURNING id`,
  );
  return { marked: rows.length };
}

export async function createSupportRequest(
  db: Executor,
  userId: string,
  request: { message: string; orderId?: string | undefined; issue?: string | undefined },
) {
  if (request.orderId) {
    const [order] = await queryRows<{ buyer_id: string; seller_id: string }>(
      db,
      sql`SELECT buyer_id, seller_id FROM orders WHERE id = ${request.orderId} AND deleted_at IS NULL`,
    );
    callersOr404(order, (row) => row.buyer_id === userId || row.seller_id === userId, 'Order');
  }
  const [row] = await queryRows<{ id: string; created_at: Date | string }>(
    db,
    sql`INSERT INTO customer_support_requests (user_id, order_id, issue, message)
        VALUES (${userId}, ${request.orderId ?? null}, ${request.issue ?? null}, ${request.message}) RETURNING id, created_at`,
  );
  return {
    id: row!.id,
    orderId: request.orderId ?? null,
    issue: request.issue ?? null,
    message: request.message,
    status: 'PENDING' as const,
    createdAt: isoOf(row!.created_at),
  };
}
