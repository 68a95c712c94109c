// `GET /admin/users/{id}/picture`: the user's whole picture for the user drawer — orders on both
// sides, listings, ratings received and given, reports against their listings, strikes,
// enforcement history and the accounts linked to theirs — each section its latest rows and count.
import { linkedAccountsOf } from '../accounts/index.js';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  LINK_KINDS,
  PICTURE_SECTION_LIMIT,
  type EnforcementRecord,
  type UserPicture,
} from '../../../shared/contract/accountability.js';
import { ORDER_STATUSES } from '../../../shared/contract/enums.js';
import type { Rating } from '../../../shared/contract/entities.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { listingReports, listings, orders, ratings, userEnforcements, users } from '../../platform/db/schema/index.js';
import { countValue, leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull, optionalProfileOf, usdOf } from '../../platform/db/values.js';
import { assertRecordExists } from './notes.js';

interface PictureQuery extends ListQueryBase {
  userId: string;
}

/**
 * One section of the picture: the user's rows of `table` (joined by `from`, picked by `mine`),
 * newest first, and the count of all of them.
 */
function pictureSection<Row, Item>(section: {
  table: string;
  alias: string;
  from: SQL;
  mine: (userId: string) => SQL;
  columns: SQL;
  row: z.ZodType<Row>;
  item: (row: Row) => Item;
}): AdminList<PictureQuery, Row, Item> {
  const createdAt = sql.raw(`${section.alias}.created_at`);
  return {
    table: section.table,
    alias: section.alias,
    from: () => section.from,
    filters: (query) => [section.mine(query.userId)],
    sortKeys: { createdAt: { column: createdAt } },
    defaultSort: 'createdAt',
    // Newest first, read as is: a section is one short page.
    tieBreak: sql.raw(`${section.alias}.id DESC`),
    total: 'exact',
    select: (rows, tail) => sql`SELECT ${section.columns} FROM ${section.from} ${rows} ${tail}`,
    row: section.row,
    items: (_db, rows) => rows.map(section.item),
  };
}

/** The section's newest rows (at most PICTURE_SECTION_LIMIT) and the count of all of them. */
async function sectionOf<Row, Item>(db: Executor, list: AdminList<PictureQuery, Row, Item>, userId: string) {
  const { count, items } = await listPage(db, list, { userId, page: 1, limit: PICTURE_SECTION_LIMIT });
  return { count, items };
}

const PICTURE_ORDER_ROW = sqlRow(orders, 'created_at', 'id', 'price_cents').extend({
  status: z.enum(ORDER_STATUSES),
  title: sqlColumn(listings, 'title'),
  other_id: sqlColumn(users, 'id'),
  other_name: sqlColumn(users, 'user_name'),
  other_email: sqlColumn(users, 'email'),
});

function ordersAs(side: 'buyer' | 'seller') {
  const own = sql.raw(side === 'buyer' ? 'o.buyer_id' : 'o.seller_id');
  const other = sql.raw(side === 'buyer' ? 'o.seller_id' : 'o.buyer_id');
  return pictureSection({
    table: 'orders',
    alias: 'o',
    from: sql`orders o JOIN listings l ON l.id = o.listing_id JOIN users x ON x.id = ${other}`,
    mine: (userId) => sql`${own} = ${userId} AND o.deleted_at IS NULL`,
    columns: sql`o.created_at, o.id, l.title, o.price_cents, o.status, x.id AS other_id, x.user_name AS other_name,
               x.email AS other_email`,
    row: PICTURE_ORDER_ROW,
    item: (row): UserPicture['ordersAsBuyer']['items'][number] => ({
      id: row.id,
      listingTitle: row.title,
      counterpart: { id: row.other_id, userName: row.other_name, email: row.other_email },
      price: usdOf(row.price_cents),
      status: row.status,
      createdAt: isoOf(row.created_at),
    }),
  });
}

const PICTURE_RATING_ROW = sqlRow(ratings, 'created_at', 'id', 'rate', 'experience', 'order_id').extend(
  leftJoined({
    buyer_id: sqlColumn(users, 'id'),
    buyer_name: sqlColumn(users, 'user_name'),
    buyer_avatar: sqlColumn(users, 'avatar'),
    seller_id: sqlColumn(users, 'id'),
    seller_name: sqlColumn(users, 'user_name'),
    seller_avatar: sqlColumn(users, 'avatar'),
  }).shape,
);

function ratingsAs(side: 'received' | 'given') {
  const own = sql.raw(side === 'received' ? 'r.seller_id' : 'r.buyer_id');
  return pictureSection({
    table: 'ratings',
    alias: 'r',
    from: sql`ratings r
        LEFT JOIN users b ON b.id = r.buyer_id AND b.deleted_at IS NULL
        LEFT JOIN users s ON s.id = r.seller_id AND s.deleted_at IS NULL`,
    mine: (userId) => sql`${own} = ${userId} AND r.deleted_at IS NULL`,
    columns: sql`r.created_at, r.id, r.rate, r.experience, r.order_id, b.id AS buyer_id, b.user_name AS buyer_name,
               b.avatar AS buyer_avatar, s.id AS seller_id, s.user_name AS seller_name, s.avatar AS seller_avatar`,
    row: PICTURE_RATING_ROW,
    item: (row): Rating => ({
      id: row.id,
      buyer: optionalProfileOf(row.buyer_id, row.buyer_name, row.buyer_avatar),
      seller: optionalProfileOf(row.seller_id, row.seller_name, row.seller_avatar),
      createdAt: isoOf(row.created_at),
      rate: row.rate,
      experience: row.experience,
      orderId: row.order_id,
    }),
  });
}

const PICTURE_SECTIONS = {
  ordersAsBuyer: ordersAs('buyer'),
  ordersAsSeller: ordersAs('seller'),
  listings: pictureSection({
    table: 'listings',
    alias: 'l',
    from: sql`listings l`,
    mine: (userId) => sql`l.user_id = ${userId}`,
    columns: sql`l.created_at, l.id, l.title, l.listing_type, l.status, l.deleted_at IS NOT NULL AS deleted`,
    row: sqlRow(listings, 'created_at', 'id', 'title', 'listing_type', 'status').extend({ deleted: z.boolean() }),
    item: (row): UserPicture['listings']['items'][number] => ({
      id: row.id,
      title: row.title,
      listingType: row.listing_type,
      status: row.status,
      deleted: row.deleted,
      createdAt: isoOf(row.created_at),
    }),
  }),
  ratingsReceived: ratingsAs('received'),
  ratingsGiven: ratingsAs('given'),
  reports: pictureSection({
    table: 'listing_reports',
    alias: 'r',
    from: sql`listing_reports r JOIN listings l ON l.id = r.listing_id JOIN users u ON u.id = r.user_id`,
    mine: (userId) => sql`l.user_id = ${userId}`,
    columns: sql`r.created_at, r.id, l.id AS listing_id, l.title, r.report_type, r.text, u.id AS reporter_id,
                 u.user_name AS reporter_name, u.avatar AS reporter_avatar, r.resolved_at`,
    row: sqlRow(listingReports, 'created_at', 'id', 'report_type', 'text', 'resolved_at').extend({
      listing_id: sqlColumn(listings, 'id'),
      title: sqlColumn(listings, 'title'),
      reporter_id: sqlColumn(users, 'id'),
      reporter_name: sqlColumn(users, 'user_name'),
      reporter_avatar: sqlColumn(users, 'avatar'),
    }),
    item: (row): UserPicture['reports']['items'][number] => ({
      id: row.id,
      listing: { id: row.listing_id, title: row.title },
      reportType: row.report_type,
      text: row.text,
      reporter: { id: row.reporter_id, userName: row.reporter_name, avatar: row.reporter_avatar },
      createdAt: isoOf(row.created_at),
      resolvedAt: isoOrNull(row.resolved_at),
    }),
  }),
};

/** Other live users sharing something that should be one person's: why each is linked. */
async function linkedAccounts(db: Executor, userId: string): Promise<UserPicture['linkedAccounts']> {
  const rows = await readRows(
    db,
    sqlRow(users, 'id', 'user_name', 'email').extend({ via: z.enum(LINK_KINDS) }),
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
  const rows = await readRows(
    db,
    sqlRow(userEnforcements, 'id', 'action', 'reason', 'message', 'until', 'admin_uid', 'admin_email', 'created_at'),
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
  const [strikes] = await readRows(
    db,
    z.object({ payment_failed: sqlColumn(users, 'payment_failed_strikes'), warnings: countValue }),
    sql`SELECT payment_failed_strikes AS payment_failed,
               (SELECT count(*) FROM user_enforcements WHERE user_id = ${userId} AND action = 'warn') AS warnings
        FROM users WHERE id = ${userId}`,
  );
  return {
    ordersAsBuyer: await sectionOf(db, PICTURE_SECTIONS.ordersAsBuyer, userId),
    ordersAsSeller: await sectionOf(db, PICTURE_SECTIONS.ordersAsSeller, userId),
    listings: await sectionOf(db, PICTURE_SECTIONS.listings, userId),
    ratingsReceived: await sectionOf(db, PICTURE_SECTIONS.ratingsReceived, userId),
    ratingsGiven: await sectionOf(db, PICTURE_SECTIONS.ratingsGiven, userId),
    reports: await sectionOf(db, PICTURE_SECTIONS.reports, userId),
    strikes: { paymentFailed: Number(strikes?.payment_failed ?? 0), warnings: Number(strikes?.warnings ?? 0) },
    enforcements: await enforcementHistory(db, userId),
    linkedAccounts: await linkedAccounts(db, userId),
  };
}
