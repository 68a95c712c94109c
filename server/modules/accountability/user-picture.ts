// `GET /admin/users/{id}/picture`: the user's whole picture for the user drawer — orders on both
// sides, listings, ratings received and given, reports against their listings, strikes,
// enforcement history and the accounts linked to theirs — each section its latest rows and count.
import { linkedAccountsOf } from '../accounts/index.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  PICTURE_SECTION_LIMIT,
  type EnforcementRecord,
  type LinkKind,
  type UserPicture,
} from '../../../shared/contract/accountability.js';
import type { Rating } from '../../../shared/contract/entities.js';
import type { ListingStatus, ListingType, OrderStatus, ReportType } from '../../../shared/contract/enums.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf, isoOrNull, optionalProfileOf, usdOf } from '../../platform/db/values.js';
import { assertRecordExists } from './notes.js';

type Section<T> = { count: number; items: T[] };

/** The section's newest rows (at most PICTURE_SECTION_LIMIT) and the count of all of them. */
async function section<Row, T>(db: Executor, from: SQL, select: SQL, map: (row: Row) => T): Promise<Section<T>> {
  const [total] = await queryRows<{ count: string | number }>(db, sql`SELECT count(*) AS count ${from}`);
  const rows = await queryRows<Row>(db, sql`${select} ${from} ORDER BY 1 DESC LIMIT ${PICTURE_SECTION_LIMIT}`);
  return { count: Number(total?.count ?? 0), items: rows.map(map) };
}

interface OrderRow {
  created_at: Date | string;
  id: string;
  title: string;
  price_cents: string | number;
  status: OrderStatus;
  other_id: string;
  other_name: string | null;
  other_email: string;
}

function orders(db: Executor, userId: string, side: 'buyer' | 'seller') {
  const own = sql.raw(side === 'buyer' ? 'o.buyer_id' : 'o.seller_id');
  const other = sql.raw(side === 'buyer' ? 'o.seller_id' : 'o.buyer_id');
  return section<OrderRow, UserPicture['ordersAsBuyer']['items'][number]>(
    db,
    sql`FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users x ON x.id = ${other}
        WHERE ${own} = ${userId} AND o.deleted_at IS NULL`,
    sql`SELECT o.created_at, o.id, l.title, o.price_cents, o.status, x.id AS other_id, x.user_name AS other_name,
               x.email AS other_email`,
    (row) => ({
      id: row.id,
      listingTitle: row.title,
      counterpart: { id: row.other_id, userName: row.other_name, email: row.other_email },
      price: usdOf(row.price_cents),
      status: row.status,
      createdAt: isoOf(row.created_at),
    }),
  );
}

interface RatingRow {
  created_at: Date | string;
  id: string;
  rate: number | null;
  experience: string | null;
  order_id: string | null;
  buyer_id: string | null;
  buyer_name: string | null;
  buyer_avatar: string | null;
  seller_id: string | null;
  seller_name: string | null;
  seller_avatar: string | null;
}

function ratings(db: Executor, userId: string, side: 'received' | 'given') {
  const own = sql.raw(side === 'received' ? 'r.seller_id' : 'r.buyer_id');
  return section<RatingRow, Rating>(
    db,
    sql`FROM ratings r
        LEFT JOIN users b ON b.id = r.buyer_id AND b.deleted_at IS NULL
        LEFT JOIN users s ON s.id = r.seller_id AND s.deleted_at IS NULL
        WHERE ${own} = ${userId} AND r.deleted_at IS NULL`,
    sql`SELECT r.created_at, r.id, r.rate, r.experience, r.order_id, b.id AS buyer_id, b.user_name AS buyer_name,
               b.avatar AS buyer_avatar, s.id AS seller_id, s.user_name AS seller_name, s.avatar AS seller_avatar`,
    (row) => ({
      id: row.id,
      buyer: optionalProfileOf(row.buyer_id, row.buyer_name, row.buyer_avatar),
      seller: optionalProfileOf(row.seller_id, row.seller_name, row.seller_avatar),
      createdAt: isoOf(row.created_at),
      rate: row.rate,
      experience: row.experience,
      orderId: row.order_id,
    }),
  );
}

/** Other live users sharing something that should be one person's: why each is linked. */
async function linkedAccounts(db: Executor, userId: string): Promise<UserPicture['linkedAccounts']> {
  const rows = await queryRows<{ id: string; user_name: string | null; email: string; via: LinkKind }>(
    db,
    sql`WITH links AS (${linkedAccountsOf(userId)})
        SELECT u.id, u.user_name, u.email, links.via FROM links JOIN users u ON u.id = links.id
        WHERE u.deleted_at IS NULL ORDER BY u.id, links.via LIMIT 200`,
  );
  const byUser = new Map<string, UserPicture['linkedAccounts'][number]>();
  for (const row of rows) {
    const linked = byUser.get(row.id) ?? { user: { id: row.id, userName: row.user_name, email: row.email }, via: [] };
    if (!linked.via.includes(row.via)) linked.via.push(row.via);
    byUser.set(row.id, linked);
  }
  return [...byUser.values()];
}

async function enforcementHistory(db: Executor, userId: string): Promise<EnforcementRecord[]> {
  const rows = await queryRows<{
    id: string;
    action: EnforcementRecord['action'];
    reason: string;
    message: string | null;
    until: Date | string | null;
    admin_uid: string;
    admin_email: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, action, reason, message, until, admin_uid, admin_email, created_at
        FROM user_enforcements WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    reason: row.reason,
    message: row.message,
    until: isoOrNull(row.until),
    admin: { uid: row.admin_uid, email: row.admin_email },
    createdAt: isoOf(row.created_at),
  }));
}

export async function userPicture(db: Executor, userId: string): Promise<UserPicture> {
  await assertRecordExists(db, 'user', userId);
  const [strikes] = await queryRows<{ payment_failed: number; warnings: string | number }>(
    db,
    sql`SELECT payment_failed_strikes AS payment_failed,
               (SELECT count(*) FROM user_enforcements WHERE user_id = ${userId} AND action = 'warn') AS warnings
        FROM users WHERE id = ${userId}`,
  );
  return {
    ordersAsBuyer: await orders(db, userId, 'buyer'),
    ordersAsSeller: await orders(db, userId, 'seller'),
    listings: await section<
      {
        created_at: Date | string;
        id: string;
        title: string;
        listing_type: ListingType;
        status: ListingStatus;
        deleted: boolean;
      },
      UserPicture['listings']['items'][number]
    >(
      db,
      sql`FROM listings l WHERE l.user_id = ${userId}`,
      sql`SELECT l.created_at, l.id, l.title, l.listing_type, l.status, l.deleted_at IS NOT NULL AS deleted`,
      (row) => ({
        id: row.id,
        title: row.title,
        listingType: row.listing_type,
        status: row.status,
        deleted: row.deleted,
        createdAt: isoOf(row.created_at),
      }),
    ),
    ratingsReceived: await ratings(db, userId, 'received'),
    ratingsGiven: await ratings(db, userId, 'given'),
    reports: await section<
      {
        created_at: Date | string;
        id: string;
        listing_id: string;
        title: string;
        report_type: ReportType;
        text: string | null;
        reporter_id: string;
        reporter_name: string | null;
        reporter_avatar: string | null;
        resolved_at: Date | string | null;
      },
      UserPicture['reports']['items'][number]
    >(
      db,
      sql`FROM listing_reports r JOIN listings l ON l.id = r.listing_id JOIN users u ON u.id = r.user_id
          WHERE l.user_id = ${userId}`,
      sql`SELECT r.created_at, r.id, l.id AS listing_id, l.title, r.report_type, r.text, u.id AS reporter_id,
                 u.user_name AS reporter_name, u.avatar AS reporter_avatar, r.resolved_at`,
      (row) => ({
        id: row.id,
        listing: { id: row.listing_id, title: row.title },
        reportType: row.report_type,
        text: row.text,
        reporter: { id: row.reporter_id, userName: row.reporter_name, avatar: row.reporter_avatar },
        createdAt: isoOf(row.created_at),
        resolvedAt: isoOrNull(row.resolved_at),
      }),
    ),
    strikes: { paymentFailed: Number(strikes?.payment_failed ?? 0), warnings: Number(strikes?.warnings ?? 0) },
    enforcements: await enforcementHistory(db, userId),
    linkedAccounts: await linkedAccounts(db, userId),
  };
}
